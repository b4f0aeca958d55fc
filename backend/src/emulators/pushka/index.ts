/**
 * A Pushkin card ticket registry emulator (REGISTRIES.md §2.12): a real HTTP server on 127.0.0.1 speaking the
 * registry's API v1 under `/api/v1` (Bearer key, JSON, `{code, description}` errors) and, beside it, Pro.Культура's
 * events list under `/api/2.5/events` (for the film form's lookup by ПУ number). The demo uses it when
 * PUSHKA_API_URL is unset; tests start their own and play faults through `control`.
 *
 *   const registry = await startPushkaEmulator({ events: [{ id: '123', name: 'Фильм', puNumbers: ['121000001'] }] });
 *   registry.control.failNext(1, { status: 500, method: 'POST' });      // a failure reply
 *   registry.control.failNext(1, { method: 'POST', after: true });        // stored, then the connection dropped
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Clock } from '../../lib/infra/clock';
import type { Logger } from '../../lib/infra/logger';
import { readBody, sendJson } from '../yookassa/http';
import { createStore, RegistryRefusal, type RegistryTicket } from './store';
import { listenOn } from '../listen';

export type { RegistryTicket, RegistryStatus } from './store';

export interface ProcultureEvent {
  /** Pro.Культура's `_id`. */
  id: string;
  name: string;
  /** The films' ПУ numbers (`rentalCertificate`). */
  puNumbers: string[];
}

