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
import { disconnectRoom, emitterFor } from '../realtime/emitter';
import { sessionRoom, STAFF_ROOM, userRoom } from '../realtime/rooms';
import { dutiesOf, type Change, type Duty } from './table';
import { errorFields } from '../lib/infra/operator-messages';
import type { Repeating } from '../lib/infra/repeat';
import { dispatchEntry, recordChanges, startOutboxDrain } from './outbox';

export type { Change } from './table';

type EffectsContext = Pick<AppContext, 'redis' | 'keys' | 'logger' | 'queues' | 'db' | 'config' | 'clock'>;

/** The duties only a module knows how to do: it reads its own rows or keeps its own Redis state. */
type ModuleDutyKind = 'push-sales' | 'push-tickets' | 'seats' | 'replan' | 'watching-jobs';
/**
 * Who performs each module duty (and `order-view`: the buyer's pages sent their order). The modules
 * supply them (modules/duties.ts), registered once per process at start-up, so this folder imports no module.
 */
export type DutyPerformers = {
  [K in ModuleDutyKind]: (ctx: EffectsContext, duty: Extract<Duty, { kind: K }>) => Promise<void>;
} & {
  'order-view': (ctx: EffectsContext, duty: { orderId: number; userId: number }) => Promise<void>;
};
let performers: DutyPerformers | undefined;

/** Gives this process the modules' duty performers (modules/duties.ts); a later call replaces them. */
export function registerDuties(duties: DutyPerformers): void {
  performers = duties;
}

function performerOf<K extends keyof DutyPerformers>(kind: K): DutyPerformers[K] {
  if (!performers)
    throw new Error(
      `No performer for the "${kind}" duty: the modules' duties are registered at start-up (modules/duties.ts)`,
    );
  return performers[kind];
}

async function perform(ctx: EffectsContext, duty: Duty): Promise<void> {
  switch (duty.kind) {
    case 'invalidate':
      return invalidateCache(ctx, duty.cache);
    case 'push': {
      const emitter = emitterFor(ctx);
      if (duty.room === 'staff') emitter.to(STAFF_ROOM).emit(duty.event);
      else if (duty.event === 'orders:changed')
        return duty.withOrder
          ? performerOf('order-view')(ctx, duty)
          : void emitter.to(userRoom(duty.userId)).emit(duty.event, { id: duty.orderId });
      else emitter.to(userRoom(duty.userId)).emit(duty.event);
      return;
    }
    case 'push-sales':
      return performerOf('push-sales')(ctx, duty);
    case 'reconnect':
      return disconnectRoom(ctx, userRoom(duty.userId));
    case 'push-tickets':
      return performerOf('push-tickets')(ctx, duty);
    case 'seats':
      return performerOf('seats')(ctx, duty);
    case 'replan':
      return performerOf('replan')(ctx, duty);
    case 'close-maps': {
      const emitter = emitterFor(ctx);
      for (const id of duty.sessionIds) emitter.to(sessionRoom(id)).emit('seats:closed');
      return;
    }
    case 'watching-jobs':
      return performerOf('watching-jobs')(ctx, duty);
    case 'job':
      return ctx.queues.enqueue(duty.name, duty.payload as never, {
        jobId: duty.jobId,
        ...(duty.at !== undefined ? { delay: Math.max(0, duty.at - ctx.clock.now().getTime()) } : {}),
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
