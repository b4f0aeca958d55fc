/** The back office's schedule: the sessions table, and scheduling a session. */
import { and, asc, count, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import { roublesOf } from '../../contract/money';
import type { Session, StaffSession } from '../../contract/schedules';
import { addDays, fromCinemaTime, toCinemaDate, toCinemaTime } from '../../contract/time';
import type { z } from '../../contract/zod';
import type { ScheduleStoreBodySchema, StaffSessionQuerySchema } from '../../contract/schedules';
import type { AppContext } from '../../context';
import { pgErrorCode, PG_EXCLUSION_VIOLATION, schema } from '../../db';
import { write } from '../../effects';
import { conflict, invalidInput } from '../../lib/http/errors';
import { paginate, searchCondition, type Page } from '../../lib/http/paging';
import { isPaidSql, occupiesSeatSql } from '../tickets/state';
import { findCard } from '../prices/cards';
import { presentSession } from './presenter';
import { startOfCinemaToday } from './service';

const { sessions, films, halls, tickets, priceCards } = schema;

/**
 * Sessions from the start of the cinema's today on — or of one day — earliest first, with their sold
 * seats. Cancelled sessions stay listed, with when and why (staff answer for them at the counter).
 */
export function listStaffSessions(
  ctx: Pick<AppContext, 'db'>,
  query: z.output<typeof StaffSessionQuerySchema>,
  now: Date,
): Promise<Page<StaffSession>> {
  const from = query.date ? fromCinemaTime(`${query.date} 00:00`) : startOfCinemaToday(now);
  const until = query.date ? fromCinemaTime(`${addDays(query.date, 1)} 00:00`) : undefined;
  const where = and(
    gte(sessions.startTime, from),
    until ? lt(sessions.startTime, until) : undefined,
    searchCondition(query.q, films.title, halls.name),
  );
  const taken =
    sql<number>`(select count(*) from ${tickets} where ${tickets.sessionId} = ${sessions.id} and ${occupiesSeatSql()})`.mapWith(
      Number,
    );
  // What the sold tickets brought: paid ones only (a pending order's lines hold seats but bring nothing yet).
  const takings =
    sql<number>`(select coalesce(sum(${tickets.priceKopecks}), 0) from ${tickets} where ${tickets.sessionId} = ${sessions.id} and ${isPaidSql()})`.mapWith(
      Number,
    );
  const paid =
    sql<number>`(select count(*) from ${tickets} where ${tickets.sessionId} = ${sessions.id} and ${isPaidSql()})`.mapWith(
      Number,
    );
  return paginate(
    query,
    async (limit, offset) => {
      const rows = await ctx.db
        .select({ session: sessions, film: films, hall: halls, taken, paid, takings, card: priceCards })
        .from(sessions)
        .innerJoin(films, eq(films.id, sessions.filmId))
        .innerJoin(halls, eq(halls.id, sessions.hallId))
        .leftJoin(priceCards, eq(priceCards.id, sessions.priceCardId))
        .where(where)
        .orderBy(asc(sessions.startTime), asc(sessions.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ session, film, hall, taken, paid, takings, card }) => ({
        id: session.id,
        movie: { id: film.id, title: film.title, poster: film.poster },
        hall: { id: hall.id, name: hall.name },
        start_time: toCinemaTime(session.startTime),
        end_time: toCinemaTime(session.endTime),
        duration: film.time,
        price: session.price,
        free: Math.max(0, hall.capacity - taken),
        taken,
        paid,
        total: hall.capacity,
        sum: roublesOf(takings),
        price_card: card ? { id: card.id, name: card.name } : null,
        cancelled_at: session.cancelledAt ? toCinemaTime(session.cancelledAt) : null,
        cancel_reason: session.cancelReason,
        subtitles: session.subtitles,
        audio_description: session.audioDescription,
      }));
    },
    async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(sessions)
        .innerJoin(films, eq(films.id, sessions.filmId))
        .innerJoin(halls, eq(halls.id, sessions.hallId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}

/**
 * Schedules a session. Its end is the start plus the film's running time (whatever the client
 * sent). A session that would share its hall with another at the same time is refused by the
 * database's exclusion constraint (so two managers scheduling at once cannot both win): 409 naming
 * the session in the way.
 */
export async function createSession(
  ctx: AppContext,
  body: z.output<typeof ScheduleStoreBodySchema>,
  now: Date,
): Promise<Session> {
  const [film, hall, card] = await Promise.all([
    ctx.db.query.films.findFirst({ where: eq(films.id, body.movie_id) }),
    ctx.db.query.halls.findFirst({ where: eq(halls.id, body.hall_id) }),
    body.price_card_id ? findCard(ctx, body.price_card_id) : undefined,
  ]);
  const fields: Record<string, string> = {};
  if (!film) fields.movie_id = 'Такого фильма нет';
  if (!hall) fields.hall_id = 'Такого зала нет';
  if (body.price_card_id && !card) fields.price_card_id = 'Такой ценовой карты нет';
  if (body.start_time.getTime() <= now.getTime()) fields.start_time = 'Сеанс не может начинаться в прошлом';
  if (!film || !hall || Object.keys(fields).length > 0) throw invalidInput(fields);
  refuseFilmWithoutPu(film, body.start_time);
  // On a card, SPEC's price is the card's standard adult price (whole roubles, as SPEC has it).
  const price = card ? Math.round(roublesOf(card.standardAdultKopecks)) : body.price;

  const startTime = body.start_time;
  const endTime = new Date(startTime.getTime() + film.time * 60_000);
  try {
    const session = await write(ctx, async (tx, changed) => {
      const [row] = await tx
        .insert(sessions)
        .values({
          filmId: film.id,
          hallId: hall.id,
          startTime,
          endTime,
          price,
          priceCardId: card?.id ?? null,
          subtitles: body.subtitles,
          audioDescription: body.audio_description,
        })
        .returning();
      changed({ what: 'sessions', ids: [row!.id] });
      return row!;
    });
    return presentSession({ ...session, hall, tickets: [] }, film);
  } catch (err) {
    if (pgErrorCode(err) !== PG_EXCLUSION_VIOLATION) throw err;
    throw await overlapConflict(ctx, hall.id, startTime, endTime);
  }
}

/**
 * A session goes on sale only for a film with its distribution certificate (ПУ) valid on the session's date
 * (REGISTRIES.md §3.6): ЕАИС reports it. An event shown without a ПУ carries ЕАИС's reason code (`pu_reason`)
 * instead. A ПУ without its dates entered is not checked against them.
 */
export function refuseFilmWithoutPu(
  film: { puNumber: string | null; puIssued: string | null; puUntil: string | null; puReason: string | null },
  startTime: Date,
): void {
  if (film.puReason?.trim()) return;
  if (!film.puNumber?.trim())
    throw invalidInput(
      { movie_id: 'У фильма нет номера прокатного удостоверения (ПУ): укажите его в карточке фильма' },
      'Сеанс нельзя поставить в продажу без прокатного удостоверения фильма',
    );
  const day = toCinemaDate(startTime);
  const shown = (date: string) => date.split('-').reverse().join('.');
  if (film.puIssued && day < film.puIssued)
    throw invalidInput(
      { start_time: `Прокатное удостоверение фильма выдано ${shown(film.puIssued)}: сеанс ${shown(day)} раньше` },
      'Прокатное удостоверение фильма не действует в день сеанса',
    );
  if (film.puUntil && day > film.puUntil)
    throw invalidInput(
      { start_time: `Прокатное удостоверение фильма действует до ${shown(film.puUntil)}: сеанс ${shown(day)} позже` },
      'Прокатное удостоверение фильма не действует в день сеанса',
    );
}

/** 409 session_overlap naming the session in the way (not `exceptId`, the one being moved). */
export async function overlapConflict(ctx: AppContext, hallId: number, start: Date, end: Date, exceptId?: number) {
  const [other] = await ctx.db
    .select({ id: sessions.id, title: films.title, startTime: sessions.startTime, endTime: sessions.endTime })
    .from(sessions)
    .innerJoin(films, eq(films.id, sessions.filmId))
    .where(
      and(
        eq(sessions.hallId, hallId),
        // A cancelled session gives its time back (the database's no-overlap rule says the same).
        isNull(sessions.cancelledAt),
        lt(sessions.startTime, end),
        sql`${sessions.endTime} > ${start}`,
        exceptId === undefined ? undefined : ne(sessions.id, exceptId),
      ),
    )
    .orderBy(asc(sessions.startTime))
    .limit(1);
  const when = other
    ? `${toCinemaTime(other.startTime).slice(0, 16)}–${toCinemaTime(other.endTime).slice(11, 16)}`
    : '';
  return conflict(
    'session_overlap',
    other ? `В этом зале в это время уже идёт «${other.title}» (${when})` : 'В этом зале в это время уже есть сеанс',
    {
      fields: { start_time: 'Зал в это время занят' },
      ...(other
        ? {
            session: {
              id: other.id,
              title: other.title,
              start_time: toCinemaTime(other.startTime),
              end_time: toCinemaTime(other.endTime),
            },
          }
        : {}),
    },
  );
}
