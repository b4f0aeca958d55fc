/**
 * Prometheus metrics of one process (prom-client), one registry per context, served at /metrics.
 *
 * - `kino_http_request_duration_seconds{method,route,status}`: every answer of the HTTP server,
 *   the fast path's hot reads included; `route` is the declared pattern (`/api/films/:id`), never
 *   the raw address, so the series stay few.
 * - `kino_sockets_open`, `kino_seat_deltas_sent_total` (change frames written to sockets) and
 *   `kino_seat_holds_total{result}`: read from the process's realtime at scrape time, or counted
 *   where a hold is answered.
 * - `kino_queue_jobs{queue,state}`: the queues' depths, asked of Redis at scrape time (every
 *   process reports the same numbers: aggregate them with max, not sum).
 * - `kino_job_duration_seconds{queue,job,outcome}`: observed by the process whose worker ran the
 *   job; its `_count{outcome="failed"}` counts failed attempts.
 * - Node's own (process_*, nodejs_*): CPU, memory, event loop lag, GC.
 *
 * Hot paths pay two map lookups and a few additions per request; the rest is read at scrape.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { Config } from './config';
import type { AppContext } from './context';
import { QUEUE_NAMES, QUEUE_STATES, type Queues } from './queues';
import type { Logger } from './lib/infra/logger';
import { errorFields, portUnavailable } from './lib/infra/operator-messages';

/** What the realtime of a process tells at scrape time. */
export interface RealtimeGauges {
  sockets(): number;
  deltasSent(): number;
}

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); above the last bound only in `count`. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * Request durations by method, route and status: a histogram observed with a few additions per
 * request — prom-client's own hashes its labels on every observe (≈ 1–2 µs), too dear for the hot
 * reads — and written in prom-client's histogram form at scrape time.
 */
class RequestDurations {
  readonly name = 'kino_http_request_duration_seconds';
  readonly help = 'Time to answer an HTTP request, by method, declared route and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Map<number, Series>>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let byStatus = this.series.get(key);
    if (!byStatus) this.series.set(key, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        counts: this.bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]!) i++;
    if (i < this.bounds.length) series.counts[i]!++;
    series.sum += seconds;
    series.count++;
  }

  get() {
    const bucket = `${this.name}_bucket`;
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const byStatus of this.series.values()) {
      for (const { labels, counts, sum, count } of byStatus.values()) {
        let cumulative = 0;
        this.bounds.forEach((le, i) => {
          cumulative += counts[i]!;
          values.push({ metricName: bucket, labels: { le, ...labels }, value: cumulative });
        });
        values.push(
          { metricName: bucket, labels: { le: '+Inf', ...labels }, value: count },
          { metricName: `${this.name}_sum`, labels, value: sum },
          { metricName: `${this.name}_count`, labels, value: count },
        );
      }
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}

export class Metrics {
  readonly registry = new Registry();
  private readonly http = new RequestDurations([
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]);
  private readonly holds: Counter<'result'>;
  private readonly jobs: Histogram<'queue' | 'job' | 'outcome'>;
  private readonly realtime = new Set<RealtimeGauges>();
  /** Deltas sent by realtimes that have closed, so the counter never goes back. */
  private retiredDeltas = 0;

