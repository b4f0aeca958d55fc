/**
 * A scheduled session changes (docs/architecture.md, "Sessions change and ЕАИС"): moved to another time or hall, or
 * repriced with another price card. Tickets already sold keep their price, so a session with sales
 * (or orders being paid, or seats held) may change its price card only: moving it would move
 * people's evenings, so that is 409 session_has_sales (cancel it instead), decided in the move's
 * transaction under the session's row lock (docs/architecture.md, "Which lock guards what"). The seat
 * record in Redis is read again after a move (the 'sessions' change's `moved`).
 */
import { and, eq } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { ScheduleUpdateBodySchema, Session } from '../../contract/schedules';
import type { z } from '../../contract/zod';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_EXCLUSION_VIOLATION, schema, type Tx } from '../../db';
import { write } from '../../effects';
import { conflict, invalidInput, notFound } from '../../lib/http/errors';
import { SeatStore } from '../seats';
import { findCard } from '../prices/cards';
import { occupiesSeatSql } from '../tickets/state';
import { overlapConflict, refuseFilmWithoutPu } from './admin';
import { canBeChanged, isCancelled } from './lifecycle';
import { presentSession } from './presenter';
import { withSessionDetails } from './service';

const { sessions, halls, tickets } = schema;

/**
 * Seats sold or being paid, plus seats held on the maps right now (Redis), read under the session's row
 * lock: an order takes that row's share lock, so none is being made while this counts, and one made
 * after the move sees the new time and is refused (orders/create-order.ts).
 */
async function seatsTaken(ctx: AppContext, tx: Tx, sessionId: number): Promise<number> {
  const sold = await tx.$count(tickets, and(eq(tickets.sessionId, sessionId), occupiesSeatSql()));
  const held = await ctx.redis.hlen(new SeatStore(ctx).sessionKeys(sessionId)[2]!);
  return sold + held;
}

export async function updateSession(
  ctx: AppContext,
  id: number,
  body: z.output<typeof ScheduleUpdateBodySchema>,
  now: Date,
): Promise<Session> {
  const current = await ctx.db.query.sessions.findFirst({ where: eq(sessions.id, id), with: { film: true } });
  if (!current) throw notFound('Сеанс не найден');
  const refusal = canBeChanged(current, now);
  if (refusal && isCancelled(current)) throw refusal;
  const film = current.film;

  const [hall, card] = await Promise.all([
    body.hall_id === undefined ? undefined : ctx.db.query.halls.findFirst({ where: eq(halls.id, body.hall_id) }),
    body.price_card_id ? findCard(ctx, body.price_card_id) : undefined,
  ]);
  const fields: Record<string, string> = {};
  if (body.hall_id !== undefined && !hall) fields.hall_id = 'Такого зала нет';
  if (body.price_card_id && !card) fields.price_card_id = 'Такой ценовой карты нет';
  if (body.start_time && body.start_time.getTime() <= now.getTime())
    fields.start_time = 'Сеанс не может начинаться в прошлом';
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  if (refusal) throw refusal;

  const hallId = hall?.id ?? current.hallId;
  const startTime = body.start_time ?? current.startTime;
  refuseFilmWithoutPu(film, startTime);
  const moved = hallId !== current.hallId || startTime.getTime() !== current.startTime.getTime();
  const priceCardId = body.price_card_id === undefined ? current.priceCardId : body.price_card_id;
  // On a card, SPEC's price is the card's standard adult price (as on create).
  const price = card ? Math.round(roublesOf(card.standardAdultKopecks)) : (body.price ?? current.price);
  const endTime = new Date(startTime.getTime() + film.time * 60_000);
  const subtitles = body.subtitles ?? current.subtitles;
  const audioDescription = body.audio_description ?? current.audioDescription;
  try {
    await write(ctx, async (tx, changed) => {
      const [locked] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
      if (!locked) throw notFound('Сеанс не найден');
      // Asked again under the lock: a cancellation or the start may have come since the first look.
      const refused = canBeChanged(locked, now);
      if (refused) throw refused;
      if (moved && (await seatsTaken(ctx, tx, id)) > 0) {
        throw conflict(
          'session_has_sales',
          'На сеанс уже проданы или бронируются билеты: перенести его нельзя. Можно сменить цены непроданных мест или отменить сеанс',
        );
      }
      await tx
        .update(sessions)
        .set({ hallId, startTime, endTime, price, priceCardId, subtitles, audioDescription })
        .where(eq(sessions.id, id));
      changed({ what: 'sessions', ids: [id], ...(moved ? { moved: true } : {}) });
    });
  } catch (err) {
    if (pgErrorCode(err) !== PG_EXCLUSION_VIOLATION) throw err;
    throw await overlapConflict(ctx, hallId, startTime, endTime, id);
  }
  const session = await ctx.db.query.sessions.findFirst({ where: eq(sessions.id, id), with: withSessionDetails });
  return presentSession(session!, film);
}
