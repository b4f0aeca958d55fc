import type { AppContext } from '@kino/backend/context';
import type { Logger } from '@kino/backend/lib/infra/logger';
import type { JobName, JobPayload } from '@kino/backend/queues';
import type { Job } from 'bullmq';

/** What a job handler gets besides its payload. */
export interface JobContext {
  ctx: AppContext;
  job: Job;
  /** The job's logger: every line names the queue, the job, its id and the request that enqueued it. */
  log: Logger;
}

export interface JobHandler<N extends JobName = JobName> {
  name: N;
  handle(payload: JobPayload<N>, context: JobContext): Promise<unknown>;
}

/** One job file = one handler: `export default defineJob('mail.send', async (payload) => …)`. */
export function defineJob<N extends JobName>(name: N, handle: JobHandler<N>['handle']): JobHandler<N> {
  return { name, handle };
}
