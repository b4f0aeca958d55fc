/**
 * An ATOL web-server emulator (ДТО 10 "JSON-задания"): a real HTTP server on 127.0.0.1 that queues tasks
 * and runs them one at a time on the emulated register in device.ts, faithful to REGISTRIES.md §1.10.
 * `npm run demo` talks to it when no ATOL_URL is set, and the tests use it through the same HTTP.
 *
 *   POST /requests          {uuid, request: task | [task, ...]} → 201; the same uuid again → 409
 *   GET  /requests/{uuid}   {results: [{status, errorCode, errorDescription, result}]}; unknown → 404
 *   GET  /                  200 (the ping)
 *   /api/v2/requests...     the same, under the other base path
 *   POST /emulator/faults   {paperOut?, offline?, coverOpen?, busy?, ofdDown?, loseAnswers?: n, silent?} → the faults
 *   GET  /emulator/state    the shift, the counters, the journal of tasks and the OFD outbox
 *
 *   const atol = await startAtolEmulator({ dataDir, clock });
 *   await fetch(`${atol.url}/requests`, { method: 'POST', body: JSON.stringify({ uuid, request: [task] }) });
 *   atol.control.setFaults({ paperOut: true });
 */
import http from 'node:http';
import path from 'node:path';
import { systemClock, type Clock } from '../../lib/infra/clock';
import type { Logger } from '../../lib/infra/logger';
import { readBody } from '../yookassa/http';
import { ATOL_ERRORS, createDevice, TaskError, type Faults, type Json, type Receipt } from './device';
import { listenOn } from '../listen';

export { ATOL_ERRORS, type Faults, type Receipt };

export type TaskStatus = 'wait' | 'inProgress' | 'ready' | 'error' | 'interrupted';

export interface TaskResult {
  status: TaskStatus;
  errorCode: number;
  errorDescription: string;
  result: unknown;
}

/** A task the register executed (or refused), in order: what a test asserts the register received. */
export interface JournalEntry {
  uuid: string;
  task: Json;
  status: 'ready' | 'error';
  errorCode: number;
  result: unknown;
  /** How long the device took over it, ms (the latency drawn for it). */
  ms: number;
}

export interface AtolEmulatorOptions {
  /** The counters live in `<dataDir>/atol-emulator.json`. */
  dataDir: string;
  /** "Now" for the 24-hour rule and the documents' dates; the system clock by default. */
  clock?: Clock;
  /** Time one task takes, ms: a fixed number or [min, max]; default [300, 1500] (0 in tests). */
  latencyMs?: number | readonly [number, number];
  /** Default 0: a free port (16732 is the real server's). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  logger?: Pick<Logger, 'debug' | 'warn' | 'error'>;
}

export interface AtolEmulatorControl {
  /** Switches faults on or off (those not named stay as they are). */
  setFaults(faults: Partial<Faults>): Faults;
  /** The next `count` POSTs are accepted and executed, but their connection drops without an answer. */
  loseAnswers(count: number): void;
  /**
   * While on, the web server answers nothing (a hung server or a cut cable to it): tasks posted are still
   * accepted and executed, every connection to /requests drops without an answer.
   */
  silence(on: boolean): void;
  /** A web-server restart: queued and finished tasks are forgotten, the fiscal counters stay. */
  forgetTasks(): void;
  /** Every task executed, in order. */
  readonly journal: readonly JournalEntry[];
  /** Receipts sent on to a viewer's e-mail or phone. */
  readonly ofdOutbox: readonly Receipt[];
  shiftStatus(): { state: 'closed' | 'opened' | 'expired'; number: number; expiredTime: string | null };
  cashInDrawer(): number;
  /** Resolves once every queued task has run. */
  idle(): Promise<void>;
}

export interface AtolEmulator {
  /** http://127.0.0.1:<port>: ATOL_URL. */
  url: string;
  control: AtolEmulatorControl;
  close(): Promise<void>;
}

interface Request {
  uuid: string;
  tasks: unknown[];
  results: TaskResult[];
}

const BASE_PATHS = ['/requests', '/api/v2/requests'];
const pending = (): TaskResult => ({ status: 'wait', errorCode: 0, errorDescription: 'Ошибок нет', result: null });

