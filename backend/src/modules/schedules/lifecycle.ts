/**
 * A session's lifecycle (docs/architecture.md, "Lifecycles"): the one place that says what state a
 * session is in at a moment, and whether tickets may be sold for it then. Every sale (the website, the
 * till, a payment that completes), every change of a session and every refund asks these.
 *
 *   on_sale   → started    its start time passes
 *   started   → ended      its end time passes
 *   on_sale   → cancelled  staff cancel it (schedules/cancel.ts); started, too, until it has ended
 */
import { eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '../../db';
import { type AppError, conflict, notFound } from '../../lib/http/errors';

export type SessionState = 'on_sale' | 'started' | 'ended' | 'cancelled';

/** What the lifecycle reads of a session. */
export type SessionTimes = { startTime: Date; endTime: Date; cancelledAt: Date | null };

export function sessionState(session: SessionTimes, now: Date): SessionState {
  if (isCancelled(session)) return 'cancelled';
  if (session.endTime.getTime() <= now.getTime()) return 'ended';
  if (session.startTime.getTime() <= now.getTime()) return 'started';
  return 'on_sale';
}

/** Was the session cancelled (whatever the time)? */
export const isCancelled = (session: Pick<SessionTimes, 'cancelledAt'>): boolean => session.cancelledAt !== null;

export const sessionCancelled = () => conflict('session_cancelled', 'Сеанс отменён: билеты на него не продаются');
export const sessionStarted = () => conflict('session_started', 'Сеанс уже начался');
export const sessionEnded = () => conflict('session_started', 'Сеанс уже прошёл');

/** Why no ticket may be sold for the session at `now`, or nothing when it is on sale. */
export function canBeSold(session: SessionTimes, now: Date): AppError | undefined {
  switch (sessionState(session, now)) {
    case 'on_sale':
      return undefined;
    case 'cancelled':
      return sessionCancelled();
    case 'started':
      return sessionStarted();
    case 'ended':
      return sessionEnded();
  }
}

/** May the session still be moved, repriced or have its details changed? Only before it starts. */
export function canBeChanged(session: SessionTimes, now: Date): AppError | undefined {
  const state = sessionState(session, now);
  if (state === 'cancelled') return conflict('session_cancelled', 'Сеанс отменён: изменить его нельзя');
  return state === 'on_sale' ? undefined : sessionStarted();
}

/** May staff cancel the session? Until it has ended (a show stopped midway is refunded too). */
export function canBeCancelled(session: SessionTimes, now: Date): AppError | undefined {
  const state = sessionState(session, now);
  if (state === 'cancelled') return conflict('session_cancelled', 'Сеанс уже отменён');
  return state === 'ended' ? sessionEnded() : undefined;
}

/** A session with its film, hall and price card; 404 without it. */
export async function readSession(db: Db | Tx, sessionId: number) {
  const session = await db.query.sessions.findFirst({
    where: eq(schema.sessions.id, sessionId),
    with: { film: true, hall: true, priceCard: { with: { prices: true } } },
  });
  if (!session) throw notFound('Сеанс не найден');
  return session;
}

/** A session tickets are sold for at `now` (readSession), refused by `canBeSold` (409). */
export async function sessionOnSale(db: Db | Tx, sessionId: number, now: Date) {
  const session = await readSession(db, sessionId);
  const refusal = canBeSold(session, now);
  if (refusal) throw refusal;
  return session;
}
