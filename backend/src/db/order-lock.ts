/**
 * Row locks of the orders domain. Operations on one order (the provider's notification, the buyer's
 * return, the expiry job, reconciliation) serialize on its row; a lock held too long makes the
 * caller answer 503 (the provider then delivers again) instead of waiting without end. An order is
 * made under a share lock on its session's row, which a move or a cancellation takes for update
 * (docs/architecture.md, "Which lock guards what").
 */
import { eq, sql } from 'drizzle-orm';
import { schema, type Tx } from './index';

/** How long an order operation waits for another on the same order before giving up. */
const LOCK_TIMEOUT = '5s';

export type OrderRow = typeof schema.orders.$inferSelect;

/** The order, locked until the transaction ends; undefined when there is none. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
  const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, orderId)).for('update');
  return order;
}

export type SessionRow = typeof schema.sessions.$inferSelect;

/**
 * The session an order is made for, share-locked until the transaction ends: orders of one session go on
 * side by side, while a move or a cancellation (which lock it for update) waits for them or they for it.
 */
export async function shareLockSession(tx: Tx, sessionId: number): Promise<SessionRow | undefined> {
  const [session] = await tx.select().from(schema.sessions).where(eq(schema.sessions.id, sessionId)).for('share');
  return session;
}
