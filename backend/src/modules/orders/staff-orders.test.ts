/** The back office's orders: the table, an order's payments and audit trail, and refunds with a reason. */
import { describe, expect, it } from 'vitest';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { buySeats, useShop } from '../../testing/orders';
import { says } from '../../testing/seat-client';

describe('orders in the back office', () => {
  const shop = useShop();

  async function paidOrder(seats: string[]) {
    const buyer = await shop.buyer({ fio: 'Олег Покупатель' });
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 500 });
    const order = await buySeats(shop.t, buyer, session, seats);
    return { ...buyer, session, order };
  }

  it('lists orders newest first with buyer, film, seats, total and the provider payment id; searches by buyer', async () => {
    const { order, user } = await paidOrder(['r1m1', 'r1m2']);
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const { status, body } = await shop.t.call('GET /orders', { query: { q: 'Олег' } }, manager.token);
    expect(status).toBe(200);
    const row = body.data.find((r) => r.id === order.id);
    expect(row).toMatchObject({
      status: 'paid',
      channel: 'web',
      total: 1000,
      refunded: 0,
      buyer: user.fio,
      seats: ['r1m1', 'r1m2'],
      provider_payment_id: expect.any(String),
    });
    const none = await shop.t.call('GET /orders', { query: { q: 'нет такого покупателя' } }, manager.token);
    expect(none.body.data).toEqual([]);
  });

  it('shows an order’s payments and its audit trail: who did what, when, through which channel', async () => {
    const { order } = await paidOrder(['r2m1']);
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const { status, body } = await shop.t.call('GET /orders/:id/details', { params: { id: order.id } }, cashier.token);
    expect(status).toBe(200);
    expect(body.payments).toMatchObject([{ provider: 'yookassa', status: 'succeeded', amount: 500 }]);
    expect(body.events.map((e) => e.action)).toEqual(['created', 'payment_created', 'paid']);
    expect(body.events[0]).toMatchObject({ actor: 'Олег Покупатель', channel: 'web' });
    expect(body.events[2]).toMatchObject({ actor: null });
  });

  it('refunds chosen lines through the provider with the reason, frees their seats, and records who did it', async () => {
    const { order, socket, session } = await paidOrder(['r3m1', 'r3m2']);
    const admin = await buildSignedInUser(shop.t.ctx, { role: 'admin', fio: 'Анна Администратор' });
    const line = order.lines[0]!;
    const { status, body } = await shop.t.call(
      'POST /orders/:id/refund',
      { params: { id: order.id }, body: { ticket_ids: [line.ticket_id], reason: 'Зритель заболел' } },
      admin.token,
    );
    expect(status).toBe(200);
    expect(body.lines.map((l) => [l.seat_number, l.status, l.refund?.status ?? null])).toEqual([
      ['r3m1', 'refunded', 'succeeded'],
      ['r3m2', 'paid', null],
    ]);
    expect(body.events.find((e) => e.action === 'refund_requested')).toMatchObject({
      actor: 'Анна Администратор',
      reason: 'Зритель заболел',
    });
    await socket.join(session.id);
    await socket.waitForDelta(says('r3m1', 'free'));
    const list = await shop.t.call('GET /orders', { query: { q: 'Олег' } }, admin.token);
    expect(list.body.data.find((r) => r.id === order.id)?.refunded).toBe(500);
  });

  it('refunds every live line when none is named', async () => {
    const { order } = await paidOrder(['r4m1', 'r4m2']);
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const { body } = await shop.t.call(
      'POST /orders/:id/refund',
      { params: { id: order.id }, body: { reason: 'Сеанс перенесён' } },
      manager.token,
    );
    expect(body.lines.map((l) => l.status)).toEqual(['refunded', 'refunded']);
  });

  it('answers 403 to a cashier (refunds are the manager’s), 400 without a reason, 409 for a line refunded already; writes nothing', async () => {
    const { order } = await paidOrder(['r5m1']);
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const manager = await buildSignedInUser(shop.t.ctx, { role: 'manager' });
    const refund = (token: string, body: unknown) =>
      shop.t.call('POST /orders/:id/refund', { params: { id: order.id }, body }, token);
    expect((await refund(cashier.token, { reason: 'Просьба зрителя' })).status).toBe(403);
    const noReason = await refund(manager.token, { reason: ' ' });
    expect([noReason.status, noReason.body.error.code]).toEqual([400, 'invalid_input']);
    expect((await refund(manager.token, { reason: 'Просьба зрителя' })).status).toBe(200);
    const again = await refund(manager.token, { ticket_ids: [order.lines[0]!.ticket_id], reason: 'Ещё раз' });
    expect([again.status, again.body.error.code]).toEqual([409, 'ticket_refunded']);
    const details = await shop.t.call('GET /orders/:id/details', { params: { id: order.id } }, manager.token);
    expect(details.body.events.filter((e) => e.action === 'refund_requested')).toHaveLength(1);
  });

  it('answers 401 and 403 to those who may not see orders', async () => {
    const viewer = await buildSignedInUser(shop.t.ctx);
    const content = await buildSignedInUser(shop.t.ctx, { role: 'content-manager' });
    expect((await shop.t.call('GET /orders', {})).status).toBe(401);
    expect((await shop.t.call('GET /orders', {}, viewer.token)).status).toBe(403);
    expect((await shop.t.call('GET /orders', {}, content.token)).status).toBe(403);
  });
});
