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
import os from 'node:os';
import type { AppContext } from '@kino/backend/context';
import { metricsOf } from '@kino/backend/metrics';
import type { Logger } from '@kino/backend/lib/infra/logger';
import { describeError, isConnectionError, redactUrlsIn } from '@kino/backend/lib/infra/operator-messages';
import { connectionOutage, connectRedis } from '@kino/backend/lib/infra/redis';
import { listenForInvalidations } from '@kino/backend/lib/http/response-cache';
import { bullPrefix, JOBS, QUEUE_NAMES, REPEATED_JOBS, type JobName } from '@kino/backend/queues';
import { Worker, type Job } from 'bullmq';
import type { JobHandler } from './define-job';
import eaisReport from './jobs/eais-report';
import expireOrder from './jobs/expire-order';
import fiscalFollowUp from './jobs/fiscal-follow-up';
import mailOrderLateRefund from './jobs/mail-order-late-refund';
import mailOrderPaid from './jobs/mail-order-paid';
import mailPasswordReset from './jobs/mail-password-reset';
import mailSessionCancelled from './jobs/mail-session-cancelled';
import mailTicketRefunded from './jobs/mail-ticket-refunded';
import pushkinRefund from './jobs/pushkin-refund';
import pushkinRegister from './jobs/pushkin-register';
import pushkinSweep from './jobs/pushkin-sweep';
import pushkinVisit from './jobs/pushkin-visit';
import reconcileOrders from './jobs/reconcile-orders';
import refundCancelledSession from './jobs/refund-cancelled-session';
import renderTicketPdf from './jobs/render-ticket-pdf';
import sendMail from './jobs/send-mail';
import sweepWatching from './jobs/sweep-watching';
import watchSession from './jobs/watch-session';

export const HANDLERS = [
  sendMail,
  mailPasswordReset,
  mailOrderPaid,
  mailOrderLateRefund,
  mailTicketRefunded,
  mailSessionCancelled,
  refundCancelledSession,
  renderTicketPdf,
  watchSession,
  sweepWatching,
  expireOrder,
  reconcileOrders,
  eaisReport,
  pushkinRegister,
  pushkinRefund,
  pushkinVisit,
  pushkinSweep,
  fiscalFollowUp,
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
  // The workers' connections (this one and BullMQ's blocking copies) report an outage once, and its end.
  const outage = connectionOutage(ctx.logger, 'workers', ctx.redisUrl);
  connection.on('ready', outage.recovered);
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
          const log = jobLogger(ctx.logger, queue, job);
          const started = performance.now();
          let outcome: 'completed' | 'failed' = 'failed';
          try {
            // The payload is validated again: a job may have been enqueued by an older release.
            const result = await handler.handle(JOBS[name].payload.parse(job.data) as never, { ctx, job, log });
            outcome = 'completed';
            log.info({ ms: Math.round(performance.now() - started) }, `job ${name} done`);
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
          // The process in each job's `processedBy`: which worker ran it, on which host (a container's
          // process is pid 1 in each).
          name: `workers-${process.pid}@${os.hostname()}`,
          lockDuration: ctx.config.jobLockSeconds * 1000,
          stalledInterval: ctx.config.jobLockSeconds * 1000,
          // A job may lose its worker twice before it is failed for good.
          maxStalledCount: 2,
        },
      ),
  );
  for (const [i, worker] of workers.entries()) {
    const queue = QUEUE_NAMES[i]!;
    worker.on('failed', (job, err) => logFailure(ctx.logger, queue, job, err));
    // A lost connection is one line per outage; anything else the worker reports, one line each.
    worker.on('error', (err) =>
      isConnectionError(err)
        ? outage.failed(err)
        : ctx.logger.error({ queue, reason: describeError(err) }, `worker of queue ${queue}: ${describeError(err)}`),
    );
  }
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  // What the jobs keep beside the caches (the cinema's details in mails and PDFs) is dropped with them.
  const invalidations = await listenForInvalidations(ctx);
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
        await invalidations.close();
      })();
      return closing;
    },
  };
}

/** A job's log lines name the queue, the job, its id and the API request that enqueued it (if one did). */
export function jobLogger(logger: Logger, queue: string, job: Job): Logger {
  const requestId = (job.data as { requestId?: unknown } | undefined)?.requestId;
  return logger.child({
    queue,
    job: job.name,
    jobId: job.id,
    ...(typeof requestId === 'string' ? { requestId } : {}),
  });
}

/**
 * One line per failed attempt, without a stack: which attempt, whether it will be retried, and why
 * ("connection refused (ECONNREFUSED)", credentials hidden). The stack follows at debug level.
 */
function logFailure(logger: Logger, queue: string, job: Job | undefined, err: Error) {
  const log = job ? jobLogger(logger, queue, job) : logger.child({ queue });
  const attempts = job?.opts.attempts ?? 1;
  const attempt = job?.attemptsMade ?? 1;
  const final = attempt >= attempts;
  const reason = describeError(err);
  log.error(
    { attempt, attempts, final, reason },
    `job ${job?.name ?? '(unknown)'} failed (attempt ${attempt} of ${attempts}${final ? ', giving up' : ', will retry'}): ${reason}`,
  );
  log.debug({ stack: redactUrlsIn(err.stack ?? '') }, 'stack of the failure above');
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
    await queue.upsertJobScheduler(name, { every: everyMs(ctx.config) }, { name, data });
    await ctx.queues.enqueue(name, data);
  }
}
