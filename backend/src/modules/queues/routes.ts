import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { listFailedJobs, listQueues, retryJob } from './service';

export const queueRoutes = (ctx: AppContext) =>
  handlers({
    'GET /queues': () => listQueues(ctx),
    'GET /queues/:queue/failed': ({ params, query }) => listFailedJobs(ctx, params.queue, query),
    'POST /queues/:queue/jobs/:id/retry': ({ params }) => retryJob(ctx, params.queue, params.id),
  });
