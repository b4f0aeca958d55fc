import { PUBLIC, type EndpointMap } from './endpoint';
import { z } from './zod';

const DependencyStatus = z.enum(['ok', 'down']);

/** GET /api/health */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: DependencyStatus,
  redis: DependencyStatus,
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** GET /api/health/live: 200 while the process runs (a stuck process stops answering). */
export const LivenessResponseSchema = z.object({ status: z.literal('live') });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/**
 * GET /api/health/ready: 200 when this process should get traffic; 503 while it drains before
 * stopping, or when the database or Redis does not answer.
 */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
  database: DependencyStatus,
  redis: DependencyStatus,
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

export const healthEndpoints = {
  'GET /health': {
    summary: 'Состояние: база данных и Redis (503, если что-то недоступно)',
    access: PUBLIC,
    response: HealthResponseSchema,
  },
  'GET /health/live': {
    summary: 'Liveness: 200, пока процесс работает',
    access: PUBLIC,
    response: LivenessResponseSchema,
  },
  'GET /health/ready': {
    summary: 'Readiness: 200, если процесс принимает запросы; 503 при остановке или без базы/Redis',
    access: PUBLIC,
    response: ReadinessResponseSchema,
  },
} as const satisfies EndpointMap;
