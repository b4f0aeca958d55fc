/**
 * The job queues' monitor in the back office (admin only): each queue's counts, its failed jobs
 * with their errors, and a retry. GET /api/queues, GET /api/queues/{queue}/failed,
 * POST /api/queues/{queue}/jobs/{id}/retry.
 */
import { InstantSchema, pageQuerySchema, pageSchema } from './common';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

/** `/queues/{queue}`: a queue's name (an unknown one answers 404). */
export const QueueParamsSchema = z.object({
  queue: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'Некорректное имя очереди'),
});

/** `/queues/{queue}/jobs/{id}`: job ids are text (BullMQ numbers them, or the producer names them). */
export const QueueJobParamsSchema = QueueParamsSchema.extend({
  id: z.string().regex(/^[\w.:-]{1,200}$/, 'Некорректный номер задачи'),
});

const count = z.number().int().nonnegative();

export const QueueSummarySchema = z.strictObject({
  name: z.string(),
  counts: z.strictObject({ waiting: count, active: count, delayed: count, failed: count, completed: count }),
});
export type QueueSummary = z.infer<typeof QueueSummarySchema>;

export const FailedJobRowSchema = z.strictObject({
  id: z.string(),
  /** The job's name, e.g. 'mail.send'. */
  name: z.string(),
  /** The error of its last attempt, without credentials. */
  failedReason: z.string(),
  attemptsMade: z.number().int().nonnegative(),
  /** When it was enqueued. */
  timestamp: InstantSchema,
  failedAt: InstantSchema.nullable(),
  /** The API request that enqueued it, when a request did. */
  requestId: z.string().nullable(),
  /** The payload's fields that are safe to show (ids, an address and a subject; never a mail's text). */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.number())])),
});
export type FailedJobRow = z.infer<typeof FailedJobRowSchema>;

export const RetriedJobSchema = z.strictObject({ id: z.string(), queue: z.string(), state: z.literal('waiting') });

export const queueEndpoints = {
  'GET /queues': {
    summary: 'Очереди задач и число задач в каждом состоянии',
    access: requires('queues', 'list'),
    response: z.array(QueueSummarySchema),
  },
  'GET /queues/:queue/failed': {
    summary: 'Упавшие задачи очереди постранично, новые первыми, с ошибкой последней попытки',
    access: requires('queues', 'list'),
    params: QueueParamsSchema,
    query: pageQuerySchema(20),
    response: pageSchema(FailedJobRowSchema),
  },
  'POST /queues/:queue/jobs/:id/retry': {
    summary: 'Повторить упавшую задачу (404 — нет такой, 409 — она не в числе упавших)',
    access: requires('queues', 'update'),
    params: QueueJobParamsSchema,
    response: RetriedJobSchema,
  },
} as const satisfies EndpointMap;
