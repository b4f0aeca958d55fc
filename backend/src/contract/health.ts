import { z } from './zod';

const DependencyStatus = z.enum(['ok', 'down']);

/** GET /api/health */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: DependencyStatus,
  redis: DependencyStatus,
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
