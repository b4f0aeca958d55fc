/**
 * Writes and their after-commit duties. A write runs in `write(ctx, async (tx, changed) => …)`:
 * it says what it changed with `changed({ what: 'films', … })`; once the transaction has committed
 * (and only then) the duties of the effects table run. A duty that fails is logged and does not
 * undo the write: the committed data is the truth, caches expire, clients resync, jobs are retried.
 */
import type { AppContext } from '../context';
import type { Tx } from '../db';
import { invalidateCache } from '../lib/response-cache';
import { pushTicketsChanged, scheduleWatchingJobs } from '../modules/tickets/duties';
import { syncSeats } from '../realtime/seat-sync';
import { disconnectRoom, emitterFor } from '../realtime/emitter';
import { STAFF_ROOM, userRoom } from '../realtime/rooms';
import { dutiesOf, type Change, type Duty } from './table';
import { errorFields } from '../lib/operator-messages';

export type { Change } from './table';

type EffectsContext = Pick<AppContext, 'redis' | 'keys' | 'logger' | 'queues' | 'db' | 'config'>;

async function perform(ctx: EffectsContext, duty: Duty): Promise<void> {
  switch (duty.kind) {
    case 'invalidate':
      return invalidateCache(ctx, duty.cache);
    case 'push': {
      const emitter = emitterFor(ctx);
      if (duty.room === 'staff') emitter.to(STAFF_ROOM).emit(duty.event);
      else emitter.to(userRoom(duty.userId)).emit(duty.event);
      return;
    }
    case 'reconnect':
      return disconnectRoom(ctx, userRoom(duty.userId));
    case 'push-tickets':
      return pushTicketsChanged(ctx, duty.ticketIds);
    case 'seats':
      return syncSeats(ctx, duty);
    case 'watching-jobs':
      return scheduleWatchingJobs(ctx, duty.sessionIds);
    case 'job':
      return ctx.queues.enqueue(duty.name, duty.payload as never, { jobId: duty.jobId });
  }
}

/** Runs the duties of committed changes. Never throws: each failure is logged with its duty. */
export async function afterCommit(ctx: EffectsContext, changes: Change[]): Promise<void> {
  await Promise.all(
    dutiesOf(changes).map((duty) =>
      perform(ctx, duty).catch((err: unknown) =>
        ctx.logger.error({ ...errorFields(err), duty }, 'after-commit duty failed'),
      ),
    ),
  );
}

/** A transaction whose changes get their duties after it commits; resolves with the work's result. */
export async function write<T>(
  ctx: EffectsContext,
  work: (tx: Tx, changed: (change: Change) => void) => Promise<T>,
): Promise<T> {
  const changes: Change[] = [];
  const result = await ctx.db.transaction((tx) => work(tx, (change) => changes.push(change)));
  await afterCommit(ctx, changes);
  return result;
}
