import { fromCinemaTime, type OrderView, type ScheduleFilm } from '@kino/backend/contract';
import { freePort } from '@kino/backend/lib/infra/redis';
import { purchase } from '@kino/backend/testing/orders';
import { connectSeatClient, request } from '@kino/backend/testing/seat-client';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import { removeTempDirs, startProcess, tempDataDir, whileRunning, type Started } from './support';

describe('the demo process (scripts/demo.ts, after `npm run demo` installed and built)', () => {
  let demo: Started | undefined;
  afterAll(async () => {
    demo?.child.kill('SIGTERM');
    await demo?.exited;
    removeTempDirs();
  });

  it('seeds, serves the site and the API, and prints the URL and the demo logins', async () => {
    const port = await freePort();
    demo = startProcess('scripts/demo.ts', { DATA_DIR: tempDataDir(), PORT: String(port), LOG_LEVEL: 'warn' });
    await until(() => demo!.output().includes('Kino is running at'), 120_000, ...whileRunning(demo));
    expect(demo.output()).toContain(`Kino is running at http://localhost:${port}`);
    expect(demo.output()).toContain('admin@kino.local');
    expect(demo.output()).toContain('password kino-demo-2026');

    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    // Pages come rendered from the server: the bill on the home page, a film on its page; a typo is a 404.
    const films = (await (await fetch(`${base}/api/schedules`)).json()) as ScheduleFilm[];
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain('<h1 class="visually-hidden">Кинотеатр: афиша и новинки</h1>');
    expect(homeHtml).toContain(films[0]!.title);
    const film = await fetch(`${base}/films/${films[0]!.id}`);
    expect(film.status).toBe(200);
    expect(await film.text()).toContain(`<title>${films[0]!.title} — Кинотеатр «Ракета»</title>`);
    expect((await fetch(`${base}/films/999999`)).status).toBe(404);
    // Seeded artwork is served.
    const poster = await fetch(`${base}/storage/images/seed/posters/helios.svg`);
    expect(poster.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('takes a payment the production way, through its own YooKassa emulator: order, payment page, notification, tickets', async () => {
    const base = demo!
      .output()
      .match(/Kino is running at (http:\/\/localhost:\d+)/)![1]!
      .replace('localhost', '127.0.0.1');
    const signIn = await fetch(`${base}/api/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'viewer@kino.local', password: 'kino-demo-2026' }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const films = (await (await fetch(`${base}/api/schedules`)).json()) as ScheduleFilm[];
    const session = films
      .flatMap((f) => f.schedule)
      .find((s) => fromCinemaTime(s.start_time).getTime() > Date.now() + 3600_000)!;
    const socket = await connectSeatClient(base, token);
    const snapshot = await socket.join(session.id);
    // Standard seats in every demo hall (hall 3's back row is VIP, priced above the session's `price`).
    const seat = ['r5m1', 'r5m2', 'r5m3', 'r5m4'].find((s) => !snapshot.sold.includes(s))!;
    expect(await request(socket, 'seats:hold', { sessionId: session.id, seat })).toMatchObject({ ok: true });
    const res = await purchase(
      base,
      token,
      { id: session.id, price: session.price, startTime: fromCinemaTime(session.start_time) },
      [seat],
    );
    socket.disconnect();
    expect(res.status).toBe(201);
    const order = (await res.json()) as OrderView;
    expect(order.confirmation_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/payments\//);
    const page = await fetch(order.confirmation_url!);
    expect(await page.text()).toContain('Оплатить');
    // The buyer presses 'Оплатить': the provider sends them back to the order's page.
    const paid = await fetch(`${order.confirmation_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://localhost:${new URL(base).port}/orders/${order.id}`);
    await until(
      async () => {
        const now = (await (
          await fetch(`${base}/api/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as OrderView;
        return now.status === 'paid' && now.tickets.length === 1;
      },
      30_000,
      ...whileRunning(demo!),
    );
  });
});
