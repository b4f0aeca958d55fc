import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSalesSchema, DashboardSchema } from '../../contract/dashboard';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { startApi, type RunningApi } from '../../server';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildSession, buildSignedInUser, buildTicket } from '../../testing/factories';
import { connectLiveClient, type LiveClient } from '../../testing/live-client';

const api = useTestApi();

describe('GET /api/dashboard', () => {
  it('returns the nine name/value lists: films in rental and not, then the other counts', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'cashier' });
    await buildFilm(api.ctx.db, { isRent: 1 });
    await buildFilm(api.ctx.db, { isRent: 0 });
    await buildFilm(api.ctx.db, { isRent: 0 });
    const { status, body } = await api.t.call('GET /dashboard', {}, token);
    expect(status).toBe(200);
    const lists = DashboardSchema.parse(body);
    expect(lists[0]).toEqual([
      { name: 'В прокате', value: 1 },
      { name: 'Не в прокате', value: 2 },
    ]);
    expect(lists.slice(1).map((list) => list[0]!.name)).toEqual([
      'Пользователи',
      'Персоны',
      'Жанры',
      'Отзывы',
      'Новости',
      'Залы',
      'Акции',
      'Страны',
    ]);
    expect(lists[1]![0]!.value).toBe(await api.ctx.db.$count(schema.users));
  });

  it("counts today's live sales and the seats sold per coming session", async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'manager' });
    const session = await buildSession(api.ctx.db, { startsInMinutes: 60, price: 400 });
    await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: 'r1m1', priceKopecks: 40000 });
    await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: 'r1m2', priceKopecks: 40000 });
    await buildTicket(api.ctx.db, {
      sessionId: session.id,
      seatNumber: 'r1m3',
      priceKopecks: 40000,
      status: 'refunded',
    });
    // A pending order: its seat is taken while the buyer pays, but no money has come.
    await buildTicket(api.ctx.db, {
      sessionId: session.id,
      seatNumber: 'r1m4',
      priceKopecks: 40000,
      status: 'pending',
    });
    const sales = DashboardSalesSchema.parse((await api.t.call('GET /dashboard/sales', {}, token)).body);
    expect(sales.tickets).toBe(2);
    expect(sales.revenue).toBe(800);
    // By zone and ticket type: the two live tickets are standard adult ones (refunded ones do not count).
    const of = (list: { name: string; value: number }[], name: string) => list.find((x) => x.name === name)?.value;
    expect(of(sales.by_zone, 'Стандарт')).toBe(sales.tickets);
    expect(of(sales.by_type, 'Взрослый')).toBe(sales.tickets);
    expect(sales.sessions.find((s) => s.id === session.id)).toMatchObject({
      start_time: toCinemaTime(session.startTime),
      // Seats taken: the two sold and the one being paid for.
      sold: 3,
      capacity: 110,
    });
  });
});

describe('the live dashboard across two API processes', () => {
  let second: RunningApi;
  let staff: LiveClient;
  beforeAll(async () => {
    second = await startApi(api.ctx, 0, '127.0.0.1');
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    staff = await connectLiveClient(second.url, token);
  });
  afterAll(async () => {
    staff?.disconnect();
    await second?.close();
  });

  it('tells a dashboard open on one process when a viewer registers through the other, and its counts move', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const usersNow = async () =>
      DashboardSchema.parse(
        await fetch(`${second.url}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
          r.json(),
        ),
      )[1]![0]!.value;
    const before = await usersNow();
    const pushes = staff.count('dashboard:changed');
    const res = await api.t.call('POST /register', {
      body: {
        email: `new-${Date.now()}@example.test`,
        password: 'secret-password-1',
        fio: 'Новая Зрительница',
        birthday: '1999-09-09',
        personal_data_consent: true,
      },
    });
    expect(res.status).toBe(200);
    await staff.waitFor('dashboard:changed', () => staff.count('dashboard:changed') > pushes);
    expect(await usersNow()).toBe(before + 1);
  });
});