  constructor(queues?: Pick<Queues, 'queue'>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // Not a prom-client class, but what the registry reads of one (name, help, type, get, reset).
    this.registry.registerMetric(this.http as unknown as Metric);
    this.holds = new Counter({
      name: 'kino_seat_holds_total',
      help: 'Seat hold requests from sockets, by result (ok or the refusal)',
      labelNames: ['result'],
      registers,
    });
    this.jobs = new Histogram({
      name: 'kino_job_duration_seconds',
      help: 'Time a job attempt ran in this process, by queue, job name and outcome (completed or failed)',
      labelNames: ['queue', 'job', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    const realtime = this.realtime;
    new Gauge({
      name: 'kino_sockets_open',
      help: 'Socket.IO connections open on this process',
      registers,
      collect() {
        let open = 0;
        for (const source of realtime) open += source.sockets();
        this.set(open);
      },
    });
    const deltasSent = () => {
      let sent = this.retiredDeltas;
      for (const source of realtime) sent += source.deltasSent();
      return sent;
    };
    new Counter({
      name: 'kino_seat_deltas_sent_total',
      help: 'Seat change frames written to sockets by this process',
      registers,
      collect() {
        this.reset();
        this.inc(deltasSent());
      },
    });
    if (queues) {
      new Gauge({
        name: 'kino_queue_jobs',
        help: 'Jobs in each queue by state (read from Redis at scrape time; the same in every process)',
        labelNames: ['queue', 'state'],
        registers,
        async collect() {
          this.reset();
          // Redis down: the series are absent from this scrape (readiness and the logs say why).
          const counts = await Promise.all(
            QUEUE_NAMES.map((name) => queues.queue(name).getJobCounts(...QUEUE_STATES)),
          ).catch(() => undefined);
          counts?.forEach((byState, i) => {
            for (const state of QUEUE_STATES) this.set({ queue: QUEUE_NAMES[i], state }, byState[state] ?? 0);
          });
        },
      });
    }
  }

  /** One answer of the HTTP server; `started` is performance.now() when the request came in. */
  observeHttp(method: string, route: string, status: number, started: number): void {
    this.http.observe(method, route, status, (performance.now() - started) / 1000);
  }

  seatHold(result: string): void {
    this.holds.inc({ result });
  }

  observeJob(queue: string, job: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.jobs.observe({ queue, job, outcome }, seconds);
  }

  /** A realtime server of this process, read at each scrape until the returned function is called. */
  watchRealtime(source: RealtimeGauges): () => void {
    this.realtime.add(source);
    return () => {
      if (this.realtime.delete(source)) this.retiredDeltas += source.deltasSent();
    };
  }
}

const perContext = new WeakMap<object, Metrics>();

/** The metrics of a process (its context): one registry, made on first use. */
export function metricsOf(ctx: Pick<AppContext, 'queues'>): Metrics {
  let metrics = perContext.get(ctx);
  if (!metrics) perContext.set(ctx, (metrics = new Metrics(ctx.queues)));
  return metrics;
}

/** The route label of an answer that no declared endpoint gave (the API router names its own). */
export function routeLabel(url: string | undefined, declared: unknown): string {
  if (typeof declared === 'string') return declared;
  if (!url) return 'other';
  if (url.startsWith('/api/')) return '/api/*';
  if (url.startsWith('/storage/')) return '/storage/*';
  if (url.startsWith('/assets/')) return '/assets/*';
  if (url === '/metrics' || url.startsWith('/metrics?')) return '/metrics';
  return '/*';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics on the public port: anyone outside production; in production only a
 * bearer of METRICS_TOKEN (compared in constant time). Without a token it is not there at all
 * (METRICS_PORT serves it to the inside).
 */
export function metricsAccess(
  config: Pick<Config, 'metrics'>,
  authorization: string | undefined,
): 'allowed' | 'unauthorized' | 'hidden' {
  const { open, token } = config.metrics;
  if (open) return 'allowed';
  if (!token) return 'hidden';
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token)) ? 'allowed' : 'unauthorized';
}

/** Writes the registry in the Prometheus text format; a failure is logged and answered 500. */
function sendMetrics(metrics: Metrics, res: ServerResponse, logger: Logger): void {
  metrics.registry.metrics().then(
    (body) => {
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
      res.end(body);
    },
    (err: unknown) => {
      logger.error(errorFields(err), 'metrics scrape failed');
      if (!res.headersSent) res.writeHead(500).end();
    },
  );
}

/** GET /metrics on the public port (the API's or a workers process's probe port). */
export function metricsRoute(ctx: Pick<AppContext, 'queues' | 'config' | 'logger'>) {
  const metrics = metricsOf(ctx);
  return (req: IncomingMessage, res: ServerResponse) => {
    const access = metricsAccess(ctx.config, req.headers.authorization);
    if (access !== 'allowed') {
      const status = access === 'hidden' ? 404 : 401;
      if (status === 401) res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      res
        .writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
        .end(access === 'hidden' ? 'Not found\n' : 'Metrics need the bearer token METRICS_TOKEN\n');
      return;
    }
    sendMetrics(metrics, res, ctx.logger);
  };
}

/**
 * METRICS_PORT: /metrics for the inside only (a port the proxy does not publish), without a token.
 * Anything else there answers 404.
 */
export async function startMetricsServer(
  ctx: Pick<AppContext, 'queues' | 'config' | 'logger'>,
  port: number,
  host = ctx.config.host,
): Promise<{ url: string; close(): Promise<void> }> {
  const metrics = metricsOf(ctx);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url !== '/metrics' && !req.url?.startsWith('/metrics?'))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    sendMetrics(metrics, res, ctx.logger);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (err) {
    throw portUnavailable(err, host, port, 'METRICS_PORT');
  }
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
