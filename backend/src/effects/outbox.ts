/**
 * Durable after-commit effects (docs/architecture.md, "Durable effects"): a write records what it changed in the
 * outbox table inside its own transaction; right after the commit the writer dispatches its entry
 * (claims it, performs the duties, deletes it). A process killed in between leaves the entry behind:
 * every process drains entries older than a moment whose claim has lapsed. Duties are idempotent
 * (deterministic job ids, seat scripts that set states, cache drops), so at least once is enough.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema, type Tx } from '../db';
import type { Logger } from '../lib/infra/logger';
import { errorFields } from '../lib/infra/operator-messages';
import { repeatEvery, type Repeating } from '../lib/infra/repeat';
import type { Change } from './table';

type OutboxContext = Pick<AppContext, 'db' | 'logger'>;
/** Performs a commit's duties; resolves with how many failed. */
export type RunDuties = (changes: Change[]) => Promise<number>;

const { outbox } = schema;
/** How long a dispatcher's claim keeps others off an entry. */
const CLAIM_SECONDS = 30;
/** An entry this old is its writer's no more: any process may take it (the writer normally needs milliseconds). */
const ORPHANED_AFTER_SECONDS = 2;
/** A duty that fails this many times (a bug, not an outage) is given up and logged. */
const GIVE_UP_AFTER_ATTEMPTS = 20;
/** How often each process looks for orphaned entries. */
export const OUTBOX_DRAIN_INTERVAL_MS = 1000;
const BATCH = 50;

/** Inside the write's transaction: the changes, durably. */
export async function recordChanges(tx: Tx, changes: Change[]): Promise<number> {
  const [row] = await tx.insert(outbox).values({ changes }).returning({ id: outbox.id });
  return row!.id;
}

const claim = () => ({
  claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
  attempts: sql`${outbox.attempts} + 1`,
});
const unclaimed = or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, sql`now()`));

/** Right after the commit: the writer performs its own entry (unless a drain already took it). */
export async function dispatchEntry(ctx: OutboxContext, id: number, run: RunDuties): Promise<void> {
  const [entry] = await ctx.db
    .update(outbox)
    .set(claim())
    .where(and(eq(outbox.id, id), unclaimed))
    .returning();
  if (entry) await perform(ctx, entry, run);
}

/** Takes the orphaned entries (their writer died or their duties failed) and performs them; resolves with how many. */
export async function drainOutbox(ctx: OutboxContext, run: RunDuties): Promise<number> {
  const orphaned = ctx.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(lt(outbox.createdAt, sql`now() - make_interval(secs => ${ORPHANED_AFTER_SECONDS})`), unclaimed))
    .orderBy(asc(outbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const entries = await ctx.db.update(outbox).set(claim()).where(inArray(outbox.id, orphaned)).returning();
  for (const entry of entries.sort((a, b) => a.id - b.id)) await perform(ctx, entry, run);
  return entries.length;
}

async function perform(ctx: OutboxContext, entry: typeof outbox.$inferSelect, run: RunDuties): Promise<void> {
  const failed = await run(entry.changes as Change[]);
  if (failed > 0 && entry.attempts < GIVE_UP_AFTER_ATTEMPTS) return; // retried once the claim lapses
  if (failed > 0) {
    ctx.logger.error(
      { outboxId: entry.id, attempts: entry.attempts, changes: entry.changes },
      'after-commit duties given up',
    );
  }
  await ctx.db.delete(outbox).where(eq(outbox.id, entry.id));
}

/** Every process drains orphaned entries once a second. */
export function startOutboxDrain(ctx: OutboxContext & { logger: Logger }, run: RunDuties): Repeating {
  return repeatEvery(
    OUTBOX_DRAIN_INTERVAL_MS,
    () => drainOutbox(ctx, run),
    (err) => ctx.logger.warn(errorFields(err), 'outbox drain failed'),
  );
}