function send(res: http.ServerResponse, status: number, body?: unknown) {
  if (body === undefined) return void res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** Starts the emulator on 127.0.0.1 unless told otherwise (see the file's comment). */
export async function startAtolEmulator(options: AtolEmulatorOptions): Promise<AtolEmulator> {
  const clock = options.clock ?? systemClock;
  const device = createDevice({ stateFile: path.join(options.dataDir, 'atol-emulator.json'), clock });
  const latency = options.latencyMs ?? [300, 1500];
  const requests = new Map<string, Request>();
  const queue: Request[] = [];
  const journal: JournalEntry[] = [];
  let answersToLose = 0;
  let silent = false;
  let running: Promise<void> | null = null;
  let closed = false;

  const delay = () => {
    const ms = typeof latency === 'number' ? latency : latency[0] + Math.random() * (latency[1] - latency[0]);
    return new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
  };

  /** Runs the queue, one task at a time (a register prints one document at once). */
  async function drain() {
    while (queue.length > 0 && !closed) {
      const request = queue.shift()!;
      let failed = false;
      for (const [i, task] of request.tasks.entries()) {
        const slot = request.results[i]!;
        if (failed) {
          const [code, description] = ATOL_ERRORS.INTERRUPTED_BY_PREVIOUS_ERRORS;
          Object.assign(slot, { status: 'interrupted', errorCode: code, errorDescription: description });
          continue;
        }
        slot.status = 'inProgress';
        const started = performance.now();
        await delay();
        const ms = performance.now() - started;
        if (!requests.has(request.uuid)) break; // forgotten by a restart while it ran
        try {
          const result = device.execute(task);
          Object.assign(slot, { status: 'ready', result });
          journal.push({ uuid: request.uuid, task: task as Json, status: 'ready', errorCode: 0, result, ms });
        } catch (err) {
          if (!(err instanceof TaskError)) throw err;
          failed = true;
          Object.assign(slot, { status: 'error', errorCode: err.code, errorDescription: err.message });
          journal.push({
            uuid: request.uuid,
            task: task as Json,
            status: 'error',
            errorCode: err.code,
            result: null,
            ms,
          });
        }
      }
    }
  }

  const kick = () => {
    running ??= drain()
      .catch((err: unknown) => options.logger?.error({ err }, 'ATOL emulator: a task failed'))
      .finally(() => {
        running = null;
        if (queue.length > 0) kick();
      });
  };

  function accept(raw: string | null, res: http.ServerResponse) {
    let envelope: unknown;
    try {
      envelope = raw === null ? null : JSON.parse(raw);
    } catch {
      envelope = null;
    }
    const { uuid, request } = (envelope ?? {}) as { uuid?: unknown; request?: unknown };
    const tasks = Array.isArray(request) ? request : request && typeof request === 'object' ? [request] : [];
    if (typeof uuid !== 'string' || uuid === '' || uuid.length > 128 || tasks.length === 0) {
      return send(res, 400, { status: 'error', description: 'Ожидается {uuid, request}' });
    }
    if (requests.has(uuid)) return send(res, 409, { status: 'error', description: 'Задание с таким uuid уже есть' });
    const entry: Request = { uuid, tasks, results: tasks.map(pending) };
    requests.set(uuid, entry);
    queue.push(entry);
    kick();
    if (answersToLose > 0 || silent) {
      if (!silent) answersToLose -= 1;
      res.socket?.destroy();
      return;
    }
    send(res, 201);
  }

  function faultsFrom(raw: string | null, res: http.ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw ?? '') as Record<string, unknown>;
    } catch {
      return send(res, 400, { status: 'error' });
    }
    const { loseAnswers, silent: silence, ...switches } = body;
    if (typeof loseAnswers === 'number') answersToLose = loseAnswers;
    if (typeof silence === 'boolean') silent = silence;
    for (const [name, on] of Object.entries(switches)) {
      if (name in device.faults && typeof on === 'boolean') device.faults[name as keyof Faults] = on;
    }
    send(res, 200, { faults: device.faults, loseAnswers: answersToLose, silent });
  }

  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://emulator').pathname;
    readBody(req)
      .then((raw) => {
        if (req.method === 'GET' && pathname === '/') return send(res, 200, { status: 'ok' });
        if (req.method === 'POST' && pathname === '/emulator/faults') return faultsFrom(raw, res);
        if (req.method === 'GET' && pathname === '/emulator/state') {
          return send(res, 200, {
            shift: device.shiftStatus(),
            cashInDrawer: device.cashInDrawer(),
            documentNumber: device.documentNumber(),
            faults: device.faults,
            journal,
            ofdOutbox: device.ofdOutbox,
          });
        }
        const base = BASE_PATHS.find((b) => pathname === b || pathname.startsWith(`${b}/`));
        if (!base) return send(res, 404);
        if (req.method === 'POST' && pathname === base) return accept(raw, res);
        if (silent && req.method === 'GET') return void res.socket?.destroy();
        if (req.method === 'GET' && pathname.length > base.length + 1) {
          const found = requests.get(decodeURIComponent(pathname.slice(base.length + 1)));
          return found ? send(res, 200, { results: found.results }) : send(res, 404);
        }
        send(res, 405);
      })
      .catch((err: unknown) => {
        options.logger?.error({ err, pathname }, 'ATOL emulator: request failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  const url = `http://127.0.0.1:${await listenOn(server, options)}`;

  return {
    url,
    control: {
      setFaults: (next) => Object.assign(device.faults, next),
      loseAnswers: (count) => void (answersToLose = count),
      silence: (on) => void (silent = on),
      forgetTasks: () => {
        requests.clear();
        queue.length = 0;
      },
      journal,
      ofdOutbox: device.ofdOutbox,
      shiftStatus: () => device.shiftStatus(),
      cashInDrawer: () => device.cashInDrawer(),
      idle: async () => {
        while (running) await running;
      },
    },
    close: async () => {
      closed = true;
      await running;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
