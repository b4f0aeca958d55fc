/**
 * Hold expiry: every API process looks for due deadlines a few times a second. Releasing is one
 * atomic script per session, so whichever process gets there first frees the seats (and the
 * script publishes the change), and the others find nothing left to do: one change per expiry.
 */
import type { Logger } from '../../lib/infra/logger';
import { errorFields } from '../../lib/infra/operator-messages';
import { repeatEvery, type Repeating } from '../../lib/infra/repeat';
import type { SeatStore } from './store';

/** Well under the promised second between a deadline and the broadcast. */
export const SWEEP_INTERVAL_MS = 250;
const BATCH = 200;

/** Releases every due hold once; resolves with the number of seats freed. */
export async function sweepExpiredHolds(store: SeatStore): Promise<number> {
  const due = await store.due(BATCH);
  const bySession = new Map<number, string[]>();
  for (const member of due) {
    const sessionId = Number(member.split(':')[0]);
    bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), member]);
  }
  let freed = 0;
  for (const [sessionId, members] of bySession) {
    const result = await store.expire(sessionId, members);
    freed += result.changes.length;
  }
  return freed;
}

export function startSweeper(store: SeatStore, logger: Logger): Repeating {
  return repeatEvery(
    SWEEP_INTERVAL_MS,
    () => sweepExpiredHolds(store),
    (err) => logger.warn(errorFields(err), 'hold sweep failed'),
  );
}
