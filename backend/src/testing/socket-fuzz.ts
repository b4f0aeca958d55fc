/**
 * Bad Socket.IO input, generated from the client events' declared payloads
 * (contract/seats.ts SEAT_CLIENT_EVENT_SCHEMAS) with the same wrong values the HTTP fuzz uses
 * (testing/fuzz.ts): per field, wrong types, a missing value, numbers beyond 32 bits and beyond
 * 2^53, fractions, control characters, 100 kB texts; per payload, wrong types, no payload or two,
 * unknown and prototype keys, deep nesting, a binary attachment; per connection, unknown and
 * reserved event names, frames the parser cannot read, a message over the size limit, floods.
 *
 * Frames are written by hand over a plain websocket (RawSocket), as an attacker would, not
 * through socket.io-client, which would refuse to encode some of them.
 */
import WebSocket from 'ws';
import { SEAT_REFUSALS, type SeatClientEvent, type SeatRefusal } from '../contract/seats';
import type { z } from 'zod';
import {
  CONTROL_TEXTS,
  fieldsOf,
  inputJsonSchema,
  jsonMutations,
  PROTOTYPE_KEYS,
  raw,
  sampleOf,
  toJson,
  withValue,
} from './fuzz';

/** What the server must do with a case. */
export type SocketExpectation =
  /** Acknowledge every event of the case with `{ ok: false, reason }`, one of these reasons. */
  | { kind: 'refused'; reasons: readonly SeatRefusal[] }
  /** Close the connection (the frame cannot be read as an event at all), without answering. */
  | { kind: 'closed' };

export interface SocketFuzzCase {
  /** What is wrong, e.g. 'seats:hold sessionId: 2^31'. */
  name: string;
  /** The event packet's data, as written: the JSON array of the event's name and arguments. */
  data?: string;
  /** Or a whole engine.io frame as it is (no acknowledgement asked). */
  frame?: string;
  /** A binary frame sent after the text one (an attachment). */
  attachment?: Buffer;
  /** Sent this many times at once, without waiting for answers (a flood). */
  times?: number;
  expect: SocketExpectation;
  /** The payload the server parses, for the contract's verdict: a case the schema accepts is not bad. */
  payload?: { value: unknown; alwaysBad: boolean };
}

const INVALID: SocketExpectation = { kind: 'refused', reasons: ['invalid'] };
const CLOSED: SocketExpectation = { kind: 'closed' };
/** Socket.IO's limit on one message (engine.io's maxHttpBufferSize, 1 MB): beyond it the connection closes. */
const OVER_MESSAGE_LIMIT = 1_100_000;
const DEEP = 10_000;
const FLOOD = 500;

const packet = (event: unknown, ...args: string[]) => `[${[JSON.stringify(event), ...args].join(',')}]`;

/**
 * The cases of one client event, from its payload schema. `sample` gives fields real values (the
 * session of a live hall), so that what a case breaks is the one field it changes.
 */
