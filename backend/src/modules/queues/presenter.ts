import type { Job } from 'bullmq';
import type { FailedJobRow } from '../../contract/queues';
import { redactUrlsIn } from '../../lib/infra/operator-messages';
import { JOBS, type JobName } from '../../queues';

type Shown = FailedJobRow['data'][string];

const isShown = (value: unknown): value is Shown =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((v) => typeof v === 'number'));

/** The fields of a job's data its declaration lets an admin see (queues/jobs.ts, `shown`). */
export function shownData(name: string, data: unknown): FailedJobRow['data'] {
  const shown: readonly string[] = JOBS[name as JobName]?.shown ?? [];
  const fields = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(shown.flatMap((key) => (isShown(fields[key]) ? [[key, fields[key]]] : [])));
}

const instant = (ms: number) => new Date(ms).toISOString();

export function presentFailedJob(job: Job): FailedJobRow {
  const requestId = (job.data as { requestId?: unknown } | undefined)?.requestId;
  return {
    id: String(job.id),
    name: job.name,
    failedReason: redactUrlsIn(job.failedReason ?? ''),
    attemptsMade: job.attemptsMade,
    timestamp: instant(job.timestamp),
    failedAt: job.finishedOn ? instant(job.finishedOn) : null,
    requestId: typeof requestId === 'string' ? requestId : null,
    data: shownData(job.name, job.data),
  };
}
