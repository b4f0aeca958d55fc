/**
 * The workers process role: one BullMQ worker per queue, dispatching each job to its handler.
 * Refuses to start when a job of the contract has no handler, or has two.
 */
import type { AppContext } from '@kino/backend/context';
import { connectRedis } from '@kino/backend/lib/redis';
import { bullPrefix, JOBS, QUEUE_NAMES, type JobName } from '@kino/backend/queues';
import { Worker } from 'bullmq';
import type { JobHandler } from './define-job';
import renderTicketPdf from './jobs/render-ticket-pdf';
import sendMail from './jobs/send-mail';

export const HANDLERS: JobHandler[] = [sendMail as JobHandler, renderTicketPdf as JobHandler];

export interface RunningWorkers {
  close(): Promise<void>;
}

/** Each job name of the contract must have exactly one handler. */
export function handlerMap(handlers: JobHandler[]): Map<JobName, JobHandler> {
  const map = new Map<JobName, JobHandler>();
  for (const handler of handlers) {
    if (map.has(handler.name)) throw new Error(`Job "${handler.name}" has more than one handler`);
    map.set(handler.name, handler);
  }
  const missing = (Object.keys(JOBS) as JobName[]).filter((name) => !map.has(name));
  if (missing.length > 0) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
  return map;
}

export async function startWorkers(ctx: AppContext, handlers: JobHandler[] = HANDLERS): Promise<RunningWorkers> {
  const byName = handlerMap(handlers);
  const connection = connectRedis(ctx.redisUrl, { forWorkers: true });
  const workers = QUEUE_NAMES.map(
    (queue) =>
      new Worker(
        queue,
        async (job) => {
          const name = job.name as JobName;
          const handler = byName.get(name);
          if (!handler || JOBS[name]?.queue !== queue) throw new Error(`Unknown job "${job.name}" on queue "${queue}"`);
          // The payload is validated again: a job may have been enqueued by an older release.
          return handler.handle(JOBS[name].payload.parse(job.data) as never, { ctx, job });
        },
        { connection, prefix: bullPrefix(ctx.config.redisPrefix), concurrency: 4 },
      ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, err) => ctx.logger.error({ err, job: job?.name, jobId: job?.id }, 'job failed'));
    worker.on('error', (err) => ctx.logger.error({ err }, 'worker error'));
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  ctx.logger.info({ queues: QUEUE_NAMES }, 'workers started');
  return {
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      connection.disconnect();
    },
  };
}
