/** Achievements: SPEC shows the back-office route (/admin/dashboard/achievments) and nothing of its contents. */
import { InstantSchema, pageSchema, StaffPageQuerySchema } from './common';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

export const AchievementSchema = z.strictObject({ id: z.number().int(), title: z.string(), created_at: InstantSchema });
export type Achievement = z.infer<typeof AchievementSchema>;

export const achievementEndpoints = {
  'GET /achievments': {
    summary: 'Достижения (содержание в спецификации не описано)',
    access: requires('achievments', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(AchievementSchema),
  },
} as const satisfies EndpointMap;
