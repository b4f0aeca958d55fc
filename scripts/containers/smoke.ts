/**
 * The smoke test of the running container stack (scripts/containers/test.sh brings it up): it talks
 * only to web's port published on 127.0.0.1 (KINO_WEB) and to the containers of the stack's own
 * network, by their addresses, and asserts what a client or an operator can observe. Each check
 * prints one line; the first failure stops it (exit 1).
 *
 *   KINO_STACK=kinosmoke KINO_WEB=http://127.0.0.1:18080 npx tsx scripts/containers/smoke.ts
 */
import { execFile, execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import type { SeatSnapshot } from '@kino/backend/contract';
import { connectSeatClient, request, says, type SeatClient } from '@kino/backend/testing/seat-client';

const stack = process.env.KINO_STACK ?? 'kinosmoke';
/** nginx, as a viewer reaches it. */
const web = process.env.KINO_WEB ?? 'http://127.0.0.1:8080';
const MAX_APP_IMAGE_MB = 300;
/** The API containers' internal metrics port (METRICS_PORT in compose.local.yml). */
const METRICS_PORT = 9464;
/** The stack's REDIS_PREFIX (the default). */
const redisPrefix = 'kino';

const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8' }).trim();
/** Stderr kept quiet, for commands expected to fail. */
const podmanQuiet = (...args: string[]) =>
  execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
/** podman without blocking this process: requests go on while it runs. */
const podmanAsync = async (...args: string[]) => (await promisify(execFile)('podman', args)).stdout.trim();
const container = (service: string, n = 1) => `${stack}_${service}_${n}`;
const API_CONTAINERS = [1, 2, 3].map((n) => container('api', n));
const WORKER_CONTAINERS = [1, 2].map((n) => container('workers', n));
/** A command in the stack's Redis; one line per value. */
const redisCli = (...args: string[]) => podman('exec', container('redis'), 'redis-cli', '--raw', ...args);
const addressOf = (name: string) =>
  podman('inspect', name, '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function check(name: string, run: () => Promise<string | void> | string | void) {
  const started = performance.now();
  try {
    const note = await run();
    console.log(`ok   ${name}${note ? ` — ${note}` : ''} (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    console.log(`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
    throw err;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** A promise's value, or a failure after `timeoutMs`. */
async function within<T>(what: string, promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Answer {
  status: number;
  body: Buffer;
}

/**
 * One request on a connection of its own: a kept-alive connection the server closes as it idles
 * would fail a request written to it at that moment (fetch does not repeat a POST).
 */
interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  /** A raw request body. */
  text?: string;
  headers?: Record<string, string>;
}

function call(url: string, { method = 'GET', token, json, text, headers = {} }: CallOptions = {}) {
  const body =
    json !== undefined ? Buffer.from(JSON.stringify(json)) : text !== undefined ? Buffer.from(text) : undefined;
  return new Promise<Answer & { headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(body
            ? {
                'content-type': json !== undefined ? 'application/json' : 'text/plain',
                'content-length': String(body.length),
              }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function json<T>(url: string, init: CallOptions = {}): Promise<T> {
  const res = await call(url, init);
  const text = res.body.toString();
  if (res.status >= 400) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const apis = [1, 2, 3].map((n) => `http://${addressOf(container('api', n))}:3000`) as [string, string, string];
const payments = `http://${addressOf(container('payments'))}:8000`;
const sockets: SeatClient[] = [];

try {
  await check(
    "every API container becomes ready and passes compose's check, and every API and worker container the image's own HEALTHCHECK",
    async () => {
      for (const api of apis) {
        await until(
          `${api} ready`,
          async () => (await call(`${api}/api/health/ready`)).status === 200 || undefined,
          120_000,
        );
      }
      // api's is compose's readiness check.
      for (const name of API_CONTAINERS) podman('healthcheck', 'run', name);
      const image = podman('image', 'inspect', 'kino-app', '--format', '{{json .Config.Healthcheck.Test}}');
      const [kind, ...command] = JSON.parse(image) as string[];
      assert.equal(kind, 'CMD', `the image's HEALTHCHECK: ${image}`);
      assert.match(command.join(' '), /\/api\/health\/live/);
      // The workers get none from compose: podman runs the image's.
      for (const name of WORKER_CONTAINERS) {
        assert.equal(podman('inspect', name, '--format', '{{json .Config.Healthcheck.Test}}'), image, name);
        await until(`${name} healthy`, async () => (podmanQuiet('healthcheck', 'run', name), true), 120_000);
      }
      // And the image's command, as it stands, in the API containers too.
      for (const name of API_CONTAINERS) podman('exec', name, ...command);
      return `${command.join(' ').slice(0, 60)}…`;
    },
  );

  await check(
    'the app containers run on a read-only root: the node user cannot write even its own home, only /data and /tmp',
    () => {
      for (const name of [...API_CONTAINERS, ...WORKER_CONTAINERS]) {
        assert.equal(podman('inspect', name, '--format', '{{.HostConfig.ReadonlyRootfs}}'), 'true', name);
      }
      for (const name of [API_CONTAINERS[0]!, WORKER_CONTAINERS[0]!]) {
        // A directory the user owns: only the read-only root stops the write.
        assert.equal(podman('exec', name, 'sh', '-c', 'echo "$(id -un) $(stat -c %U "$HOME")"'), 'node node', name);
        assert.throws(() => podmanQuiet('exec', name, 'sh', '-c', 'touch "$HOME/written"'), `${name} wrote its home`);
        podman('exec', name, 'sh', '-c', 'touch /data/.smoke /tmp/.smoke && rm /data/.smoke /tmp/.smoke');
      }
    },
  );

  await check('the demo data goes in through an app container', () => {
    podman('exec', container('api', 1), 'node', 'scripts/dist/seed.js');
  });

  await check('web (nginx) on its published port: the home page, its assets and the API', async () => {
    await until('web ready', async () => (await call(`${web}/api/health/ready`)).status === 200 || undefined, 60_000);
    const home = await call(`${web}/`);
    const html = home.body.toString();
    assert.equal(home.status, 200, html.slice(0, 300));
    assert.match(String(home.headers['content-type']), /^text\/html/);
    assert.match(html, /<title>[^<]*Ракета/);
    // The page is the API's render (nginx sends every page there), with the API's security headers.
    assert.equal(home.headers['x-frame-options'], 'DENY');
    // The rendered page loads its app after the first paint (frontend/public/paint-first.js), from nginx's disk too.
    const loader = await call(`${web}/paint-first.js`);
    assert.equal(loader.status, 200);
    assert.match(String(loader.headers['content-type']), /javascript/);
    const script = /<script[^>]+src="\/paint-first\.js" data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the home page names no app entry under /assets/');
    const asset = await call(`${web}${script}`);
    assert.equal(asset.status, 200);
    assert.match(String(asset.headers['content-type']), /javascript/);
    assert.match(String(asset.headers['cache-control']), /immutable/);
    assert.equal(asset.headers['x-content-type-options'], 'nosniff');
    const schedules = await call(`${web}/api/schedules`);
    assert.equal(schedules.status, 200);
    assert.ok(Array.isArray(JSON.parse(schedules.body.toString())));
    return `home ${html.length} bytes, ${script} from nginx's disk`;
  });

  const { token } = await json<{ token: string }>(`${web}/api/authenticate`, {
    method: 'POST',
    json: { email: 'viewer@kino.local', password: 'kino-demo-2026' },
  });
  const films = await json<{ schedule: { id: number; start_time: string; price: number }[] }[]>(`${web}/api/schedules`);
  // Start times are the cinema's wall clock (UTC+3 in the demo): read as UTC, 5 h ahead is at least 2 h ahead.
  const later = Date.now() + 5 * 3600_000;
  const session = films
    .flatMap((f) => f.schedule)
    .find((s) => new Date(s.start_time.replace(' ', 'T') + 'Z').getTime() > later);
  assert.ok(session, 'no session two hours ahead in the demo data');

  /** Sockets open on each API container, as its metrics (the internal METRICS_PORT) say. */
  const socketsOpen = async () => {
    const urls = [1, 2, 3].map((n) => `http://${addressOf(container('api', n))}:${METRICS_PORT}/metrics`);
    return Promise.all(
      urls.map(async (url) => {
        const open = /^kino_sockets_open (\d+)$/m.exec((await call(url)).body.toString())?.[1];
        assert.ok(open !== undefined, `${url} reports no kino_sockets_open`);
        return Number(open);
      }),
    );
  };
  /**
   * The API container (0, 1 or 2) a socket opened through nginx lands on: the one whose count grew. A
   * socket closing elsewhere at the same moment can hide it (CI saw 2/1/1 before and after once): then
   * the socket is closed and opened again, up to three times.
   */
  const landsOn = async (connect: () => Promise<SeatClient>) => {
    const seen: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await socketsOpen();
      const client = await connect();
      const after = await socketsOpen();
      const grew = after.flatMap((open, i) => (open > before[i]! ? [i] : []));
      if (grew.length === 1) {
        sockets.push(client);
        return { client, api: grew[0]! };
      }
      client.disconnect();
      seen.push(`before ${before.join('/')}, after ${after.join('/')}`);
    }
    assert.fail(`no socket could be told to land on one API container: ${seen.join('; ')}`);
  };
  /** nginx keeps a socket to the API process its kino_upstream cookie hashes to. */
  const upstreamCookie = (key: string) => ({ headers: { cookie: `kino_upstream=${key}` } });
  /**
   * Websockets through nginx, each with a cookie of its own, until one has reached each API container:
   * that socket and its cookie per container. The others are closed once all are counted (a socket
   * closing while others are counted would hide one landing on the same container).
   */
  const spread = async (round: string) => {
    const found: ({ client: SeatClient; key: string } | undefined)[] = [undefined, undefined, undefined];
    const extra: SeatClient[] = [];
    const tries = 40;
    for (let n = 0; n < tries && found.includes(undefined); n++) {
      const key = `smoke-${round}-${n}`;
      const { client, api } = await landsOn(() => connectSeatClient(web, undefined, upstreamCookie(key)));
      if (found[api]) extra.push(client);
      else found[api] = { client, key };
    }
    for (const client of extra) client.disconnect();
    const reached = found.flatMap((f, i) => (f ? [i + 1] : []));
    assert.equal(reached.length, 3, `${tries} websockets through nginx reached API containers ${reached} only`);
    return found as { client: SeatClient; key: string }[];
  };

  let seat = '';
  await check(
    'Socket.IO through nginx: upgrades reach all three API containers, and a seat held through one shows on maps connected through the two others within a second',
    async () => {
      const found = await spread('first');
      const keys = found.map((f) => f.key);
      const watchers = found.map((f) => f.client);
      // The same cookie, the same API container: the holder's socket joins the first one's watcher there.
      const { client: holder, api } = await landsOn(() => connectSeatClient(web, token, upstreamCookie(keys[0]!)));
      assert.equal(api, 0, `the cookie that led to api 1 led to api ${api + 1}`);
      watchers[0]!.disconnect();
      const others = [watchers[1]!, watchers[2]!];
      const snapshot: SeatSnapshot = await holder.join(session.id);
      await Promise.all(others.map((w) => w.join(session.id)));
      const taken = new Set([...snapshot.sold, ...snapshot.held, ...snapshot.mine]);
      seat = ['r5m5', 'r5m6', 'r6m5', 'r6m6', 'r7m7'].find((s) => !taken.has(s)) ?? '';
      assert.ok(seat, 'no free seat to hold');
      const started = performance.now();
      const ack = await request(holder, 'seats:hold', { sessionId: session.id, seat });
      assert.ok(ack.ok, `hold refused: ${JSON.stringify(ack)}`);
      await Promise.all(others.map((w) => w.waitForDelta(says(seat, 'held'), 1000)));
      return `${seat} seen after ${Math.round(performance.now() - started)} ms`;
    },
  );

  await check(
    "Socket.IO's polling fallback through nginx: nginx's cookie keeps a viewer's requests on one API container",
    async () => {
      // Without it, each request would go round the three processes, and two of three would not know the session.
      for (let viewer = 0; viewer < 3; viewer++) {
        const base = `${web}/socket.io/?EIO=4&transport=polling`;
        const opened = await call(base);
        assert.equal(opened.status, 200, opened.body.toString());
        const given = String(opened.headers['set-cookie'] ?? '');
        const cookie = /kino_upstream=[^;,]+/.exec(given)?.[0];
        assert.ok(cookie, `nginx gave no kino_upstream cookie (set-cookie: ${given})`);
        const { sid } = JSON.parse(opened.body.toString().slice(1)) as { sid: string };
        const headers = { cookie };
        const sent = await call(`${base}&sid=${sid}`, { method: 'POST', text: '40', headers });
        assert.equal(`${sent.status} ${sent.body.toString()}`, '200 ok');
        const polled = await call(`${base}&sid=${sid}`, { headers });
        assert.equal(polled.status, 200, polled.body.toString());
        assert.match(polled.body.toString(), /^40\{"sid"/);
        await call(`${base}&sid=${sid}`, { method: 'POST', text: '1', headers });
      }
    },
  );

  const outbox = (worker: number) =>
    podman('exec', container('workers', worker), 'sh', '-c', 'ls /data/outbox/*.eml 2>/dev/null || true')
      .split('\n')
      .filter(Boolean);
  interface Order {
    id: number;
    confirmation_url: string;
  }
  /** Orders the held seat: pending at the provider. */
  const order = (api: string, seat: string) =>
    json<Order>(`${api}/api/tickets/store`, {
      method: 'POST',
      token,
      json: { price: session.price, schedule_id: session.id, seat_number: [seat], purchase_date: session.start_time },
    });
  /** Pays at the emulator's page; resolves once the order is paid. */
  const pay = async (api: string, { id, confirmation_url }: Order) => {
    const paid = await call(`${payments}${new URL(confirmation_url).pathname}/pay`, { method: 'POST' });
    assert.ok(paid.status < 400, `the provider's page answered ${paid.status}`);
    const tickets = await until('the order paid', async () => {
      const now = await json<{ status: string; tickets: { id: number }[] }>(`${api}/api/orders/${id}`, { token });
      return now.status === 'paid' ? now.tickets : undefined;
    });
    return { order: id, ticket: tickets[0]!.id };
  };
  const buy = async (api: string, seat: string) => pay(api, await order(api, seat));
  /** The ticket's PDF, as a worker writes it into the shared volume. */
  const pdfRendered = (ticket: number, worker: number, timeoutMs?: number) =>
    until(
      'the PDF rendered',
      async () => {
        const script = `ls /data/storage/tickets/${ticket} 2>/dev/null || true`;
        return podman('exec', container('workers', worker), 'sh', '-c', script).includes('.pdf') || undefined;
      },
      timeoutMs,
    );
  /** A mail to the buyer with a PDF attached that was not in the outbox before. */
  const mailArrived = (before: string[], worker: number, timeoutMs?: number) =>
    until(
      'a new mail to the buyer with a PDF',
      async () => {
        const found = outbox(worker).filter((file) => !before.includes(file));
        const script = found.map(
          (f) => `grep -q "To: viewer@kino.local" ${f} && grep -q application/pdf ${f} && echo ${f}`,
        );
        const withTicket = found.length
          ? podman('exec', container('workers', worker), 'sh', '-c', `${script.join('; ')}; true`)
          : '';
        return withTicket ? withTicket.split('/').pop() : undefined;
      },
      timeoutMs,
    );
  const mailsBefore = outbox(1);
  let ticketId = 0;
  await check('a purchase through nginx is paid at the provider and its tickets are issued', async () => {
    const bought = await buy(web, seat);
    ticketId = bought.ticket;
    return `order ${bought.order}, ticket ${ticketId}`;
  });

  await check("a worker container renders the ticket's PDF into the shared volume, and it downloads", async () => {
    await pdfRendered(ticketId, 1);
    const pdf = await call(`${web}/api/tickets/${ticketId}/pdf`, { token });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.body.subarray(0, 4).toString(), '%PDF');
  });

  await check("the buyer's mail, with the ticket attached, lands in the outbox", () => mailArrived(mailsBefore, 1));

  /** A free seat of the session as a fresh map shows it, for a viewer holding nothing there. */
  const freeSeat = async (api: string) => {
    const probe = await connectSeatClient(api, token);
    try {
      const snapshot = await probe.join(session.id);
      const taken = new Set([...snapshot.sold, ...snapshot.held, ...snapshot.mine]);
      const seat = ['r8m1', 'r8m2', 'r8m3', 'r8m4', 'r8m5', 'r8m6', 'r8m7'].find((s) => !taken.has(s));
      assert.ok(seat, 'no free seat left in row 8');
      return seat;
    } finally {
      probe.disconnect();
    }
  };
  const ready = (n: number) =>
    until(
      `api ${n} ready`,
      async () => {
        const url = `http://${addressOf(container('api', n))}:3000`;
        return (await call(`${url}/api/health/ready`)).status === 200 ? url : undefined;
      },
      120_000,
    );

  await check(
    'podman stop (SIGTERM): an API container answers the request in flight, and a client making requests through nginx throughout sees no 5xx',
    async () => {
      // A request the API container keeps in flight through the signal: a buyer's page asking about a
      // pending order while the provider (the emulator, paused) does not answer yet.
      const map = await connectSeatClient(web, token);
      sockets.push(map);
      await map.join(session.id);
      const held = await freeSeat(web);
      assert.ok((await request(map, 'seats:hold', { sessionId: session.id, seat: held })).ok);
      const pending = await order(web, held);

      const outcomes = new Map<string, number>();
      let running = true;
      let stopping = false;
      let duringStop = 0;
      // Requests one after another on four connections: the API (read from memory) and pages (rendered).
      const paths = ['/api/schedules', '/', '/api/films', '/films'];
      const client = async (i: number) => {
        for (let n = 0; running; n++) {
          const outcome = await call(`${web}${paths[(i + n) % paths.length]}`).then(
            (res) => String(res.status),
            (err: NodeJS.ErrnoException) => err.code ?? err.message,
          );
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (stopping) duringStop++;
        }
      };
      const clients = [0, 1, 2, 3].map(client);

      const api3 = `http://${addressOf(container('api', 3))}:3000`;
      await podmanAsync('pause', container('payments'));
      let slow: Promise<Answer & { at: number }>;
      let signalled = 0;
      let took = 0;
      try {
        slow = call(`${api3}/api/orders/${pending.id}`, { token }).then((res) => ({ ...res, at: performance.now() }));
        await sleep(1000);
        stopping = true;
        signalled = performance.now();
        const stopped = podmanAsync('stop', '--time', '40', container('api', 3));
        await sleep(2000);
        await podmanAsync('unpause', container('payments'));
        await stopped;
        took = Math.round(performance.now() - signalled);
      } finally {
        await podmanAsync('unpause', container('payments')).catch(() => undefined);
      }
      const inFlight = await slow;
      stopping = false;
      // And on a while with the API container gone.
      await sleep(3000);
      running = false;
      await Promise.all(clients);

      assert.equal(inFlight.status, 200, inFlight.body.toString());
      assert.ok(inFlight.at > signalled + 1500, 'the request in flight was answered before the provider was back');
      const seen = [...outcomes].map(([outcome, count]) => `${count} × ${outcome}`).join(', ');
      assert.deepEqual([...outcomes.keys()], ['200'], seen);
      assert.ok(duringStop > 0, 'no request was made while the container stopped');
      const log = podman('logs', container('api', 3));
      assert.match(log, /draining/, 'api 3 never logged its drain');

      const cancelled = await call(`${web}/api/orders/${pending.id}/cancel`, { method: 'POST', token });
      assert.ok(cancelled.status < 400, cancelled.body.toString());
      await podmanAsync('start', container('api', 3));
      await ready(3);
      const answered = Math.round(inFlight.at - signalled);
      return `in flight: answered ${answered} ms after SIGTERM; through nginx: ${seen}, ${duringStop} during the ${took} ms stop`;
    },
  );

  await check(
    'an API container restarted under an open seat map: the same map connects again by itself, and its holds are kept',
    async () => {
      // Through nginx, reconnecting by itself and joining its hall again on each connect, as the site's map does.
      const { client: map, api } = await landsOn(() =>
        connectSeatClient(web, token, { ...upstreamCookie('smoke-restart'), reconnection: true }),
      );
      await map.join(session.id);
      const kept = await freeSeat(web);
      assert.ok((await request(map, 'seats:hold', { sessionId: session.id, seat: kept })).ok);
      const closed = new Promise<string>((resolve) => map.once('disconnect', resolve));
      const reconnected = new Promise<SeatSnapshot>((resolve, reject) =>
        map.once('connect', () => map.join(session.id).then(resolve, reject)),
      );
      const restarted = podmanAsync('restart', '--time', '40', API_CONTAINERS[api]!);
      assert.equal(await closed, 'transport close');
      const snapshot = await within('the map connected again', reconnected, 60_000);
      await restarted;
      await ready(api + 1);
      assert.deepEqual(snapshot.mine, [kept]);
      assert.ok(snapshot.deadline && snapshot.deadline > snapshot.now, 'the hold lost its deadline');
      assert.ok((await request(map, 'seats:release', { sessionId: session.id, seat: kept })).ok);
      return `api ${api + 1} restarted; ${kept} still the map's`;
    },
  );

  await check(
    'nginx finds the API containers restarted at new addresses: websockets reach all three again',
    async () => {
      // Under podman a restarted container comes back at a new address (two were restarted above).
      const found = await until('websockets on all three API containers', () => spread('again'), 60_000);
      for (const { client } of found) client.disconnect();
    },
  );

  /** A map of the session, holding a free seat for the viewer (and nothing else). */
  const holdOne = async (api: string) => {
    const map = await connectSeatClient(api, token);
    sockets.push(map);
    await map.join(session.id);
    await request(map, 'seats:release-all', { sessionId: session.id });
    const seat = await freeSeat(api);
    assert.ok((await request(map, 'seats:hold', { sessionId: session.id, seat })).ok);
    return { map, seat };
  };

  await check(
    'Redis restarted with a sale in flight: the order made before is paid after, its tickets issued, PDF rendered and mail sent; the seat sold before is still sold',
    async () => {
      const { seat: next } = await holdOne(await ready(1));
      const before = outbox(1);
      const pending = await order(web, next);
      podman('restart', '--time', '10', container('redis'));
      const urls = [await ready(1), await ready(2), await ready(3)];
      const { ticket } = await pay(urls[0]!, pending);
      await pdfRendered(ticket, 1, 60_000);
      const mail = await mailArrived(before, 1, 60_000);
      const map = await connectSeatClient(urls[2]!, token);
      sockets.push(map);
      const snapshot = await map.join(session.id);
      assert.ok(snapshot.sold.includes(seat), `${seat}, sold before the restart, is not sold after it`);
      assert.ok(snapshot.sold.includes(next), `${next}, paid after the restart, is not sold`);
      return `order ${pending.id}: ticket ${ticket}, ${mail}`;
    },
  );

  await check(
    "a worker container stopped while it runs a sale's mail job: the job goes back to the queue and the other worker completes it",
    async () => {
      const api = await ready(1);
      const { seat: next } = await holdOne(api);
      const before = outbox(1);
      const hosts = WORKER_CONTAINERS.map((name) => podman('inspect', name, '--format', '{{.Config.Hostname}}'));
      /** The buyer's mail job of an order (orderJobIds.paidMail): the worker running it or that ran it. */
      const mailJob = (orderId: number) => {
        const queue = `${redisPrefix}:bull:mail`;
        const id = `mail-order-paid-${orderId}`;
        const [by = '', finishedOn = ''] = redisCli('HMGET', `${queue}:${id}`, 'pb', 'finishedOn').split('\n');
        return {
          active: redisCli('LPOS', `${queue}:active`, id) !== '',
          done: finishedOn !== '',
          // pb: workers-<pid>@<host> (workers/src/index.ts).
          worker: hosts.findIndex((host) => by.endsWith(`@${host}`)),
        };
      };
      // The sale is paid while both workers are paused: its jobs wait in their queues.
      let bought: { order: number; ticket: number };
      await Promise.all(WORKER_CONTAINERS.map((name) => podmanAsync('pause', name)));
      try {
        bought = await buy(api, next);
        // PostgreSQL paused: whichever worker takes the mail job stays in it.
        await podmanAsync('pause', container('postgres'));
      } finally {
        await Promise.all(WORKER_CONTAINERS.map((name) => podmanAsync('unpause', name)));
      }
      let taken: ReturnType<typeof mailJob>;
      try {
        taken = await until('the mail job taken by a worker', async () => {
          const job = mailJob(bought.order);
          return job.active && job.worker >= 0 ? job : undefined;
        });
        // SIGTERM: it hands the job back after its drain (SHUTDOWN_TIMEOUT_SECONDS, 5 s in this stack).
        await podmanAsync('stop', '--time', '30', WORKER_CONTAINERS[taken.worker]!);
      } finally {
        await podmanAsync('unpause', container('postgres')).catch(() => undefined);
      }
      const other = 1 - taken.worker;
      await pdfRendered(bought.ticket, other + 1, 60_000);
      const mail = await mailArrived(before, other + 1, 60_000);
      await until('the mail job completed', async () => mailJob(bought.order).done || undefined);
      const by = mailJob(bought.order).worker;
      assert.equal(by, other, `the mail job was completed by workers ${by + 1}`);
      await podmanAsync('start', WORKER_CONTAINERS[taken.worker]!);
      return `order ${bought.order}'s mail job taken by workers ${taken.worker + 1}, stopped; completed by workers ${other + 1}: ${mail}`;
    },
  );

  await check('the app image runs as node, holds no dev dependencies, and is small enough (sizes printed)', () => {
    assert.equal(podman('image', 'inspect', 'kino-app', '--format', '{{.Config.User}}'), 'node');
    // Every devDependency of every package.json of the repo, but those that are a production dependency
    // too: declared so by a package.json (the front end's jsqr, the backend's for its tests), or needed
    // by one of the backend or the workers (npm's production tree of the two, from this checkout).
    const manifests = execFileSync('git', ['ls-files', '--', 'package.json', '*/package.json'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, object | undefined>);
    const names = (key: string) => manifests.flatMap((manifest) => Object.keys(manifest[key] ?? {}));
    const tree = execFileSync(
      'npm',
      ['ls', '--omit=dev', '--workspace', 'backend', '--workspace', 'workers', '--all', '--parseable'],
      { encoding: 'utf8' },
    );
    const production = new Set([
      ...names('dependencies'),
      ...tree.split('\n').map((dir) => dir.split('/node_modules/').pop()),
    ]);
    const devOnly = [...new Set(names('devDependencies'))].filter((name) => !production.has(name));
    assert.ok(devOnly.includes('typescript') && devOnly.includes('vitest'), `dev-only: ${devOnly.join(' ')}`);
    const installed = new Set(
      podman('run', '--rm', 'kino-app', 'sh', '-c', 'cd node_modules && ls -d * @*/*').split('\n'),
    );
    const found = devOnly.filter((name) => installed.has(name));
    assert.deepEqual(found, [], `dev dependencies in the image: ${found.join(' ')}`);
    console.log(`     none of the ${devOnly.length} dev-only packages of the repo's package.json files in kino-app`);
    const sizes = podman(
      'images',
      '--filter',
      'reference=kino-app',
      '--filter',
      'reference=kino-web',
      '--filter',
      'reference=kino-local/*',
      '--format',
      '{{.Repository}}:{{.Tag}} {{.Size}}',
    );
    const app = Number(/kino-app:\S+ ([\d.]+) MB/.exec(sizes)?.[1]);
    console.log(
      sizes
        .split('\n')
        .map((line) => `     ${line}`)
        .join('\n'),
    );
    assert.ok(app <= MAX_APP_IMAGE_MB, `kino-app is ${app} MB, more than ${MAX_APP_IMAGE_MB} MB`);
  });
} finally {
  for (const socket of sockets) socket.disconnect();
}