export function socketFuzzCases(
  event: SeatClientEvent,
  schema: z.ZodType,
  sample: Record<string, unknown> = {},
): SocketFuzzCase[] {
  const json = inputJsonSchema(schema);
  const base = Object.fromEntries(
    Object.entries(sampleOf(json) as Record<string, unknown>).map(([k, v]) => [k, k in sample ? sample[k] : v]),
  );
  const baseText = toJson(base);
  const cases: SocketFuzzCase[] = [];
  const withPayload = (name: string, value: unknown, alwaysBad = true) =>
    cases.push({
      name: `${event} ${name}`,
      data: packet(event, toJson(value)),
      expect: INVALID,
      payload: { value: JSON.parse(toJson(value)), alwaysBad },
    });
  const written = (name: string, data: string, extra: Partial<SocketFuzzCase> = {}) =>
    cases.push({ name: `${event} ${name}`, data, expect: INVALID, ...extra });

  for (const { path, schema: field, required } of fieldsOf(json)) {
    for (const m of jsonMutations(field, required)) {
      withPayload(`${path.join('.')}: ${m.label}`, withValue(base, path, m.value), m.alwaysBad);
    }
  }
  for (const [label, value] of [
    ['null', null],
    ['a number', 1],
    ['a text', 'text'],
    ['true', true],
    ['an empty array', []],
    ['the payload in an array', [base]],
    ['an empty object', {}],
  ] as const) {
    withPayload(`payload: ${label}`, value);
  }
  withPayload('payload: an unknown field', { ...base, fuzz_extra: 'x' });
  for (const [label, text] of CONTROL_TEXTS)
    withPayload(`payload: an unknown field named with ${label}`, { [text]: 1 });
  for (const [key, value] of PROTOTYPE_KEYS) {
    written(`payload: prototype key ${key}`, packet(event, `{"${key}":${value},${baseText.slice(1)}`));
  }
  written('no payload', packet(event));
  written('two payloads', packet(event, baseText, baseText));
  written(`payload: nested ${DEEP} deep`, packet(event, '['.repeat(DEEP) + ']'.repeat(DEEP)));
  written(
    `payload: a field nested ${DEEP} deep`,
    packet(event, `{${baseText.slice(1, -1)},"fuzz":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`),
  );
  written('payload: a binary attachment', packet(event, '{"_placeholder":true,"num":0}'), {
    attachment: Buffer.from([0, 1, 2, 3]),
  });
  written(
    `a flood of ${FLOOD} bad payloads`,
    packet(event, toJson(withValue(base, ['sessionId'], raw('2147483648')))),
    {
      times: FLOOD,
    },
  );
  written(`a message over the size limit`, packet(event, JSON.stringify('x'.repeat(OVER_MESSAGE_LIMIT))), {
    expect: CLOSED,
  });
  return cases;
}

/** Cases about the connection itself: events nobody declared, frames that are not events. */
export function connectionFuzzCases(sample: string): SocketFuzzCase[] {
  const cases: SocketFuzzCase[] = [];
  const unknown = [
    'seats:nope',
    'SEATS:JOIN',
    'seats:join ',
    ...CONTROL_TEXTS.map(([, text]) => `seats:${text}`),
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'x'.repeat(100_000),
    42,
  ];
  for (const name of unknown) {
    const label = typeof name === 'string' && name.length > 100 ? 'a 100 kB name' : JSON.stringify(name);
    cases.push({ name: `unknown event ${label}`, data: packet(name, sample), expect: INVALID });
  }
  cases.push({
    name: `a flood of ${FLOOD} unknown events`,
    data: packet('seats:nope', sample),
    times: FLOOD,
    expect: INVALID,
  });
  // Names Socket.IO keeps for itself: its parser refuses the packet and the connection closes.
  for (const name of ['connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener']) {
    cases.push({ name: `reserved event ${name}`, data: packet(name, sample), expect: CLOSED });
  }
  const frames: [string, string][] = [
    ['an event without a name', '421[]'],
    ['an event that is an object', '421{"sessionId":1}'],
    ['an event name that is an object', '421[{"a":1}]'],
    ['truncated JSON', '421["seats:join",{"sessionId":'],
    ['NaN in JSON', '421["seats:join",{"sessionId":NaN}]'],
    ['an unknown packet type', '491["seats:join"]'],
    ['an unknown engine.io packet', '9hello'],
  ];
  for (const [name, frame] of frames) cases.push({ name, frame, expect: CLOSED });
  return cases;
}

/**
 * Handshake auth payloads that are not a good token, as written: each connection is a guest (a hold
 * is refused as 'auth') or is not made at all.
 */
