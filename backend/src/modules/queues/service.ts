/** The queue monitor: counts per queue, failed jobs, retry (BullMQ, read from Redis). */
import type { Queue } from 'bullmq';
import type { QueueSummary } from '../../contract/queues';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/http/errors';
import { paginate, type PageQuery } from '../../lib/http/paging';
import { QUEUE_NAMES, QUEUE_STATES, type QueueName } from '../../queues';
import { presentFailedJob } from './presenter';

type QueuesContext = Pick<AppContext, 'queues'>;

function queueNamed(ctx: QueuesContext, name: string): Queue {
  if (!(QUEUE_NAMES as readonly string[]).includes(name)) throw notFound('Такой очереди нет');
  return ctx.queues.queue(name as QueueName);
}

export function listQueues(ctx: QueuesContext): Promise<QueueSummary[]> {
  return Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const counts = await ctx.queues.queue(name).getJobCounts(...QUEUE_STATES);
      return {
        name,
        counts: Object.fromEntries(QUEUE_STATES.map((state) => [state, counts[state] ?? 0])) as QueueSummary['counts'],
      };
    }),
  );
}

/** A queue's failed jobs, the latest first. */
export function listFailedJobs(ctx: QueuesContext, name: string, page: PageQuery) {
  const queue = queueNamed(ctx, name);
  return paginate(
    page,
    async (limit, offset) => (await queue.getFailed(offset, offset + limit - 1)).filter(Boolean).map(presentFailedJob),
    () => queue.getFailedCount(),
  );
}

/** Puts a failed job back in its queue for a new attempt. */
export async function retryJob(ctx: QueuesContext, name: string, id: string) {
  const queue = queueNamed(ctx, name);
  const job = await queue.getJob(id);
  if (!job) throw notFound('Такой задачи нет: она выполнена и удалена или не существовала');
  const notFailed = () => conflict('conflict', 'Задача не в числе упавших: повторять нечего');
  if ((await job.getState()) !== 'failed') throw notFailed();
  try {
    await job.retry('failed');
  } catch (err) {
    // Another admin retried it between the check and the retry.
    if ((await job.getState()) !== 'failed') throw notFailed();
    throw err;
  }
  return { id: String(job.id), queue: name, state: 'waiting' as const };
}
