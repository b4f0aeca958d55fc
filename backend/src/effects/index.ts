/**
 * Writes and their after-commit duties. A write runs in `write(ctx, async (tx, changed) => …)`:
 * it says what it changed with `changed({ what: 'films', … })`; the changes are recorded in the
 * outbox in the same transaction, and once it has committed (and only then) the duties of the
 * effects table run. A duty that fails is logged and does not undo the write: its outbox entry is
 * performed again later (outbox.ts), by this process or another, even if this one dies meanwhile.
 */
import type { AppContext } from '../context';
import type { Tx } from '../db';
import { invalidateCache } from '../lib/http/response-cache';
import { pushOrderView } from '../modules/orders/duties';
import { pushSalesChanged } from '../modules/reports/duties';
import { pushTicketsChanged, scheduleWatchingJobs } from '../modules/tickets/duties';
import { SeatStore, syncSeats } from '../modules/seats';
import { disconnectRoom, emitterFor } from '../realtime/emitter';
import { sessionRoom, STAFF_ROOM, userRoom } from '../realtime/rooms';
import { dutiesOf, type Change, type Duty } from './table';
import { errorFields } from '../lib/infra/operator-messages';
import type { Repeating } from '../lib/infra/repeat';
import { dispatchEntry, recordChanges, startOutboxDrain } from './outbox';

export type { Change } from './table';

type EffectsContext = Pick<AppContext, 'redis' | 'keys' | 'logger' | 'queues' | 'db' | 'config' | 'clock'>;

async function perform(ctx: EffectsContext, duty: Duty): Promise<void> {
  switch (duty.kind) {
    case 'invalidate':
      return invalidateCache(ctx, duty.cache);
    case 'push': {
      const emitter = emitterFor(ctx);
      if (duty.room === 'staff') emitter.to(STAFF_ROOM).emit(duty.event);
      else if (duty.event === 'orders:changed')
        return duty.withOrder
          ? pushOrderView(ctx, duty.orderId, duty.userId)
          : void emitter.to(userRoom(duty.userId)).emit(duty.event, { id: duty.orderId });
      else emitter.to(userRoom(duty.userId)).emit(duty.event);
      return;
    }
    case 'push-sales':
      return pushSalesChanged(ctx, duty.sessionIds);
    case 'reconnect':
      return disconnectRoom(ctx, userRoom(duty.userId));
    case 'push-tickets':
      return pushTicketsChanged(ctx, duty.ticketIds);
    case 'seats':
      return syncSeats(ctx, duty);
    case 'replan': {
      const store = new SeatStore(ctx);
      await Promise.all(duty.sessionIds.map((id) => store.forgetPlan(id)));
      return;
    }
    case 'close-maps': {
      const emitter = emitterFor(ctx);
      for (const id of duty.sessionIds) emitter.to(sessionRoom(id)).emit('seats:closed');
      return;
    }
    case 'watching-jobs':
      return scheduleWatchingJobs(ctx, duty.sessionIds);
    case 'job':
      return ctx.queues.enqueue(duty.name, duty.payload as never, {
        jobId: duty.jobId,
        ...(duty.at !== undefined ? { delay: Math.max(0, duty.at - Date.now()) } : {}),
      });
  }
}

/** Runs the duties of committed changes; resolves with how many failed (each is logged with its duty). */
async function runDuties(ctx: EffectsContext, changes: Change[]): Promise<number> {
  const outcomes = await Promise.all(
    dutiesOf(changes).map((duty) =>
      perform(ctx, duty).then(
        () => 0,
        (err: unknown) => {
          ctx.logger.error({ ...errorFields(err), duty }, 'after-commit duty failed');
          return 1;
        },
      ),
    ),
  );
  return outcomes.reduce<number>((sum, n) => sum + n, 0);
}

/** A transaction whose changes get their duties after it commits; resolves with the work's result. */
export async function write<T>(
  ctx: EffectsContext,
  work: (tx: Tx, changed: (change: Change) => void) => Promise<T>,
): Promise<T> {
  let entry: number | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const changes: Change[] = [];
    const value = await work(tx, (change) => changes.push(change));
    if (changes.length > 0) entry = await recordChanges(tx, changes);
    return value;
  });
  if (entry !== undefined) {
    await dispatchEntry(ctx, entry, (changes) => runDuties(ctx, changes)).catch((err: unknown) =>
      // The entry stays: the drain performs it.
      ctx.logger.warn({ ...errorFields(err), outboxId: entry }, 'after-commit dispatch deferred'),
    );
  }
  return result;
}

/**
 * Changes made by work that is not one transaction of ours (a film import of many steps): recorded
 * in the outbox on their own, then performed, like a write's.
 */
export const announce = (ctx: EffectsContext, changes: Change[]): Promise<void> =>
  write(ctx, async (_tx, changed) => changes.forEach(changed));

/** Performs the outbox entries whose writer did not (it died, or a duty failed); one per process. */
export const startEffectsDrain = (ctx: EffectsContext): Repeating =>
  startOutboxDrain(ctx, (changes) => runDuties(ctx, changes));
