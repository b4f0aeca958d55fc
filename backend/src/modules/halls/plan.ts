/**
 * Hall plans (contract/plans.ts): read one, and replace one from the back office's editor. A plan's
 * sellable seats are the hall's capacity; a seat sold or held for a session still to come cannot be
 * removed or blocked (409 naming the sessions). The rows and their checks: plan-rows.ts.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { HallPlan } from '../../contract/plans';
import { toCinemaTime } from '../../contract/time';
import type { AppContext } from '../../context';
import { schema, type Db } from '../../db';
import { write } from '../../effects';
import { conflict, notFound } from '../../lib/http/errors';
import { SeatStore } from '../seats';
import { occupiesSeatSql } from '../tickets/state';
import { loadPlan } from '../seats/plan-read';
import { planRows, storePlan, type PlanBody } from './plan-rows';

const { halls, hallSeats, sessions, tickets, films } = schema;

/**
 * Sessions still to come in this hall that sold or hold a seat the new plan takes away (removes or
 * blocks): the 409's list. Sales are read under the hall's lock; holds from Redis.
 */
async function sessionsInTheWay(ctx: AppContext, tx: Db, hallId: number, lost: Set<string>, now: Date) {
  if (lost.size === 0) return [];
  const future = await tx
    .select({ id: sessions.id, startTime: sessions.startTime, title: films.title })
    .from(sessions)
    .innerJoin(films, eq(films.id, sessions.filmId))
    .where(and(eq(sessions.hallId, hallId), gt(sessions.endTime, now)))
    .orderBy(asc(sessions.startTime));
  if (future.length === 0) return [];
  const sold = await tx
    .selectDistinct({ sessionId: tickets.sessionId, seat: tickets.seatNumber })
    .from(tickets)
    .where(
      and(
        inArray(
          tickets.sessionId,
          future.map((s) => s.id),
        ),
        inArray(tickets.seatNumber, [...lost]),
        occupiesSeatSql(),
      ),
    );
  const store = new SeatStore(ctx);
  const blocking = new Map<number, Set<string>>();
  for (const { sessionId, seat } of sold) blocking.set(sessionId, (blocking.get(sessionId) ?? new Set()).add(seat));
  for (const session of future) {
    const held = await ctx.redis.hkeys(store.sessionKeys(session.id)[2]!);
    for (const seat of held.filter((s) => lost.has(s)))
      blocking.set(session.id, (blocking.get(session.id) ?? new Set()).add(seat));
  }
  return future
    .filter((s) => blocking.has(s.id))
    .map((s) => ({
      id: s.id,
      title: s.title,
      start_time: toCinemaTime(s.startTime),
      seats: [...blocking.get(s.id)!].sort(),
    }));
}

export async function replacePlan(ctx: AppContext, hallId: number, body: PlanBody, now: Date): Promise<HallPlan> {
  const rows = await planRows(ctx.db, hallId, body);
  await write(ctx, async (tx, changed) => {
    const [hall] = await tx.select().from(halls).where(eq(halls.id, hallId)).for('update');
    if (!hall) throw notFound('Зал не найден');
    const before = await tx.select().from(hallSeats).where(eq(hallSeats.hallId, hallId));
    const kept = new Set(rows.filter((r) => !r.blocked).map((r) => r.code));
    const lost = new Set(before.filter((s) => !s.blocked && !kept.has(s.code)).map((s) => s.code));
    const inTheWay = await sessionsInTheWay(ctx, tx, hallId, lost, now);
    if (inTheWay.length > 0) {
      const names = inTheWay.map((s) => `«${s.title}» ${s.start_time.slice(0, 16)} (${s.seats.join(', ')})`);
      throw conflict('conflict', `Эти места проданы или заняты на сеансы: ${names.join('; ')}`, {
        sessions: inTheWay,
      });
    }
    await storePlan(tx, hallId, rows, body.best, body.wheelchair_hold_back_hours ?? null);
    if (body.showroom !== undefined)
      await tx.update(halls).set({ showroom: body.showroom }).where(eq(halls.id, hallId));
    const future = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.hallId, hallId), gt(sessions.endTime, now)));
    // Open seat maps of the hall's sessions read the new plan at their next step.
    changed({ what: 'halls', replanned: future.map((s) => s.id) });
  });
  return loadPlan(ctx.db, hallId);
}
