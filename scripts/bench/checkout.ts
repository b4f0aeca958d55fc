/**
 * npm run bench:checkout [-- --buyers 500 --decline 0.1 --pay-seconds 10 --api-processes 2]
 *
 * A rush of buyers on one session of a 110-seat hall, through the whole sale as viewers make it:
 * every buyer opens the seat map (a Socket.IO client), holds 1–3 seats it believes free (another
 * seat when refused), makes the order (POST /api/tickets/store), and pays on the provider — the
 * YooKassa emulator, here in the runner, plays the bank — after up to --pay-seconds on its page (a
 * person typing a card number; 0 makes every payment land at once) — or, for --decline of them, the bank
 * declines and the seats come free for the others. Buyers go on until the hall is sold out.
 *
 * Measured: notification → tickets visible, from the moment the provider sends payment.succeeded to
 * the moment the buyer's order page has the tickets — as the page does it: from the 'orders:changed'
 * push that carries the paid order, else from GET /api/orders/{id} (asked on a push without it and
 * every 5 s) — and to the buyer's socket hearing 'orders:changed'. A buyer who finds the hall full
 * waits as a seat map does, for a seat to come free on it (its deltas), with a fresh look every 5 s. Checked: every seat sold, no seat sold twice, no payment taken without
 * its tickets (or its refund). Baseline, in the same run: the same notifications to a bare
 * node:http server that asks the provider and records the payment with one UPDATE, its answer
 * polled the same way (checkout-server.ts).
 *
 * The server runs in child processes; PostgreSQL when DATABASE_URL is set (a fresh database, dropped
 * after; --api-processes API processes, 2 by default, the buyers spread over them, and the workers in a
 * process of their own: the production shape), else PGlite inside one process (with the workers beside
 * the API: one PGlite database has one process).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { HALL_SEATS, toCinemaTime } from '@kino/backend/contract';
import { startYooKassaEmulator } from '@kino/backend/emulators/yookassa/index';
import { probeRedis, startEmbeddedRedis } from '@kino/backend/lib/infra/redis';
import { NOTIFICATIONS_PATH } from '@kino/backend/emulators/yookassa/embedded';
import { createBenchDatabase, LeanSocketIo, percentile, sleep, startServerChild } from './bench-lib';

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '500' },
    decline: { type: 'string', default: '0.1' },
    // Seconds a buyer spends on the provider's page (typing the card) before the bank answers: uniform in [0, this].
    'pay-seconds': { type: 'string', default: '10' },
    // API processes (PostgreSQL only; the buyers spread over them, as behind the balancer): 2 by default there.
    'api-processes': { type: 'string' },
  },
});
const BUYERS = Number(args.buyers);
const DECLINE = Number(args.decline);
const PAY_SECONDS = Number(args['pay-seconds']);
const APP_SECRET = randomBytes(32).toString('hex');

interface Ready {
  url: string;
  baselineUrl: string;
  session: { id: number; price: number; start: string };
  tokens: string[];
}

interface Report {
  paidTickets: number;
  duplicated: number;
  orders: Record<string, number>;
  paidOrderIds: number[];
}

/** How often the order page asks while it waits (its POLL_MS). */
const PAGE_POLL_MS = 5_000;
/** A buyer who found the hall full takes a fresh look at the map this often (besides its live changes). */
const LOOK_AGAIN_MS = 5_000;

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Polls until `check` holds; resolves with the milliseconds since `t0`. */
async function timeUntil(t0: number, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - t0;
    await sleep(5);
  }
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-bench-checkout-'));
  const embedded = process.env.REDIS_URL ? undefined : await startEmbeddedRedis(tmp);
  const redisUrl = process.env.REDIS_URL ?? embedded!.url;
  await probeRedis(redisUrl);
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createBenchDatabase(serverUrl, 0) : undefined;
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `bench:checkout — ${BUYERS} buyers on one session of ${HALL_SEATS.length} seats, ${Math.round(DECLINE * 100)} % declined by the bank; ` +
      `${os.cpus().length} cores, load average ${load.join(' ')} before the run`,
  );
  console.log(`database: ${serverUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite, inside the server process'}`);

  const yookassa = await startYooKassaEmulator();
  const env = {
    BENCH_BUYERS: String(BUYERS),
    BENCH_REDIS_URL: redisUrl,
    BENCH_REDIS_PREFIX: `kino-bench-checkout:${process.pid}`,
    BENCH_DATABASE_URL: database?.url ?? '',
    BENCH_APP_SECRET: APP_SECRET,
    ...yookassa.env,
  };
  const script = path.join(import.meta.dirname, 'checkout-server.ts');
  const server = await startServerChild<Ready>(script, env);
  // On PostgreSQL the workers (PDFs, mail, expiry) run in their own process, and the API in several,
  // as in production.
  const apiProcesses = database ? Number(args['api-processes'] ?? 2) : 1;
  const others = await Promise.all(
    Array.from({ length: apiProcesses - 1 }, () =>
      startServerChild<{ url: string }>(script, { ...env, BENCH_ROLE: 'api' }),
    ),
  );
  const workers = database ? await startServerChild(script, { ...env, BENCH_ROLE: 'workers' }) : undefined;
  const { baselineUrl, session, tokens } = server.ready;
  const urls = [server.ready.url, ...others.map((o) => o.ready.url)];
  const url = urls[0]!;
  console.log(
    `API processes: ${urls.length}${database ? ', workers in a process of their own' : ', workers beside it'}`,
  );
  yookassa.control.setNotificationUrl(`${url}${NOTIFICATIONS_PATH}`);

  const visible: number[] = [];
  const pushed: number[] = [];
  /** Orders made and not yet paid or declined: seats that may still come free. */
  let inFlight = 0;
  let declined = 0;
  let paid = 0;
  const started = performance.now();
  // The runner's own event loop (the buyers' 500 sockets and the provider) delays what it measures: reported.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();

  /** Buyer i is served by API process i mod n, socket and requests alike (a sticky balancer). */
  const buyer = async (token: string, i: number) => {
    const api = urls[i % urls.length]!;
    const socket = await LeanSocketIo.connect(api, token);
    let taken = new Set<string>();
    const heard = new Map<number, (order: { tickets: unknown[] } | undefined) => void>();
    /** Wakes a buyer who found the hall full when its map shows a seat come free. */
    let freed = () => {};
    socket.onEvent = (raw) => {
      if (raw.startsWith('42["orders:changed"')) {
        const [, change] = JSON.parse(raw.slice(2)) as [string, { id: number; order?: { tickets: unknown[] } }];
        heard.get(change.id)?.(change.order);
      } else if (raw.startsWith('42["seats:deltas"') && raw.includes('"free"')) {
        // The map shows seats coming free (a declined order, a hold let go): they are free again to this buyer.
        const [, deltas] = JSON.parse(raw.slice(2)) as [string, { changes: { seat: string; state: string }[] }[]];
        for (const { seat, state } of deltas.flatMap((d) => d.changes)) if (state === 'free') taken.delete(seat);
        freed();
      }
    };
    /** What this buyer's map shows taken (sold, in an order being paid, or held by others). */
    const look = async () => {
      const { snapshot } = (await socket.emit('seats:join', { sessionId: session.id })) as {
        snapshot: { sold: string[]; held: string[] };
      };
      return new Set([...snapshot.sold, ...snapshot.held]);
    };
    taken = await look();
    const call = (method: string, pathname: string, body?: unknown) =>
      fetch(`${api}/api${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (;;) {
      const want = 1 + Math.floor(Math.random() * 3);
      const mine: string[] = [];
      for (let tries = 0; mine.length < want && tries < 20; tries++) {
        const free = HALL_SEATS.filter((s) => !taken.has(s) && !mine.includes(s));
        if (free.length === 0) break;
        const seat = pick(free);
        const ack = (await socket.emit('seats:hold', { sessionId: session.id, seat })) as { ok: boolean };
        if (ack.ok) mine.push(seat);
        else taken.add(seat);
      }
      if (mine.length === 0) {
        // Sold out, unless a declined order gives seats back: while orders are in flight, the buyer
        // watches the map (its deltas) for a seat to come free, and takes a fresh look now and then.
        if (inFlight === 0 && taken.size === HALL_SEATS.length) return;
        const cameFree = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), LOOK_AGAIN_MS);
          freed = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        freed = () => {};
        if (!cameFree) taken = await look();
        continue;
      }
      const res = await call('POST', '/tickets/store', {
        price: session.price,
        schedule_id: session.id,
        seat_number: mine,
        purchase_date: toCinemaTime(new Date(session.start)),
      });
      if (res.status !== 201) {
        await res.text();
        continue;
      }
      const order = (await res.json()) as { id: number; confirmation_url: string };
      const paymentId = order.confirmation_url.split('/').pop()!;
      mine.forEach((s) => taken.add(s));
      inFlight++;
      await sleep(Math.random() * PAY_SECONDS * 1000);
      if (Math.random() < DECLINE) {
        yookassa.control.decline(paymentId, 'insufficient_funds');
        await yookassa.control.delivery((d) => d.objectId === paymentId && d.status === 200);
        inFlight--;
        declined++;
        taken = await look();
        continue;
      }
      // The order page: it asks again whenever the user room says the order changed, and every
      // PAGE_POLL_MS besides (frontend/src/features/orders/api/order.ts).
      // A push that carries the order with its tickets shows them without asking.
      const t0 = performance.now();
      let told = false;
      let shown = 0;
      let wake = () => {};
      heard.set(order.id, (pushedOrder) => {
        if (!told) pushed.push(performance.now() - t0);
        told = true;
        if (!shown && pushedOrder?.tickets.length === mine.length) shown = performance.now() - t0;
        wake();
      });
      yookassa.control.succeed(paymentId);
      for (let asked = 0; !shown; asked++) {
        if (asked > 0 || !told)
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, PAGE_POLL_MS);
          });
        if (shown) break;
        // An error answer (the server overloaded) shows nothing: the page asks again at its next poll.
        const got = (await (await call('GET', `/orders/${order.id}`)).json()) as { tickets?: unknown[] };
        if (!shown && got.tickets?.length === mine.length) shown = performance.now() - t0;
      }
      visible.push(shown);
      inFlight--;
      paid++;
      return; // one order per buyer: this one has its tickets
    }
  };
  await Promise.all(tokens.map((token, i) => buyer(token, i)));
  const rushSeconds = (performance.now() - started) / 1000;
  lag.disable();
  const lagMs = (ns: number) => (ns / 1e6).toFixed(0);
  console.log(
    `the runner's event-loop delay (buyers' sockets, provider) during the rush: p50 ${lagMs(lag.percentile(50))} ms, p99 ${lagMs(lag.percentile(99))} ms, max ${lagMs(lag.max)} ms`,
  );
  // Declined payments' notifications and the last effects settle.
  await sleep(2000);
  const report = (await server.ask('report')) as Report;

  // Money: every payment the bank took belongs to a paid order, or was given back.
  const payments = yookassa.control.payments();
  const refunded = new Set(
    yookassa.control
      .refunds()
      .filter((r) => r.status === 'succeeded')
      .map((r) => r.payment_id),
  );
  const paidOrders = new Set(report.paidOrderIds.map(String));
  const chargedWithoutTicket = payments.filter(
    (p) => p.status === 'succeeded' && !paidOrders.has(String(p.metadata?.order_id)) && !refunded.has(p.id),
  ).length;

  // Baseline: as many notifications, one at a time in the same concurrency, to the bare server.
  const baselinePayments = payments.filter((p) => p.status === 'succeeded').slice(0, paid);
  yookassa.control.setNotificationUrl(`${baselineUrl}/`);
  const bare: number[] = await Promise.all(
    baselinePayments.map(async (p) => {
      const t0 = performance.now();
      await yookassa.control.notify('payment.succeeded', p.id);
      return timeUntil(t0, async () => {
        const got = (await (await fetch(`${baselineUrl}/?payment=${p.id}`)).json()) as { paid: boolean };
        return got.paid;
      });
    }),
  );

  const ms = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0));
  const row = (name: string, xs: number[]) =>
    `| ${name} | ${xs.length} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 95))} | ${ms(percentile(xs, 99))} | ${ms(Math.max(...xs))} |`;
  console.log(
    `\nrush: ${rushSeconds.toFixed(1)} s; orders ${JSON.stringify(report.orders)}; ${declined} declined by the bank`,
  );
  console.log('\n| notification → … (ms) | n | p50 | p95 | p99 | max |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(row("Kino: tickets on the buyer's order page (push, else GET /api/orders/{id})", visible));
  console.log(row("Kino: 'orders:changed' on the buyer's socket", pushed));
  console.log(row('baseline: bare node:http, provider asked + one UPDATE, polled', bare));
  const checks = {
    [`${HALL_SEATS.length} seats sold`]: report.paidTickets === HALL_SEATS.length,
    'no seat sold twice': report.duplicated === 0,
    'no payment taken without its tickets (or its refund)': chargedWithoutTicket === 0,
    'p99 notification → tickets visible ≤ 1 s': percentile(visible, 99) <= 1000,
  };
  console.log(
    `\nsold ${report.paidTickets} tickets; seats sold twice: ${report.duplicated}; charged without a ticket: ${chargedWithoutTicket}`,
  );
  for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? 'met' : 'NOT met'}: ${name}`);
  console.log(
    `load average after the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  await server.stop();
  await workers?.stop();
  for (const other of others) await other.stop();
  await yookassa.close();
  await database?.drop();
  await embedded?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (Object.values(checks).some((ok) => !ok)) process.exitCode = 1;
}

await main();
