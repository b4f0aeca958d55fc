import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from './testing/api';
import { buildFilm, buildSession, buildSignedInUser } from './testing/factories';
import { createTestContext, startTestApi, type TestApi, type TestContext } from './testing/harness';
import { request, says, socketPool } from './testing/seat-client';
import { Metrics, startMetricsServer } from './metrics';

/** The value of one series in a Prometheus text answer, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the request duration histogram', () => {
  it('writes cumulative buckets, +Inf, sum and count per series as Prometheus reads them', async () => {
    const metrics = new Metrics();
    const ago = (seconds: number) => performance.now() - seconds * 1000;
    for (const seconds of [0.0002, 0.003, 0.3, 20]) metrics.observeHttp('GET', '/api/films', 200, ago(seconds));
    metrics.observeHttp('POST', '/api/tickets/store', 409, ago(0.02));
    const text = await metrics.registry.metrics();
    const films = (le: string) =>
      sample(
        text,
        `kino_http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/films",status="200"}`,
      );
    expect([films('0.0005'), films('0.001'), films('0.005'), films('0.5'), films('10'), films('+Inf')]).toEqual([
      1, 1, 2, 3, 3, 4,
    ]);
    expect(sample(text, 'kino_http_request_duration_seconds_count{method="GET",route="/api/films",status="200"}')).toBe(
      4,
    );
    expect(
      sample(text, 'kino_http_request_duration_seconds_sum{method="GET",route="/api/films",status="200"}'),
    ).toBeGreaterThanOrEqual(20.3);
    expect(
      sample(text, 'kino_http_request_duration_seconds_count{method="POST",route="/api/tickets/store",status="409"}'),
    ).toBe(1);
    expect(text).toContain('# TYPE kino_http_request_duration_seconds histogram');
  });
});

describe('GET /metrics in development', () => {
  const api = useTestApi();

  it('counts requests by declared route and status, hot reads from memory included', async () => {
    const film = await buildFilm(api.ctx.db);
    // The first read goes through Express and fills the cache; the next two are the fast path's.
    for (let i = 0; i < 3; i++) expect((await api.t.fetch(`/api/films/${film.id}`)).status).toBe(200);
    expect((await api.t.fetch('/api/films/2147483647')).status).toBe(404);
    expect((await api.t.fetch('/api/no-such-thing')).status).toBe(404);

    const res = await api.t.fetch('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const count = (route: string, status: number) =>
      sample(text, `kino_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`);
    expect(count('/api/films/:id', 200)).toBe(3);
    expect(count('/api/films/:id', 404)).toBe(1);
    expect(count('/api/*', 404)).toBe(1);
    // The raw address never becomes a label.
    expect(text).not.toContain(`/api/films/${film.id}"`);
    expect(text).toMatch(
      /^kino_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/films\/:id",status="200"\} \d+$/m,
    );
  });

  it('reports the queues by state, open sockets, seat holds and deltas, and the process', async () => {
    await api.ctx.queues.enqueue('mail.send', { to: 'a@example.test', subject: 'S', text: 'T' }, { delay: 60_000 });
    const text = await (await api.t.fetch('/metrics')).text();
    expect(sample(text, 'kino_queue_jobs{queue="mail",state="delayed"}')).toBe(1);
    expect(sample(text, 'kino_queue_jobs{queue="mail",state="failed"}')).toBe(0);
    expect(sample(text, 'kino_queue_jobs{queue="tickets",state="waiting"}')).toBe(0);
    expect(sample(text, 'kino_sockets_open')).toBe(0);
    expect(sample(text, 'kino_seat_deltas_sent_total')).toBe(0);
    expect(text).toContain('# TYPE kino_seat_holds_total counter');
    expect(text).toContain('# TYPE kino_job_duration_seconds histogram');
    expect(text).toContain('process_resident_memory_bytes');
  });
});

describe('seat metrics', () => {
  const api = useTestApi();
  const sockets = socketPool(() => api.t.url);
  afterAll(() => sockets.closeAll());

  it('counts open sockets, holds by result and the deltas written to sockets', async () => {
    const session = (await buildSession(api.ctx.db, { startsInMinutes: 120 })).id;
    const ann = await sockets.connect((await buildSignedInUser(api.ctx)).token);
    const guest = await sockets.connect();
    await Promise.all([ann.join(session), guest.join(session)]);
    expect((await request(ann, 'seats:hold', { sessionId: session, seat: 'r1m1' })).ok).toBe(true);
    expect(await request(guest, 'seats:hold', { sessionId: session, seat: 'r1m2' })).toEqual({
      ok: false,
      reason: 'auth',
    });
    await guest.waitForDelta(says('r1m1', 'held'));
    await ann.waitForDelta(says('r1m1', 'mine'));

    const text = await (await api.t.fetch('/metrics')).text();
    expect(sample(text, 'kino_sockets_open')).toBe(2);
    expect(sample(text, 'kino_seat_holds_total{result="ok"}')).toBe(1);
    expect(sample(text, 'kino_seat_holds_total{result="auth"}')).toBe(1);
    expect(sample(text, 'kino_seat_deltas_sent_total')).toBe(2);
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://kino.example.test',
  METRICS_TOKEN: 'metrics-token-0123456789',
};

describe('GET /metrics in production', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ env: PRODUCTION });
  });
  afterAll(() => t.close());

  it('returns 401 without the bearer token, and with a wrong one', async () => {
    const none = await t.fetch('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain('kino_');
    expect((await t.fetch('/metrics', { token: 'metrics-token-wrong-000000' })).status).toBe(401);
  });

  it('answers the bearer of METRICS_TOKEN', async () => {
    const res = await t.fetch('/metrics', { token: PRODUCTION.METRICS_TOKEN });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('kino_http_request_duration_seconds');
  });
});

describe('METRICS_PORT in production without a token', () => {
  let t: TestApi;
  let inside: Awaited<ReturnType<typeof startMetricsServer>>;
  beforeAll(async () => {
    t = await startTestApi({ env: { ...PRODUCTION, METRICS_TOKEN: '', METRICS_PORT: '0' } });
    inside = await startMetricsServer(t.ctx, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await inside.close();
    await t.close();
  });

  it('returns 404 for /metrics on the public port, whatever the token', async () => {
    expect((await t.fetch('/metrics')).status).toBe(404);
    expect((await t.fetch('/metrics', { token: 'anything-anything-anything' })).status).toBe(404);
  });

  it('serves /metrics on the internal port, and nothing else there', async () => {
    await t.fetch('/api/health/live');
    const res = await fetch(`${inside.url}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('route="/api/health/live"');
    expect((await fetch(`${inside.url}/api/health/live`)).status).toBe(404);
  });
});

describe('METRICS_PORT taken', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('refuses to start, naming the variable', async () => {
    const first = await startMetricsServer(ctx, 0, '127.0.0.1');
    const port = Number(new URL(first.url).port);
    await expect(startMetricsServer(ctx, port, '127.0.0.1')).rejects.toThrow(/already in use.*set METRICS_PORT/);
    await first.close();
  });
});
