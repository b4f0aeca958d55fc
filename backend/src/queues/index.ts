import { Queue, type JobsOptions } from 'bullmq';
import type { Logger } from '../lib/infra/logger';
import { currentRequestId } from '../lib/infra/request-id';
import { connectRedis, type Redis } from '../lib/infra/redis';
import { JOBS, QUEUE_NAMES, type JobName, type JobPayload, type QueueName } from './jobs';

export * from './jobs';

/** BullMQ keys live under the deployment prefix, apart from our own keys. */
export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

export interface Queues {
  /**
   * Validates the payload and adds the job. Call it after the transaction that caused it has
   * committed; pass a deterministic `jobId` where a retry of the request must not add a second job.
   * The job's data is the payload plus `requestId`, the API request it was enqueued for (if any).
   */
  enqueue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options?: Pick<JobsOptions, 'jobId' | 'delay'>,
  ): Promise<void>;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
}

export function createQueues(redisUrl: string, redisPrefix: string, logger?: Logger): Queues {
  const connection: Redis = connectRedis(redisUrl, { logger, name: 'queues' });
  const queues = new Map<QueueName, Queue>(
    QUEUE_NAMES.map((name) => [
      name,
      new Queue(name, {
        connection,
        prefix: bullPrefix(redisPrefix),
        defaultJobOptions: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        },
      }),
    ]),
  );
  // Their connection reports outages (connectRedis); without a listener BullMQ prints each retry's stack.
  for (const q of queues.values()) q.on('error', () => undefined);
  const queue = (name: QueueName) => queues.get(name)!;
  return {
    queue,
    async enqueue(name, payload, options) {
      const job = JOBS[name];
      const requestId = currentRequestId();
      await queue(job.queue).add(name, { ...job.payload.parse(payload), ...(requestId ? { requestId } : {}) }, options);
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
    },
  };
}