export interface PushkaEmulatorOptions {
  /** The seller's API key; default a random one. */
  apiKey?: string;
  /** Pro.Культура's API key for the events list; default a random one. */
  procultureKey?: string;
  /** The cinema's organisation id (whitelisted); default a random one. */
  organizationId?: string;
  /** Pro.Культура events in the programme; their ids are the registry's whitelist unless `anyEvent`. */
  events?: ProcultureEvent[];
  /** Accept any event id (the demo: films get their event ids typed by hand). */
  anyEvent?: boolean;
  /** "Now" for the visit window; default the system clock. */
  clock?: Clock;
  /** 201 (default) or 200 on a registration. */
  createdStatus?: 200 | 201;
  /** What an unknown barcode answers at the inspector's GET: 404 (default) or 400. */
  unknownBarcodeStatus?: 400 | 404;
  port?: number;
  host?: string;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

export interface FailureSpec {
  /** 500 (default), 502, 503 or 401/403. */
  status?: number;
  /** Never answer (the client's timeout). */
  hang?: boolean;
  /** Do the work, then drop the connection: accepted but the reply lost. */
  after?: boolean;
  method?: 'GET' | 'POST' | 'PUT';
  /** Requests whose path (after /api/v1) starts with this. */
  path?: string;
}

export interface RequestRecord {
  method: string;
  path: string;
  body: unknown;
  status: number | 'hang' | 'dropped';
}

export interface PushkaEmulator {
  url: string;
  /** url + '/api/v1': PUSHKA_API_URL. */
  apiUrl: string;
  /** url + '/api/2.5': PROCULTURE_API_URL. */
  procultureUrl: string;
  apiKey: string;
  procultureKey: string;
  organizationId: string;
  env: Record<string, string>;
  control: {
    failNext(count: number, spec?: FailureSpec): void;
    setLenient(on: boolean): void;
    addEvent(event: ProcultureEvent): void;
    /** The bank or the registry cancels a ticket (test hook, §2.12). */
    cancel(id: string): RegistryTicket;
    tickets(): RegistryTicket[];
    ticket(id: string): RegistryTicket | undefined;
    readonly requests: readonly RequestRecord[];
  };
  close(): Promise<void>;
}

const random = (bytes: number) => randomBytes(bytes).toString('hex');

export async function startPushkaEmulator(options: PushkaEmulatorOptions = {}): Promise<PushkaEmulator> {
  const apiKey = options.apiKey ?? `pushka_${random(16)}`;
  const procultureKey = options.procultureKey ?? `pc_${random(12)}`;
  const organizationId = options.organizationId ?? String(10_000 + (randomBytes(2).readUInt16BE() % 90_000));
  const events = [...(options.events ?? [])];
  let lenient = false;
  const failures: { left: number; spec: FailureSpec }[] = [];
  const requests: RequestRecord[] = [];
  const clock = options.clock ?? { now: () => new Date() };
  const store = createStore({
    now: () => Math.floor(clock.now().getTime() / 1000),
    events: () => (options.anyEvent ? null : new Set(events.map((e) => e.id))),
    organizations: () => new Set([organizationId]),
    lenient: () => lenient,
  });

  function failureFor(method: string, path: string): FailureSpec | undefined {
    const rule = failures.find(
      (f) =>
        f.left > 0 && (!f.spec.method || f.spec.method === method) && (!f.spec.path || path.startsWith(f.spec.path)),
    );
    if (!rule) return undefined;
    rule.left--;
    return rule.spec;
  }

  /** The registry's routes: the answer's status and body. */
  function route(method: string, path: string, body: unknown): { status: number; body: unknown } {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (method === 'POST' && parts.length === 1 && parts[0] === 'tickets')
      return { status: options.createdStatus ?? 201, body: store.register(body) };
    if (parts[0] === 'tickets' && parts.length >= 2) {
      const ticket = store.get(parts[1]!);
      if (method === 'GET' && parts.length === 2) return { status: 200, body: ticket };
      if (method === 'PUT' && parts[2] === 'refund') {
        const t = store.refund(ticket, body);
        const { status, refund_date, refund_reason, refund_rrn, refund_ticket_price } = t;
        return { status: 200, body: { status, refund_date, refund_reason, refund_rrn, refund_ticket_price } };
      }
      if (method === 'PUT' && parts[2] === 'visit') {
        const t = store.visit(ticket, body);
        return { status: 200, body: { status: t.status, visit_date: t.visit_date } };
      }
    }
    if (parts[0] === 'events' && parts[2] === 'tickets' && parts.length >= 4) {
      const ticket = store.byBarcode(parts[1]!, parts[3]!);
      if (!ticket)
        throw new RegistryRefusal(
          'not_found',
          'Билет с таким штрихкодом не найден',
          options.unknownBarcodeStatus ?? 404,
        );
      if (method === 'GET' && parts.length === 4) {
        const { event_id, organization_id, date, params } = ticket.session;
        return {
          status: 200,
          body: { status: ticket.status, session: { event_id, organization_id, date, place: '', params } },
        };
      }
      if (method === 'PUT' && parts[4] === 'visit') {
        const t = store.visit(ticket, body);
        return { status: 200, body: { status: t.status, visit_date: t.visit_date } };
      }
    }
    throw new RegistryRefusal('not_found', 'Нет такого метода', 404);
  }

  function procultureEvents(url: URL): { status: number; body: unknown } {
    if (url.searchParams.get('apiKey') !== procultureKey) return { status: 403, body: { message: 'Forbidden' } };
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100) || 100, 100);
    const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
    const page = events.slice(offset, offset + limit);
    return {
      status: 200,
      body: {
        total: events.length,
        events: page.map((e) => ({ _id: e.id, name: e.name, rentalCertificate: e.puNumbers, isPushkinsCard: true })),
      },
    };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    readBody(req)
      .then((raw) => {
        if (url.pathname.startsWith('/api/2.5/events') && method === 'GET') {
          const answer = procultureEvents(url);
          return sendJson(res, answer.status, answer.body);
        }
        if (!url.pathname.startsWith('/api/v1/'))
          return sendJson(res, 404, { code: 'not_found', description: 'Нет такого адреса' });
        const path = url.pathname.slice('/api/v1'.length);
        let body: unknown = undefined;
        const record: RequestRecord = { method, path, body, status: 0 };
        requests.push(record);
        if (req.headers.authorization !== `Bearer ${apiKey}`) {
          record.status = 401;
          return sendJson(res, 401, { code: 'unauthorized', description: 'Неверный API-ключ' });
        }
        if (raw) {
          try {
            body = JSON.parse(raw) as unknown;
            record.body = body;
          } catch {
            record.status = 400;
            return sendJson(res, 400, { code: 'invalid_json', description: 'Тело запроса — не JSON' });
          }
        }
        const failure = failureFor(method, path);
        if (failure?.hang) {
          record.status = 'hang';
          return;
        }
        if (failure && !failure.after) {
          record.status = failure.status ?? 500;
          return sendJson(res, record.status, { code: 'internal', description: 'Внутренняя ошибка' });
        }
        let answer: { status: number; body: unknown };
        try {
          answer = route(method, path, body);
        } catch (err) {
          if (!(err instanceof RegistryRefusal)) throw err;
          answer = { status: err.status, body: { code: err.code, description: err.description } };
        }
        if (failure?.after) {
          // Done, but the caller never hears it.
          record.status = 'dropped';
          req.socket.destroy();
          return;
        }
        record.status = answer.status;
        sendJson(res, answer.status, answer.body);
      })
      .catch((err: unknown) => {
        options.logger?.error({ err }, 'Pushka emulator: request failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  const url = `http://127.0.0.1:${await listenOn(server, options)}`;
  return {
    url,
    apiUrl: `${url}/api/v1`,
    procultureUrl: `${url}/api/2.5`,
    apiKey,
    procultureKey,
    organizationId,
    env: {
      PUSHKA_API_URL: `${url}/api/v1`,
      PUSHKA_API_KEY: apiKey,
      PUSHKA_ORGANIZATION_ID: organizationId,
      PROCULTURE_API_URL: `${url}/api/2.5`,
      PROCULTURE_API_KEY: procultureKey,
    },
    control: {
      failNext: (count, spec = {}) => failures.push({ left: count, spec }),
      setLenient: (on) => {
        lenient = on;
      },
      addEvent: (event) => events.push(event),
      cancel: (id) => store.cancel(id),
      tickets: () => store.all(),
      ticket: (id) => store.all().find((t) => t.id === id),
      requests,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
