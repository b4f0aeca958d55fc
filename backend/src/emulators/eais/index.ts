/**
 * A ЕАИС receiver emulator (REGISTRIES.md §3.7): a real HTTP server on 127.0.0.1 taking uploads as ЕКиноБилет does,
 * for the tests and the bench (and, run on its own, a demo's EAIS_URL).
 *
 *   POST /ekbs/upload.aspx   multipart/form-data: login, password, XMLfile (one session's XML 3.2.0)
 *                            → 200 text/plain `OK`, or `error: <reason>` (clients look for `error`)
 *   GET  /_ledger            every session's seats (sold/refunded), the files taken and refused
 *
 * Checks: the credentials; the strict format (parse.ts); org_id; the showroom and the ПУ register when given; a
 * refund with no sale before it; a seat sold twice without a refund between (double sale); a form already taken
 * in another file (`duplicates`: 'reject' answers an error, 'count' counts it twice, exposing the double count).
 * A file under a name already taken with the same content is recognised as a repeat: `OK`, applied once.
 * Faults: `refuse(n, reason)` answers the next n uploads with an error; `loseReplies(n)` takes the next n uploads
 * and drops the connection before the reply (the sender cannot know it was taken).
 *
 *   const eais = await startEaisEmulator({ login: 'kino', password: 'secret', orgId: '2271' });
 *   // EAIS_URL = eais.url; eais.control.loseReplies(1); eais.control.ledger()
 */
import http from 'node:http';
import { systemClock, type Clock } from '../../lib/infra/clock';
import { parseUpload, kopecksOf, UploadError, type Form, type Seans } from './parse';
import { listenOn } from '../listen';

export { parseUpload, UploadError, FORM_ATTRIBUTES, SEANS_ATTRIBUTES } from './parse';

export const EAIS_UPLOAD_PATH = '/ekbs/upload.aspx';
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export interface EaisEmulatorOptions {
  login: string;
  password: string;
  /** The cinema's org_id; any other is refused. */
  orgId: string;
  /** Halls registered for the cinema; unset: any. */
  showrooms?: readonly string[];
  /** The ПУ register: number → [issued, until] as 'YYYYMMDD'; unset: any number. */
  puRegister?: ReadonlyMap<string, readonly [string, string]>;
  /** A form already taken in another file: refused (default) or counted again. */
  duplicates?: 'reject' | 'count';
  clock?: Clock;
  port?: number;
  host?: string;
}

/** A file taken: its name, when, and its forms. */
export interface ReceivedFile {
  name: string;
  at: Date;
  seans: Seans;
  forms: Form[];
  /** Taken again under the same name with the same content: acknowledged, not applied again. */
  repeats: number;
}

export interface SeatState {
  sold: number;
  refunded: number;
  /** Net roubles, kopecks. */
  kopecks: number;
}

export interface EaisEmulatorControl {
  refuse(count: number, reason?: string): void;
  loseReplies(count: number): void;
  /** Every upload as it arrived (names in order, repeats and refusals included). */
  readonly uploads: readonly { name: string; at: Date; reply: string | null }[];
  readonly files: readonly ReceivedFile[];
  /** Session key (`org_id|showroom|seans_date|seans_title`) → seat ('row-place') → its state. */
  ledger(): Record<string, Record<string, SeatState>>;
  /** Forms taken more than once (only with duplicates: 'count'). */
  duplicateForms(): number;
}

export interface EaisEmulator {
  /** http://127.0.0.1:<port>/ekbs/upload.aspx: EAIS_URL. */
  url: string;
  control: EaisEmulatorControl;
  close(): Promise<void>;
}

const sessionKey = (s: Seans) => `${s.org_id}|${s.showroom}|${s.seans_date}|${s.seans_title}`;
const formKey = (f: Form) => JSON.stringify(f);