export function handshakeFuzzCases(token: string): [string, string][] {
  const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
  return [
    ['a number', '{"token":12345}'],
    ['an object', '{"token":{"a":1}}'],
    ['an array', '{"token":["x"]}'],
    ['null', '{"token":null}'],
    ['a 100 kB text', JSON.stringify({ token: 'x'.repeat(100_000) })],
    ...CONTROL_TEXTS.map(([label, text]): [string, string] => [label, JSON.stringify({ token: text })]),
    ['three dots', '{"token":"..."}'],
    ['a forged signature', JSON.stringify({ token: flipped })],
    ['the token cut short', JSON.stringify({ token: token.slice(0, -5) })],
    ['the token twice', JSON.stringify({ token: token + token })],
    ['the token under a prototype key', `{"__proto__":{"token":${JSON.stringify(token)}}}`],
    ['the token nested deep', `{"token":${'['.repeat(DEEP)}${JSON.stringify(token)}${']'.repeat(DEEP)}}`],
    ['an array instead of an object', `[${JSON.stringify(token)}]`],
    ['a text instead of an object', JSON.stringify(token)],
    ['truncated JSON', '{"token":"abc'],
  ];
}

export const isRefusal = (ack: unknown, reasons: readonly SeatRefusal[]): boolean =>
  typeof ack === 'object' &&
  ack !== null &&
  Object.keys(ack).sort().join() === 'ok,reason' &&
  (ack as { ok: unknown }).ok === false &&
  reasons.includes((ack as { reason: SeatRefusal }).reason) &&
  SEAT_REFUSALS.includes((ack as { reason: SeatRefusal }).reason);

// ---- a Socket.IO connection written by hand ----

export interface RawSocket {
  /** Sends an event packet (`data` as written) asking for an acknowledgement: its first argument, or 'closed'. */
  emit(data: string, attachment?: Buffer): Promise<unknown>;
  /** Sends an engine.io frame as it is. */
  send(frame: string): void;
  /** Resolves when the server has closed the connection. */
  readonly closed: Promise<void>;
  readonly isClosed: boolean;
  close(): void;
}

const ANSWER_TIMEOUT_MS = 10_000;

/**
 * Connects as the browser's Socket.IO client does over a websocket (Engine.IO 4). `auth` is the
 * handshake's auth payload as written (`JSON.stringify({ token })`); rejects when the server refuses
 * the connection or closes it during the handshake.
 */
export function connectRawSocket(url: string, auth = ''): Promise<RawSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const waiting = new Map<number, (answer: unknown) => void>();
  let nextId = 0;
  let isClosed = false;
  const connecting = { reject: (_: Error) => {} };
  const closed = new Promise<void>((resolve) =>
    ws.on('close', (code) => {
      connecting.reject(new Error(`closed during the handshake (${code})`));
      isClosed = true;
      for (const answer of waiting.values()) answer('closed');
      waiting.clear();
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    connecting.reject = reject;
    ws.on('error', reject);
    ws.on('message', (data, binary) => {
      if (binary) return;
      const text = data.toString();
      if (text === '2') return ws.send('3'); // ping → pong
      if (text.startsWith('0')) return ws.send(`40${auth}`);
      if (text.startsWith('44')) return reject(new Error(`connection refused: ${text}`));
      if (text.startsWith('40')) {
        return resolve({
          emit(packetData, attachment) {
            const id = nextId++;
            return new Promise<unknown>((answered) => {
              if (isClosed) return answered('closed');
              const timer = setTimeout(() => {
                waiting.delete(id);
                answered('no answer');
              }, ANSWER_TIMEOUT_MS);
              waiting.set(id, (answer) => {
                clearTimeout(timer);
                answered(answer);
              });
              ws.send(attachment ? `451-${id}${packetData}` : `42${id}${packetData}`);
              if (attachment) ws.send(attachment);
            });
          },
          send: (frame) => ws.send(frame),
          closed,
          get isClosed() {
            return isClosed;
          },
          close: () => ws.close(),
        });
      }
      const ack = /^43(\d+)([\s\S]*)$/.exec(text);
      if (ack) {
        const id = Number(ack[1]);
        waiting.get(id)?.((JSON.parse(ack[2]!) as unknown[])[0]);
        waiting.delete(id);
      }
    });
  });
}
