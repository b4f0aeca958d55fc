/**
 * Prices like a cinema's: a session sold on a price card (zones × ticket types), ticket type rules,
 * promo codes with their limits, the distributor's no-discount period. The quote the buyer sees is
 * the one the order charges, line by line, to the kopeck — at the provider and on the receipt; a
 * total that is no longer right is a 409 with the new quote, never a silent charge.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suggestCard, type PriceCardBody, type PromoCodeBody, type QuoteBody } from '../../contract/prices';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { buildFilm, buildHall, buildSession, buildSignedInUser } from '../../testing/factories';
import { holdSeats, orderBody, payOrder, providerPaymentOf, useShop } from '../../testing/orders';
import { planOf } from '../../testing/plans';

const CARD: PriceCardBody = {
  name: 'Вечер',
  prices: [
    { zone: 'standard', ticket_type: 'adult', price: 400 },
    { zone: 'vip', ticket_type: 'adult', price: 600 },
    { zone: 'sofa', ticket_type: 'adult', price: 500 },
    // The student's price in VIP is the card's own, not the type's rule.
    { zone: 'vip', ticket_type: 'student', price: 450.5 },
  ],
};

const promo = (code: string, extra: Partial<PromoCodeBody> = {}): PromoCodeBody => ({
  code,
  kind: 'percent',
  value: 10,
  valid_from: new Date(Date.now() - 3600_000).toISOString(),
  valid_until: new Date(Date.now() + 86400_000).toISOString(),
  ...extra,
});

describe('prices', () => {
  const shop = useShop();
  const staff = async () => (await buildSignedInUser(shop.t.ctx, { role: 'manager' })).token;

  /** A hall with a VIP back row, a row of sofas before it, and a session on the card; the film may forbid discounts. */
  async function sessionOnCard(film: Partial<typeof schema.films.$inferInsert> = {}) {
    const token = await staff();
    const hall = await buildHall(shop.t.ctx.db);
    const plan = planOf(10, 11, {
      zoneOf: (row) => (row === 10 ? 'vip' : row === 9 ? 'sofa' : 'standard'),
      flags: { r9m11: { zone: 'standard' } },
    });
    expect((await shop.t.call('PUT /halls/:id/plan', { params: { id: hall.id }, body: plan }, token)).status).toBe(200);
    const card = await shop.t.call('POST /price-cards', { body: { ...CARD, name: `Вечер ${hall.id}` } }, token);
    expect(card.status).toBe(201);
    const { id: movieId } = await buildFilm(shop.t.ctx.db, film);
    const start = toCinemaTime(new Date(Date.now() + 3 * 86400_000)).slice(0, 16);
    const created = await shop.t.call(
      'POST /schedule/store',
      { body: { movie_id: movieId, hall_id: hall.id, start_time: start, price: 1, price_card_id: card.body.id } },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // SPEC's price of a session on a card is its standard adult price.
    expect(created.body.price).toBe(400);
    const [session] = await shop.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, created.body.id));
    return session!;
  }
  const quoteOf = (body: QuoteBody, token?: string) => shop.t.call('POST /orders/quote', { body }, token);

  it('quotes by zone and ticket type: the card, its own cells, the types’ rules, in roubles and kopecks', async () => {
    const session = await sessionOnCard();
    const { status, body } = await quoteOf({
      schedule_id: session.id,
      lines: [
        { seat_number: 'r10m5', ticket_type: 'adult' },
        { seat_number: 'r10m6', ticket_type: 'child' },
        { seat_number: 'r10m7', ticket_type: 'student' },
        { seat_number: 'r3m3', ticket_type: 'pensioner' },
      ],
    });
    expect(status).toBe(200);
    expect(body.lines.map((l) => [l.seat_number, l.zone, l.base, l.type_discount, l.price])).toEqual([
      ['r10m5', 'vip', 600, 0, 600],
      ['r10m6', 'vip', 600, 180, 420],
      ['r10m7', 'vip', 600, 149.5, 450.5],
      ['r3m3', 'standard', 400, 120, 280],
    ]);
    expect(body.total).toBe(1750.5);
    expect(body.promo).toBeNull();
  });

  it('applies a promo code, and says in Russian why one does not apply', async () => {
    const session = await sessionOnCard();
    const token = await staff();
    const other = await buildFilm(shop.t.ctx.db);
    const elsewhen = await buildSession(shop.t.ctx.db, { filmId: session.filmId });
    for (const body of [
      promo(`TEN-${session.id}`),
      promo(`OLD-${session.id}`, {
        valid_until: new Date(Date.now() - 60_000).toISOString(),
        valid_from: new Date(Date.now() - 7200_000).toISOString(),
      }),
      promo(`ELSE-${session.id}`, { film_ids: [other.id] }),
      promo(`FLAT-${session.id}`, { kind: 'amount', value: 150 }),
      promo(`SOON-${session.id}`, { valid_from: new Date(Date.now() + 3600_000).toISOString() }),
      promo(`ELSEWHEN-${session.id}`, { session_ids: [elsewhen.id] }),
    ])
      expect((await shop.t.call('POST /promo-codes', { body }, token)).status).toBe(201);
    const lines = [
      { seat_number: 'r10m5', ticket_type: 'adult' },
      { seat_number: 'r10m6', ticket_type: 'child' },
    ];
    const ten = await quoteOf({ schedule_id: session.id, lines, promo_code: `ten-${session.id}` });
    expect([ten.body.total, ten.body.promo, ten.body.promo_error]).toEqual([
      918,
      { code: `TEN-${session.id}`, discount: 102 },
      null,
    ]);
    const flat = await quoteOf({ schedule_id: session.id, lines, promo_code: `FLAT-${session.id}` });
    expect(flat.body.total).toBe(870);
    for (const [code, reason] of [
      ['NOPE-1', 'Такого промокода нет'],
      [`OLD-${session.id}`, 'Срок действия промокода истёк'],
      [`ELSE-${session.id}`, 'Промокод не действует на этот фильм'],
      [`SOON-${session.id}`, 'Промокод ещё не действует'],
      [`ELSEWHEN-${session.id}`, 'Промокод не действует на этот сеанс'],
    ]) {
      const { body } = await quoteOf({ schedule_id: session.id, lines, promo_code: code });
      expect([body.total, body.promo, body.promo_error]).toEqual([1020, null, reason]);
    }
    // The session-only code takes off on the session it names.
    const there = await quoteOf({
      schedule_id: elsewhen.id,
      lines: [{ seat_number: 'r1m1', ticket_type: 'adult' }],
      promo_code: `ELSEWHEN-${session.id}`,
    });
    expect([there.body.promo?.code, there.body.promo_error]).toEqual([`ELSEWHEN-${session.id}`, null]);
  });

  it('gives no type discount and takes no code while the distributor forbids discounts', async () => {
    const until = toCinemaTime(new Date(Date.now() + 10 * 86400_000)).slice(0, 10);
    const session = await sessionOnCard({ noDiscountUntil: until });
    const { body } = await quoteOf({
      schedule_id: session.id,
      lines: [{ seat_number: 'r2m2', ticket_type: 'child' }],
      promo_code: 'ANY-CODE',
    });
    expect([body.total, body.discounts_forbidden]).toEqual([400, true]);
    expect(body.promo_error).toContain('не действуют до');
  });

  it('refuses seats outside the plan and unknown ticket types as field errors', async () => {
    const session = await sessionOnCard();
    const { status, body } = await quoteOf({
      schedule_id: session.id,
      lines: [
        { seat_number: 'r11m1', ticket_type: 'adult' },
        { seat_number: 'r1m1', ticket_type: 'veteran' },
      ],
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('Такого места в зале нет');
    expect(JSON.stringify(body)).toContain('Такого типа билета нет');
  });

  it('sells a family two adult and one child VIP tickets with a code: popover, order, provider and receipt agree to the kopeck', async () => {
    const session = await sessionOnCard();
    const token = await staff();
    const code = `FAMILY-${session.id}`;
    expect((await shop.t.call('POST /promo-codes', { body: promo(code, { per_buyer_limit: 1 }) }, token)).status).toBe(
      201,
    );
    const family = await shop.buyer();
    const seats = ['r10m5', 'r10m6', 'r10m7'];
    const lines = [
      { seat_number: 'r10m5', ticket_type: 'adult' },
      { seat_number: 'r10m6', ticket_type: 'adult' },
      { seat_number: 'r10m7', ticket_type: 'child' },
    ];
    const shown = await quoteOf({ schedule_id: session.id, lines, promo_code: code }, family.token);
    expect(shown.body.total).toBe(1458); // (600 + 600 + 420) × 0.9
    await holdSeats(family.socket, session.id, seats);

    // A total the buyer was not shown: 409 with the quote, nothing written.
    const stale = await shop.t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, seats), lines, promo_code: code, total: 1500 } },
      family.token,
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'price_changed', details: { quote: { total: 1458 } } } });
    expect(await shop.t.ctx.db.$count(schema.orders, eq(schema.orders.sessionId, session.id))).toBe(0);

    const made = await shop.t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, seats), lines, promo_code: code, total: shown.body.total } },
      family.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.total).toBe(1458);
    expect(made.body.promo_code).toBe(code);
    expect(
      made.body.lines.map((l) => [l.seat_number, l.zone.name, l.ticket_type.name, l.base, l.promo_discount, l.price]),
    ).toEqual([
      ['r10m5', 'VIP', 'Взрослый', 600, 60, 540],
      ['r10m6', 'VIP', 'Взрослый', 600, 60, 540],
      ['r10m7', 'VIP', 'Детский', 600, 42, 378],
    ]);
    const payment = shop.t.ctx.emulator.control.payment(await providerPaymentOf(shop.t.ctx, made.body.id))!;
    expect(payment.amount.value).toBe('1458.00');
    const create = shop.t.ctx.emulator.control.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v3/payments' &&
        (r.body as { metadata: { order_id: string } }).metadata.order_id === String(made.body.id),
    );
    const { receipt } = create!.body as { receipt: { items: { amount: { value: string } }[] } };
    expect(receipt.items.map((i) => i.amount.value)).toEqual(['540.00', '540.00', '378.00']);

    await payOrder(shop.t.ctx, made.body.id);
    const paid = await shop.t.call('GET /orders/:id', { params: { id: made.body.id } }, family.token);
    expect(
      paid.body.tickets.map((t) => [t.price, t.zone.code, t.ticket_type.code, t.ticket_type.check_document]),
    ).toEqual([
      [540, 'vip', 'adult', false],
      [540, 'vip', 'adult', false],
      [378, 'vip', 'child', true],
    ]);

    // Once per buyer: the same family's next order is quoted without it.
    const again = await quoteOf(
      { schedule_id: session.id, lines: [{ seat_number: 'r10m1', ticket_type: 'adult' }], promo_code: code },
      family.token,
    );
    expect(again.body.promo_error).toBe('Вы уже использовали этот промокод');
  });

  it('keeps the SPEC call as it was: no lines, standard seats at the session price', async () => {
    const session = await buildSession(shop.t.ctx.db, { price: 380 });
    const buyer = await shop.buyer();
    await holdSeats(buyer.socket, session.id, ['r4m4', 'r4m5']);
    const made = await shop.t.call('POST /tickets/store', { body: orderBody(session, ['r4m4', 'r4m5']) }, buyer.token);
    expect(made.status).toBe(201);
    expect([made.body.total, made.body.lines.map((l) => l.price)]).toEqual([760, [380, 380]]);
  });

  it('lets staff keep cards, rules, types and codes, refusing what cannot be', async () => {
    const token = await staff();
    const noStandard = await shop.t.call(
      'POST /price-cards',
      { body: { name: 'Без стандарта', prices: [{ zone: 'vip', ticket_type: 'adult', price: 500 }] } },
      token,
    );
    expect(noStandard.status).toBe(400);
    const session = await sessionOnCard();
    const used = await shop.t.call('DELETE /price-cards/:id', { params: { id: session.priceCardId! } }, token);
    expect(used.status).toBe(409);

    const rule = await shop.t.call(
      'POST /price-rules',
      {
        body: {
          name: 'Утро будней',
          weekdays: 31,
          from_time: '09:00',
          until_time: '12:00',
          card_id: session.priceCardId!,
        },
      },
      token,
    );
    expect(rule.status).toBe(201);
    const rules = (await shop.t.call('GET /price-rules', {}, token)).body;
    expect(suggestCard(rules, '2026-11-23 10:30:00')).toBe(session.priceCardId); // a Monday morning
    expect(suggestCard(rules, '2026-11-28 10:30:00')).toBeNull(); // a Saturday

    const type = await shop.t.call(
      'PUT /ticket-types/:code',
      {
        params: { code: 'child' },
        body: { name: 'Детский', rule: 'fixed', value: 250, check_document: true, active: true },
      },
      token,
    );
    expect(type.body).toMatchObject({ rule: 'fixed', value: 250 });
    expect(
      (
        await shop.t.call(
          'PUT /ticket-types/:code',
          {
            params: { code: 'adult' },
            body: { name: 'Взрослый', rule: 'percent', value: 10, check_document: false, active: true },
          },
          token,
        )
      ).status,
    ).toBe(400);
    await shop.t.call(
      'PUT /ticket-types/:code',
      {
        params: { code: 'child' },
        body: { name: 'Детский', rule: 'percent', value: 30, check_document: true, active: true },
      },
      token,
    );

    expect((await shop.t.call('POST /promo-codes', { body: promo('TWICE') }, token)).status).toBe(201);
    expect((await shop.t.call('POST /promo-codes', { body: promo('twice') }, token)).status).toBe(409);
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    expect((await shop.t.call('GET /promo-codes', {}, cashier.token)).status).toBe(403);
  });

  it('gives a code’s last use to one of two orders racing for it: the other is a 409 saying it is used up', async () => {
    const session = await sessionOnCard();
    const code = `LAST-${session.id}`;
    expect(
      (await shop.t.call('POST /promo-codes', { body: promo(code, { total_limit: 2 }) }, await staff())).status,
    ).toBe(201);
    const line = (seat: string) => [{ seat_number: seat, ticket_type: 'adult' }];
    // 400 − 10 %: what each buyer is shown for one standard seat with the code.
    const withCode = (seat: string) => ({
      ...orderBody(session, [seat]),
      lines: line(seat),
      promo_code: code,
      total: 360,
    });
    const first = await shop.buyer();
    await holdSeats(first.socket, session.id, ['r2m1']);
    expect((await shop.t.call('POST /tickets/store', { body: withCode('r2m1') }, first.token)).status).toBe(201);

    const [ann, bob] = [await shop.buyer(), await shop.buyer()];
    await holdSeats(ann.socket, session.id, ['r4m1']);
    await holdSeats(bob.socket, session.id, ['r6m1']);
    const raced = await Promise.all([
      shop.t.call('POST /tickets/store', { body: withCode('r4m1') }, ann.token),
      shop.t.call('POST /tickets/store', { body: withCode('r6m1') }, bob.token),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = raced.find((r) => r.status === 409)!;
    expect(lost.body).toMatchObject({
      error: {
        code: 'price_changed',
        message: 'Промокод уже использован максимальное число раз',
        details: { quote: { total: 400, promo: null } },
      },
    });
    const used = await shop.t.ctx.db.select().from(schema.orders).where(eq(schema.orders.sessionId, session.id));
    expect(used.map((o) => o.totalKopecks)).toEqual([36_000, 36_000]);
    const next = await quoteOf({ schedule_id: session.id, lines: line('r8m1'), promo_code: code });
    expect(next.body.promo_error).toBe('Промокод уже использован максимальное число раз');
  });

  it('refuses an order with half a sofa: 400 naming the other seat, nothing written; the whole sofa sells', async () => {
    const session = await sessionOnCard();
    const couple = await shop.buyer();
    // Holding one seat of a sofa holds both.
    await holdSeats(couple.socket, session.id, ['r9m3']);
    const half = await shop.t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, ['r9m3']), total: 500 } },
      couple.token,
    );
    expect(half.status).toBe(400);
    expect(half.body.error.message).toBe('Диван продаётся только целиком: выберите оба его места');
    expect(JSON.stringify(half.body.error.details)).toContain('Диван продаётся целиком: добавьте место 4');
    expect(await shop.t.ctx.db.$count(schema.orders, eq(schema.orders.sessionId, session.id))).toBe(0);
    const quoted = await quoteOf({ schedule_id: session.id, lines: [{ seat_number: 'r9m4', ticket_type: 'adult' }] });
    expect(quoted.status).toBe(400);

    const whole = await shop.t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, ['r9m3', 'r9m4']), total: 1000 } },
      couple.token,
    );
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body.lines.map((l) => [l.seat_number, l.zone.code, l.price])).toEqual([
      ['r9m3', 'sofa', 500],
      ['r9m4', 'sofa', 500],
    ]);
  });

  it('keeps an order’s line prices and total when its card and a ticket type change afterwards', async () => {
    const session = await sessionOnCard();
    const token = await staff();
    const buyer = await shop.buyer();
    const lines = [
      { seat_number: 'r10m5', ticket_type: 'adult' },
      { seat_number: 'r10m6', ticket_type: 'child' },
    ];
    await holdSeats(buyer.socket, session.id, ['r10m5', 'r10m6']);
    const made = await shop.t.call(
      'POST /tickets/store',
      { body: { ...orderBody(session, ['r10m5', 'r10m6']), lines, total: 1020 } },
      buyer.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const card = await shop.t.call(
      'PUT /price-cards/:id',
      {
        params: { id: session.priceCardId! },
        body: {
          ...CARD,
          name: `Вечер ${session.hallId}`,
          prices: CARD.prices.map((p) => ({ ...p, price: p.price + 100 })),
        },
      },
      token,
    );
    expect(card.status).toBe(200);
    const childType = { name: 'Детский', rule: 'percent', value: 30, check_document: true, active: true } as const;
    const type = await shop.t.call(
      'PUT /ticket-types/:code',
      { params: { code: 'child' }, body: { ...childType, value: 50 } },
      token,
    );
    expect(type.status).toBe(200);
    try {
      // New buyers see the new prices…
      expect((await quoteOf({ schedule_id: session.id, lines })).body.total).toBe(700 + 350);
      // …the order made before stays as it was made.
      const again = await shop.t.call('GET /orders/:id', { params: { id: made.body.id } }, buyer.token);
      expect(again.body.total).toBe(1020);
      expect(again.body.lines.map((l) => [l.seat_number, l.base, l.type_discount, l.price])).toEqual([
        ['r10m5', 600, 0, 600],
        ['r10m6', 600, 180, 420],
      ]);
    } finally {
      await shop.t.call('PUT /ticket-types/:code', { params: { code: 'child' }, body: childType }, token);
    }
  });

  it('refuses a card whose standard adult price has kopecks: 400 on that price, nothing written', async () => {
    const token = await staff();
    const name = `С копейками ${Date.now()}`;
    const res = await shop.t.call(
      'POST /price-cards',
      { body: { name, prices: [{ zone: 'standard', ticket_type: 'adult', price: 399.5 }] } },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        details: {
          fields: {
            'prices.0.price': 'Цена взрослого билета в зоне «Стандарт» — целое число рублей: это цена сеанса',
          },
        },
      },
    });
    expect(await shop.t.ctx.db.$count(schema.priceCards, eq(schema.priceCards.name, name))).toBe(0);
    const session = await sessionOnCard();
    const changed = await shop.t.call(
      'PUT /price-cards/:id',
      {
        params: { id: session.priceCardId! },
        body: { name: 'Вечер', prices: [{ zone: 'standard', ticket_type: 'adult', price: 450.99 }] },
      },
      token,
    );
    expect(changed.status).toBe(400);
    // Kopecks elsewhere on the card are fine, and SPEC-shaped orders at the session's price still go through.
    const buyer = await shop.buyer();
    await holdSeats(buyer.socket, session.id, ['r5m5']);
    const spec = await shop.t.call('POST /tickets/store', { body: orderBody(session, ['r5m5']) }, buyer.token);
    expect(spec.status, JSON.stringify(spec.body)).toBe(201);
  });
});
