/**
 * "Now" is the context's clock (docs/architecture.md, "The clock"): over HTTP, with a ManualClock years
 * from the wall clock, the door, the promotions on show and a sign-in's token follow the clock the test
 * moves — a rule that read the wall clock instead would answer otherwise.
 */
import { describe, expect, it } from 'vitest';
import { StockListSchema } from '../contract/stocks';
import { fromCinemaTime } from '../contract/time';
import { ManualClock } from '../lib/infra/clock';
import { useTestApi } from '../testing/api';
import { buildPromotion, buildSession, buildSignedInUser, buildTicket } from '../testing/factories';
import { ticketCode } from './tickets/presenter';

const at = (cinemaTime: string) => fromCinemaTime(cinemaTime);
const clock = new ManualClock(at('2031-03-10 12:00'));
const api = useTestApi({ clock });

describe('the door opens and closes by the clock', () => {
  it('refuses a ticket before the door opens and after the session, and admits it in between', async () => {
    clock.set(at('2031-03-10 12:00'));
    // 14:00–16:00; the door opens DOOR_OPENS_MINUTES before the start.
    const session = await buildSession(api.ctx.db, {
      startTime: at('2031-03-10 14:00'),
      endTime: at('2031-03-10 16:00'),
    });
    const tickets = await Promise.all(
      ['r1m1', 'r1m2'].map((seatNumber) => buildTicket(api.ctx.db, { sessionId: session.id, seatNumber })),
    );
    const [early, late] = tickets.map((ticket) => ticketCode(api.ctx.config.appSecret, ticket));
    const { token } = await buildSignedInUser(api.ctx, { role: 'cashier' });
    const checkIn = (code: string) => api.t.call('POST /tickets/check-in', { body: { code } }, token);

    const before = await checkIn(early!);
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('door_closed');
    expect(before.body.error.message).toMatch(/^Вход на сеанс ещё закрыт/);

    clock.set(at('2031-03-10 14:30'));
    const during = await checkIn(early!);
    expect(during.status).toBe(200);
    expect(during.body.used_at).toBe('2031-03-10 14:30:00');

    clock.set(at('2031-03-10 16:00'));
    const after = await checkIn(late!);
    expect(after.status).toBe(409);
    expect(after.body.error).toMatchObject({ code: 'door_closed', message: 'Сеанс уже закончился' });
  });
});

describe('promotions on show follow the clock', () => {
  it('lists the promotions not ended at the clock’s now, and drops one once the clock passes its end', async () => {
    clock.set(at('2031-03-10 12:00'));
    const day = 24 * 3600_000;
    const now = clock.now().getTime();
    const ended = await buildPromotion(api.ctx.db, {
      dateStart: new Date(now - 10 * day),
      dateEnd: new Date(now - day),
    });
    const running = await buildPromotion(api.ctx.db, { dateStart: new Date(now - day), dateEnd: new Date(now + day) });
    const coming = await buildPromotion(api.ctx.db, {
      dateStart: new Date(now + day),
      dateEnd: new Date(now + 5 * day),
    });
    const shown = async () => StockListSchema.parse((await api.getJson('/api/stocks')).body).map((s) => s.id);

    expect(await shown()).not.toContain(ended.id);
    expect(await shown()).toEqual(expect.arrayContaining([running.id, coming.id]));

    clock.advance(2 * day);
    expect(await shown()).toEqual(expect.arrayContaining([coming.id]));
    expect(await shown()).not.toContain(running.id);
  });
});

describe('a sign-in token expires by the clock', () => {
  it('is accepted until its lifetime has passed on the clock, then refused with 401', async () => {
    clock.set(at('2031-03-10 12:00'));
    const { token } = await buildSignedInUser(api.ctx);
    expect((await api.t.call('GET /buying-ticket', {}, token)).status).toBe(200);

    clock.advance(api.ctx.config.tokenTtlSeconds * 1000 - 1000);
    expect((await api.t.call('GET /buying-ticket', {}, token)).status).toBe(200);

    clock.advance(1000);
    expect((await api.t.call('GET /buying-ticket', {}, token)).status).toBe(401);
  });
});
