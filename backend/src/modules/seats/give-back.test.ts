/**
 * Seats given back keep the hall's no-single-gap rule (seats.io's, as the hold does): a release, or a
 * purchase of only some of one's holds (the rest are freed after it), that would leave one free seat
 * alone between taken ones is refused with the hold's `orphan` reason and message — unless every choice
 * of the seats kept in that stretch would leave one. And a seat the hall does not have is bad input on
 * every path that names seats: 400 naming the seat, as a code beyond any hall is.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEAT_REFUSAL_MESSAGES } from '../../contract/seats';
import { schema } from '../../db';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { holdSeats, orderBody, useShop } from '../../testing/orders';
import { request } from '../../testing/seat-client';

describe('giving seats back', () => {
  const shop = useShop();
  const db = () => shop.t.ctx.db;
  const ticketsOf = (sessionId: number) =>
    db().select().from(schema.tickets).where(eq(schema.tickets.sessionId, sessionId));

  async function viewerIn(sessionId: number) {
    const viewer = await shop.buyer();
    await viewer.socket.join(sessionId);
    return {
      ...viewer,
      hold: (seat: string) => request(viewer.socket, 'seats:hold', { sessionId, seat }),
      release: (seat: string) => request(viewer.socket, 'seats:release', { sessionId, seat }),
      mine: async () => (await viewer.socket.join(sessionId)).mine.sort(),
    };
  }
  const buy = (viewer: { token: string }, session: Parameters<typeof orderBody>[0], seats: string[]) =>
    shop.t.call('POST /tickets/store', { body: orderBody(session, seats) }, viewer.token);

  it('refuses a release that would leave the seat alone between my other seats, and allows it from the end', async () => {
    const session = await buildSession(db());
    const viewer = await viewerIn(session.id);
    const watcher = await viewerIn(session.id);
    await holdSeats(viewer.socket, session.id, ['r1m3', 'r1m4', 'r1m5']);

    expect(await viewer.release('r1m4')).toEqual({ ok: false, reason: 'orphan' });
    expect(await viewer.mine()).toEqual(['r1m3', 'r1m4', 'r1m5']);
    expect((await watcher.socket.join(session.id)).held.sort()).toEqual(['r1m3', 'r1m4', 'r1m5']);

    // From the end of the group the stretch stays whole: r1m5, then r1m4.
    expect(await viewer.release('r1m5')).toMatchObject({ ok: true });
    expect(await viewer.release('r1m4')).toMatchObject({ ok: true });
    expect(await viewer.mine()).toEqual(['r1m3']);
  });

  it('allows a release when no other choice exists: a seat between others, or a stretch of two', async () => {
    const session = await buildSession(db());
    const [other, viewer] = [await viewerIn(session.id), await viewerIn(session.id)];
    // Taken in this order, no hold leaves a seat alone (the hold's own rule).
    await holdSeats(other.socket, session.id, ['r2m3', 'r3m3']);
    await holdSeats(viewer.socket, session.id, ['r2m4', 'r3m4', 'r3m5']);
    await holdSeats(other.socket, session.id, ['r2m5', 'r3m6']);
    // r2m4 alone between another viewer's seats was alone before the viewer took it.
    expect(await viewer.release('r2m4')).toMatchObject({ ok: true });
    // r3m4–r3m5 is a stretch of two: keeping either seat leaves the other alone, whichever it is.
    expect(await viewer.release('r3m5')).toMatchObject({ ok: true });
    expect(await viewer.mine()).toEqual(['r3m4']);
  });

  it('refuses a purchase of some of my seats that would leave one of the others alone, writing nothing', async () => {
    const session = await buildSession(db());
    const viewer = await viewerIn(session.id);
    await holdSeats(viewer.socket, session.id, ['r4m3', 'r4m4', 'r4m5']);

    const refused = await buy(viewer, session, ['r4m3', 'r4m5']);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'conflict', message: SEAT_REFUSAL_MESSAGES.orphan, details: { reason: 'orphan', seat: 'r4m4' } },
    });
    expect(await ticketsOf(session.id)).toEqual([]);
    expect(await viewer.mine()).toEqual(['r4m3', 'r4m4', 'r4m5']);

    // Two seats side by side leave r4m5 next to a free seat: sold.
    const bought = await buy(viewer, session, ['r4m3', 'r4m4']);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect((await ticketsOf(session.id)).map((t) => t.seatNumber).sort()).toEqual(['r4m3', 'r4m4']);
  });

  it('allows a purchase that leaves a seat alone when every choice would: two of a stretch of three', async () => {
    const session = await buildSession(db());
    const [other, viewer] = [await viewerIn(session.id), await viewerIn(session.id)];
    await holdSeats(other.socket, session.id, ['r5m2', 'r5m6']);
    await holdSeats(viewer.socket, session.id, ['r5m3', 'r5m4', 'r5m5']);
    const bought = await buy(viewer, session, ['r5m3', 'r5m5']);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  });
});

describe('a seat the hall does not have', () => {
  const shop = useShop();
  const db = () => shop.t.ctx.db;
  const notInHall = (field: string) => ({
    code: 'invalid_input',
    details: { fields: { [field]: 'Такого места в зале нет' } },
  });

  it('is refused as bad input naming it: the hold, the quote, the order and the till alike (r11m1 in a 10-row hall)', async () => {
    const session = await buildSession(db());
    const viewer = await shop.buyer();
    await holdSeats(viewer.socket, session.id, ['r1m1']);
    expect(await request(viewer.socket, 'seats:hold', { sessionId: session.id, seat: 'r11m1' })).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const quote = await shop.t.call(
      'POST /orders/quote',
      { body: { schedule_id: session.id, lines: [{ seat_number: 'r11m1', ticket_type: 'adult' }] } },
      viewer.token,
    );
    expect(quote.status).toBe(400);
    expect(quote.body.error).toMatchObject(notInHall('lines.0.seat_number'));

    const order = await shop.t.call(
      'POST /tickets/store',
      { body: orderBody(session, ['r1m1', 'r11m1']) },
      viewer.token,
    );
    expect(order.status).toBe(400);
    expect(order.body.error).toMatchObject(notInHall('seat_number.1'));
    expect(await db().select().from(schema.tickets).where(eq(schema.tickets.sessionId, session.id))).toEqual([]);

    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const shift = await shop.t.call('POST /shifts/open', { body: { float: 0, till: 'Касса 1' } }, cashier.token);
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const sale = await shop.t.call(
      'POST /till/orders',
      { body: { schedule_id: session.id, lines: [{ seat_number: 'r11m1' }], method: 'cash' } },
      cashier.token,
    );
    expect(sale.status).toBe(400);
    expect(sale.body.error).toMatchObject(notInHall('lines.0.seat_number'));
  });
});
