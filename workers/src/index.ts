/**
 * The workers process role: one BullMQ worker per queue, dispatching each job to its handler.
 * Refuses to start when a job of the contract has no handler, or has two.
 *
 * Any number of workers processes share the queues; BullMQ hands each job to one of them. A
 * worker holds a lock on each job it runs, for JOB_LOCK_SECONDS, renewed every half of that while
 * it lives. A worker that dies (kill -9, a lost machine) stops renewing: the stalled-job check,
 * which every worker runs every JOB_LOCK_SECONDS, finds the job active without a lock and puts it
 * back in the queue, so another worker retries it within about twice JOB_LOCK_SECONDS. Handlers are
 * idempotent, so a job that ran partly before its worker died is simply done again.
 */
import type { AppContext } from '@kino/backend/context';
import { metricsOf } from '@kino/backend/lib/metrics';
import { connectionOutage, connectRedis } from '@kino/backend/lib/redis';
import { bullPrefix, JOBS, QUEUE_NAMES, REPEATED_JOBS, type JobName } from '@kino/backend/queues';
import { Worker, type Job } from 'bullmq';
import type { JobHandler } from './define-job';
import mailTicketRefunded from './jobs/mail-ticket-refunded';
import mailTicketsSold from './jobs/mail-tickets-sold';
import renderTicketPdf from './jobs/render-ticket-pdf';
import sendMail from './jobs/send-mail';
import sweepWatching from './jobs/sweep-watching';
import watchSession from './jobs/watch-session';

export const HANDLERS = [
  sendMail,
  mailTicketsSold,
  mailTicketRefunded,
  renderTicketPdf,
  watchSession,
  sweepWatching,
] as JobHandler[];

export interface RunningWorkers {
  /**
   * Takes no new job, lets the running ones finish for at most `timeoutMs`, then hands the rest
   * back to their queue (waiting again, for another worker) and closes.
   */
  close(timeoutMs?: number): Promise<void>;
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
  /** Jobs being handled by this process, with the lock token that lets us hand them back. */
  const running = new Map<Job, string | undefined>();
  // Job durations are this process's metrics (its /metrics: the API's port, or the probe port).
  const metrics = metricsOf(ctx);
  const workers = QUEUE_NAMES.map(
    (queue) =>
      new Worker(
        queue,
        async (job, token) => {
          const name = job.name as JobName;
          const handler = byName.get(name);
          if (!handler || JOBS[name]?.queue !== queue) throw new Error(`Unknown job "${job.name}" on queue "${queue}"`);
          running.set(job, token);
          const started = performance.now();
          let outcome: 'completed' | 'failed' = 'failed';
          try {
            // The payload is validated again: a job may have been enqueued by an older release.
            const result = await handler.handle(JOBS[name].payload.parse(job.data) as never, { ctx, job });
            outcome = 'completed';
            return result;
          } finally {
            running.delete(job);
            metrics.observeJob(queue, name, outcome, (performance.now() - started) / 1000);
          }
        },
        {
          connection,
          prefix: bullPrefix(ctx.config.redisPrefix),
          concurrency: 4,
          // The process name in each job's `processedBy`: which worker ran it.
          name: `workers-${process.pid}`,
          lockDuration: ctx.config.jobLockSeconds * 1000,
          stalledInterval: ctx.config.jobLockSeconds * 1000,
          // A job may lose its worker twice before it is failed for good.
          maxStalledCount: 2,
        },
      ),
  );
  const outage = connectionOutage(ctx.logger, 'workers', ctx.redisUrl);
  for (const worker of workers) {
    worker.on('failed', (job, err) =>
      ctx.logger.error({ err, job: job?.name, jobId: job?.id }, `job ${job?.name} failed: ${err.message}`),
    );
    worker.on('error', outage.failed);
    worker.on('ready', outage.recovered);
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  await scheduleRepeatedJobs(ctx);
  ctx.logger.info({ queues: QUEUE_NAMES }, 'workers started');
  let closing: Promise<void> | undefined;
  return {
    close(timeoutMs = ctx.config.shutdownTimeoutMs) {
      closing ??= (async () => {
        const finished = Promise.all(workers.map((w) => w.close()));
        let timer: NodeJS.Timeout | undefined;
        const gaveUp = await Promise.race([
          finished.then(() => false),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
        ]);
        clearTimeout(timer);
        if (gaveUp) {
          const jobs = [...running];
          ctx.logger.warn(
            { jobs: jobs.map(([job]) => job.id) },
            `handing ${jobs.length} unfinished job(s) back to the queue`,
          );
          // Their handlers may still run here; the process is stopping and their results are dropped.
          await Promise.all(jobs.map(([job, token]) => job.moveToWait(token).catch(() => undefined)));
          // The graceful close would wait for those handlers forever: drop the workers' connections instead.
          await Promise.all(workers.map((w) => w.disconnect().catch(() => undefined)));
        }
        connection.disconnect();
      })();
      return closing;
    },
  };
}

/**
 * The repeated jobs: one job scheduler each per deployment (upserting is idempotent, whichever
 * workers process comes up), and one run now, so that what happened while no worker ran (the
 * demo's past sessions, for one) is caught up at start-up rather than a period later.
 */
async function scheduleRepeatedJobs(ctx: AppContext) {
  for (const { name, everyMs } of REPEATED_JOBS) {
    const queue = ctx.queues.queue(JOBS[name].queue);
    const data = JOBS[name].payload.parse({});
    await queue.upsertJobScheduler(name, { every: everyMs }, { name, data });
    await ctx.queues.enqueue(name, data);
  }
}