export async function startEaisEmulator(options: EaisEmulatorOptions): Promise<EaisEmulator> {
  const clock = options.clock ?? systemClock;
  const files: ReceivedFile[] = [];
  const byName = new Map<string, { body: string; file: ReceivedFile }>();
  const uploads: { name: string; at: Date; reply: string | null }[] = [];
  const ledger = new Map<string, Map<string, SeatState & { live: boolean }>>();
  const seenForms = new Map<string, number>();
  let refusals: { count: number; reason: string } = { count: 0, reason: '' };
  let toLose = 0;

  /** Checks the whole file against the ledger first, then applies it: a refused file changes nothing. */
  function take(name: string, body: string): string {
    const known = byName.get(name);
    if (known) {
      if (known.body !== body) throw new UploadError(`file ${name} was already taken with other content`);
      known.file.repeats += 1;
      return 'OK (repeat)';
    }
    const { seans, forms } = parseUpload(body);
    if (seans.org_id !== options.orgId) throw new UploadError(`unknown org_id ${seans.org_id}`);
    if (options.showrooms && !options.showrooms.includes(seans.showroom))
      throw new UploadError(`unknown showroom ${seans.showroom}`);
    if (options.puRegister) {
      const pu = options.puRegister.get(seans.pu_number);
      if (!pu && seans.pu_reason === '') throw new UploadError(`pu_number ${seans.pu_number} not in the register`);
      const day = seans.seans_date.slice(0, 8);
      if (pu && (day < pu[0] || day > pu[1]))
        throw new UploadError(`session ${seans.seans_date} outside pu_number ${seans.pu_number} validity`);
    }
    const key = sessionKey(seans);
    const seats = new Map(
      [...(ledger.get(key) ?? new Map<string, SeatState & { live: boolean }>())].map(([k, v]) => [k, { ...v }]),
    );
    // This file's forms, counted apart until the file is taken (copying every form ever received per upload
    // would make each upload slower than the last).
    const seen = new Map<string, number>();
    for (const [i, form] of forms.entries()) {
      const fk = `${key}|${formKey(form)}`;
      const before = (seenForms.get(fk) ?? 0) + (seen.get(fk) ?? 0);
      if (before > 0 && (options.duplicates ?? 'reject') === 'reject')
        throw new UploadError(`form ${i + 1} duplicates a form already received`);
      seen.set(fk, (seen.get(fk) ?? 0) + 1);
      const seat = `${form.place_y}-${form.place_x}`;
      const state = seats.get(seat) ?? { sold: 0, refunded: 0, kopecks: 0, live: false };
      const kopecks = kopecksOf(form.price);
      if (kopecks < 0 || form.price.startsWith('-')) {
        if (!state.live) throw new UploadError(`form ${i + 1}: refund of seat ${seat} without a sale`);
        state.live = false;
        state.refunded += 1;
      } else {
        if (state.live) throw new UploadError(`form ${i + 1}: seat ${seat} sold twice (double sale)`);
        state.live = true;
        state.sold += 1;
      }
      state.kopecks += kopecks;
      seats.set(seat, state);
    }
    ledger.set(key, seats);
    for (const [k, v] of seen) seenForms.set(k, (seenForms.get(k) ?? 0) + v);
    const file: ReceivedFile = { name, at: clock.now(), seans, forms, repeats: 0 };
    files.push(file);
    byName.set(name, { body, file });
    return 'OK';
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const reply = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/_ledger') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          sessions: control.ledger(),
          files: files.map((f) => ({ name: f.name, forms: f.forms.length, repeats: f.repeats })),
        }),
      );
      return;
    }
    if (req.method !== 'POST' || url.pathname !== EAIS_UPLOAD_PATH) return reply(404, 'error: not found');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) return reply(413, 'error: too large');
      chunks.push(chunk);
    }
    let form: FormData;
    try {
      form = await new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
    } catch {
      return reply(400, 'error: not multipart/form-data');
    }
    const file = form.get('XMLfile');
    const name = file instanceof File ? file.name : '(none)';
    const record = (text: string | null) => uploads.push({ name, at: clock.now(), reply: text });
    if (form.get('login') !== options.login || form.get('password') !== options.password) {
      record('error: auth');
      return reply(401, 'error: auth');
    }
    if (!(file instanceof File)) {
      record('error: XMLfile missing');
      return reply(200, 'error: XMLfile missing');
    }
    if (refusals.count > 0) {
      refusals.count -= 1;
      record(`error: ${refusals.reason}`);
      return reply(200, `error: ${refusals.reason}`);
    }
    let text: string;
    try {
      text = take(file.name, await file.text());
    } catch (err) {
      if (!(err instanceof UploadError)) throw err;
      record(`error: ${err.message}`);
      return reply(200, `error: ${err.message}`);
    }
    if (toLose > 0) {
      toLose -= 1;
      record(null);
      // Taken, but the reply never arrives.
      req.socket.destroy();
      return;
    }
    record(text);
    reply(200, text);
  }

  const control: EaisEmulatorControl = {
    refuse(count, reason = 'service temporarily unavailable') {
      refusals = { count, reason };
    },
    loseReplies(count) {
      toLose = count;
    },
    uploads,
    files,
    ledger() {
      const out: Record<string, Record<string, SeatState>> = {};
      for (const [key, seats] of ledger)
        out[key] = Object.fromEntries(
          [...seats].map(([seat, { sold, refunded, kopecks }]) => [seat, { sold, refunded, kopecks }]),
        );
      return out;
    },
    duplicateForms() {
      let n = 0;
      for (const count of seenForms.values()) n += count - 1;
      return n;
    },
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(`error: ${String(err)}`);
    });
  });
  const port = await listenOn(server, options);
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}${EAIS_UPLOAD_PATH}`,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
