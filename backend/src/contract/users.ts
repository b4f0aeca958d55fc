/** Accounts in the back office (admin only): GET /api/users, PUT /api/users/{id}/role. */
import { IdParamsSchema, pageSchema, StaffPageQuerySchema } from './common';
import { PROVIDERS, ROLES } from './constants';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

export const UserRowSchema = z.strictObject({
  id: z.number().int(),
  fio: z.string(),
  email: z.string(),
  birthday: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  provider: z.enum(PROVIDERS),
});
export type UserRow = z.infer<typeof UserRowSchema>;
export const UserPageSchema = pageSchema(UserRowSchema);

/** PUT /api/users/{id}/role */
export const RoleBodySchema = z.strictObject({ role: z.enum(ROLES, { error: 'Выберите одну из пяти ролей' }) });
export type RoleBody = z.infer<typeof RoleBodySchema>;

export const userEndpoints = {
  'GET /users': {
    summary: 'Пользователи постранично; q — поиск по имени или почте',
    access: requires('users', 'list'),
    query: StaffPageQuerySchema,
    response: UserPageSchema,
  },
  'PUT /users/:id/role': {
    summary: 'Сменить роль (последнего главного администратора понизить нельзя: 409)',
    access: requires('users', 'update'),
    params: IdParamsSchema,
    body: RoleBodySchema,
    response: UserRowSchema,
  },
} as const satisfies EndpointMap;
