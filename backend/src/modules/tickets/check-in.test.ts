/** Admission at the door: a genuine, live, unused ticket while the door is open — once. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromCinemaTime, toCinemaDate, toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { buildFilm, buildHall, buildSession, buildTicket, buildUser } from '../../testing/factories';
import type { AppError } from '../../lib/http/errors';
import { refusal } from '../../testing/refusal';
import { createTestContext, type TestContext } from '../../testing/harness';
import { checkInTicket } from './check-in';
import { signCheckInCode } from './check-in-code';
import { ticketCode } from './presenter';
import { refundOwnTicket } from '../orders/ticket-refund';

const MINUTE = 60_000;

describe('checkInTicket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A ticket of a two-hour session starting at `start`, and its code. */
  async function ticketAt(start: Date, seatNumber = 'r7m3') {
    const film = await buildFilm(ctx.db, { title: 'Солярис', age: 12 });
    const hall = await buildHall(ctx.db);
    const session = await buildSession(ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      startTime: start,
      endTime: new Date(start.getTime() + 120 * MINUTE),
    });
    const user = await buildUser(ctx.db);
    const ticket = await buildTicket(ctx.db, { sessionId: session.id, userId: user.id, seatNumber });
    return { film, hall, session, user, ticket, code: ticketCode(ctx.config.appSecret, ticket) };
  }
  const usedAt = async (id: number) =>
    (await ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, id)))[0]!.usedAt;

  it('admits a live ticket and answers the film, session, hall, row and seat', async () => {
    const start = new Date(Date.now() + 30 * MINUTE);
    const { film, hall, session, ticket, code } = await ticketAt(start);
    const now = new Date();
    const result = await checkInTicket(ctx, code, now);
    expect(result).toEqual({
      ticket_id: ticket.id,
      film: { id: film.id, title: 'Солярис', age: 12 },
      session: { id: session.id, start_time: toCinemaTime(start), end_time: toCinemaTime(session.endTime) },
      hall: { id: hall.id, name: hall.name },
      seat_number: 'r7m3',
      row: 7,
      seat: 3,
      zone: { code: 'standard', name: 'Стандарт' },
      ticket_type: { code: 'adult', name: 'Взрослый', check_document: false },
      used_at: toCinemaTime(now),
    });
    expect(await usedAt(ticket.id)).toEqual(now);
  });

  it('accepts the code as a cashier types it: lower case, with spaces', async () => {
    const { ticket, code } = await ticketAt(new Date(Date.now() + 10 * MINUTE));
    const result = await checkInTicket(ctx, ` ${code.toLowerCase()} `, new Date());
    expect(result.ticket_id).toBe(ticket.id);
  });

  it('answers a second scan with 409 ticket_used and the time of the first, and keeps that time', async () => {
    const { ticket, code } = await ticketAt(new Date(Date.now() + 20 * MINUTE));
    const first = new Date();
    await checkInTicket(ctx, code, first);
    const error = await refusal(checkInTicket(ctx, code, new Date(first.getTime() + 5 * MINUTE)));
    expect([error.status, error.code, error.message]).toEqual([409, 'ticket_used', 'Билет уже использован']);
    expect(error.details).toEqual({ used_at: toCinemaTime(first) });
    expect(await usedAt(ticket.id)).toEqual(first);
  });

  it('admits once when the same ticket is scanned at several doors at the same moment', async () => {
    const { ticket, code } = await ticketAt(new Date(Date.now() + 20 * MINUTE));
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => checkInTicket(ctx, code, now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('ticket_used');
    }
    expect(await usedAt(ticket.id)).toEqual(now);
  });

  it.each([
    ['a changed signature', (code: string) => code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A')],
    ['another ticket number', (code: string) => code.replace(/^KINO-\d+-/, 'KINO-1-')],
    ['text that is not a code', () => 'https://example.test/ticket'],
  ])('answers 400 ticket_code_invalid for %s, and admits nobody', async (_name, forge) => {
    const { ticket, code } = await ticketAt(new Date(Date.now() + 20 * MINUTE));
    const error = await refusal(checkInTicket(ctx, forge(code), new Date()));
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'ticket_code_invalid',
      'Код билета недействителен',
    ]);
    expect(await usedAt(ticket.id)).toBeNull();
  });

  it('answers 404 for a genuine code of a ticket that does not exist', async () => {
    const code = signCheckInCode(ctx.config.appSecret, { ticketId: 999_999, sessionId: 1, seat: 'r1m1' });
    const error = await refusal(checkInTicket(ctx, code, new Date()));
    expect([error.status, error.code]).toEqual([404, 'not_found']);
  });

  it('answers 409 ticket_refunded for a refunded ticket', async () => {
    const { user, ticket, code } = await ticketAt(new Date(Date.now() + 50 * MINUTE));
    await refundOwnTicket(ctx, user.id, ticket.id, new Date());
    const error = await refusal(checkInTicket(ctx, code, new Date()));
    expect([error.status, error.code]).toEqual([409, 'ticket_refunded']);
    expect(await usedAt(ticket.id)).toBeNull();
  });

  it('opens the door 60 minutes before the start and closes it at the end, with 409 door_closed outside', async () => {
    // Noon in two days: the door's opening (11:00) is on the same day as the scans tried.
    const start = fromCinemaTime(`${addDays(toCinemaDate(new Date()), 2)} 12:00`);
    const early = await ticketAt(start, 'r1m1');
    const error = await refusal(checkInTicket(ctx, early.code, new Date(start.getTime() - 61 * MINUTE)));
    expect([error.status, error.code]).toEqual([409, 'door_closed']);
    const opensAt = toCinemaTime(new Date(start.getTime() - 60 * MINUTE));
    expect(error.message).toBe(`Вход на сеанс ещё закрыт: он откроется ${opensAt.slice(11, 16)}`);
    expect(error.details).toEqual({ opens_at: opensAt, ends_at: toCinemaTime(early.session.endTime) });
    expect((await checkInTicket(ctx, early.code, new Date(start.getTime() - 60 * MINUTE))).ticket_id).toBe(
      early.ticket.id,
    );

    const late = await ticketAt(start, 'r1m2');
    const over = await refusal(checkInTicket(ctx, late.code, late.session.endTime));
    expect([over.code, over.message]).toEqual(['door_closed', 'Сеанс уже закончился']);
    const lastMinute = new Date(late.session.endTime.getTime() - MINUTE);
    expect((await checkInTicket(ctx, late.code, lastMinute)).ticket_id).toBe(late.ticket.id);
  });

  it('names the day the door opens when it is not today, and takes the hour from DOOR_OPENS_MINUTES', async () => {
    const start = fromCinemaTime(`${addDays(toCinemaDate(new Date()), 3)} 12:00`);
    const { ticket, code } = await ticketAt(start);
    const error = await refusal(checkInTicket(ctx, code, new Date()));
    const opensAt = toCinemaTime(new Date(start.getTime() - 60 * MINUTE));
    expect(error.message).toBe(
      `Вход на сеанс ещё закрыт: он откроется ${opensAt.slice(8, 10)}.${opensAt.slice(5, 7)} в ${opensAt.slice(11, 16)}`,
    );
    const wide = { ...ctx, config: { ...ctx.config, doorOpensMinutes: 4 * 24 * 60 } };
    expect((await checkInTicket(wide, code, new Date())).ticket_id).toBe(ticket.id);
  });
});
