import { followUnansweredOperations } from '@kino/backend/modules/fiscal';
import { defineJob } from '../define-job';

/** Every minute: the register's unanswered tasks read back by their uuid (modules/fiscal/follow-up.ts). */
export default defineJob('fiscal.follow-up', async (_payload, { ctx }) => {
  const { ready, error, unknown, stray } = await followUnansweredOperations(ctx);
  return { ready: ready.length, error: error.length, unknown: unknown.length, stray: stray.length };
});
