/**
 * Bad socket input, generated from the client events' declared payloads (testing/socket-fuzz.ts),
 * sent by a signed-in viewer over a websocket written by hand while a hall has a real hold: every
 * event is refused with a typed acknowledgement ({ ok: false, reason: 'invalid' }) — or, for a
 * frame that is not an event at all, the connection is closed — the database and Redis are
 * unchanged, nothing is logged as an error, and the server goes on serving seat maps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEAT_CLIENT_EVENT_SCHEMAS, type SeatClientEvent } from '../../contract/seats';
import { useTestApi } from '../../testing/api';
import { changedTables, databaseFingerprint, redisFingerprint } from '../../testing/contract-calls';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { captureLogs } from '../../testing/logs';
import { request, socketPool } from '../../testing/seat-client';
import {
  connectionFuzzCases,
  connectRawSocket,
  handshakeFuzzCases,
  isRefusal,
  socketFuzzCases,
  type RawSocket,
  type SocketFuzzCase,
} from '../../testing/socket-fuzz';
import { quietFor } from '../../testing/wait';

const logs = captureLogs();
const api = useTestApi({ logger: logs.logger });
const sockets = socketPool(() => api.t.url);
const EVENTS = Object.entries(SEAT_CLIENT_EVENT_SCHEMAS) as [
  SeatClientEvent,
  (typeof SEAT_CLIENT_EVENT_SCHEMAS)[SeatClientEvent],
][];

let token: string;
let sessionId: number;
beforeAll(async () => {
  token = (await buildSignedInUser(api.ctx)).token;
  sessionId = (await buildSession(api.ctx.db)).id;
  // A hall with a live hold: what the bad input must leave as it is.
  const holder = await sockets.connect((await buildSignedInUser(api.ctx)).token);
  await holder.join(sessionId);
  expect(await request(holder, 'seats:hold', { sessionId, seat: 'r5m5' })).toMatchObject({ ok: true });
});
afterAll(() => sockets.closeAll());

/** Sends every case over one connection (a new one after a case that closes it); the failures, described. */
async function run(cases: SocketFuzzCase[]): Promise<string[]> {
  const failures: string[] = [];
  let socket: RawSocket | undefined;
  for (const c of cases) {
    if (c.payload) {
      const schema = SEAT_CLIENT_EVENT_SCHEMAS[JSON.parse(c.data!)[0] as SeatClientEvent];
      if (schema.safeParse(c.payload.value).success) {
        if (c.payload.alwaysBad) failures.push(`${c.name}: the contract accepts it`);
        continue;
      }
    }
    if (!socket || socket.isClosed) socket = await connectRawSocket(api.t.url, JSON.stringify({ token }));
    const current = socket;
    if (c.frame !== undefined) current.send(c.frame);
    const answers =
      c.data === undefined
        ? []
        : await Promise.all(Array.from({ length: c.times ?? 1 }, () => current.emit(c.data!, c.attachment)));
    if (c.expect.kind === 'closed') {
      const closed = await Promise.race([current.closed.then(() => true), quietFor(5000).then(() => false)]);
      if (!closed || answers.some((a) => a !== 'closed')) {
        failures.push(`${c.name}: expected the connection closed, got ${JSON.stringify(answers.slice(0, 2))}`);
      }
    } else {
      const { reasons } = c.expect;
      const wrong = answers.filter((a) => !isRefusal(a, reasons));
      if (wrong.length > 0) {
        failures.push(
          `${c.name}: ${wrong.length} answers not a refusal (${reasons.join('|')}): ${JSON.stringify(wrong[0])}`,
        );
      }
    }
  }
  socket?.close();
  return failures;
}

/** Runs the cases and checks that they changed nothing and logged no error. */
async function expectRefusedHarmlessly(cases: SocketFuzzCase[]) {
  const prefix = api.ctx.keys.of('');
  const before = { db: await databaseFingerprint(api.ctx.db), redis: await redisFingerprint(api.ctx.redis, prefix) };
  const errorsBefore = logs.errors().length;
  expect(await run(cases)).toEqual([]);
  expect(changedTables(before.db, await databaseFingerprint(api.ctx.db))).toEqual([]);
  expect(await redisFingerprint(api.ctx.redis, prefix)).toEqual(before.redis);
  expect(logs.errors().slice(errorsBefore)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
  // The server still serves seat maps: the live hold is there.
  const viewer = await sockets.connect(token);
  expect((await viewer.join(sessionId)).held).toEqual(['r5m5']);
}

/** What a connection made with this handshake auth payload may do: hold a seat, or not be made at all. */
async function connectedAs(auth: string): Promise<unknown> {
  try {
    const socket = await connectRawSocket(api.t.url, auth);
    const answer = await socket.emit(JSON.stringify(['seats:hold', { sessionId, seat: 'r1m2' }]));
    socket.close();
    return answer;
  } catch {
    return 'not connected';
  }
}

describe('bad socket input', () => {
  for (const [event, schema] of EVENTS) {
    it(`${event}: every bad payload is refused as invalid, writes nothing and logs no error`, async () => {
      const cases = socketFuzzCases(event, schema, { sessionId, seat: 'r1m1' });
      expect(cases.length).toBeGreaterThan(30);
      await expectRefusedHarmlessly(cases);
    });
  }

  it('unknown events are refused as invalid; frames that are not events close the connection; nothing is written or logged', async () => {
    await expectRefusedHarmlessly(connectionFuzzCases(JSON.stringify({ sessionId })));
  });

  it('a handshake without a good token makes a guest or no connection, writes nothing and logs no error', async () => {
    const prefix = api.ctx.keys.of('');
    const before = { db: await databaseFingerprint(api.ctx.db), redis: await redisFingerprint(api.ctx.redis, prefix) };
    const errorsBefore = logs.errors().length;
    const failures: string[] = [];
    for (const [name, auth] of handshakeFuzzCases(token)) {
      const answer = await connectedAs(auth);
      if (answer !== 'not connected' && !isRefusal(answer, ['auth']))
        failures.push(`${name}: ${JSON.stringify(answer)}`);
    }
    expect(failures).toEqual([]);
    expect(changedTables(before.db, await databaseFingerprint(api.ctx.db))).toEqual([]);
    expect(await redisFingerprint(api.ctx.redis, prefix)).toEqual(before.redis);
    expect(logs.errors().slice(errorsBefore)).toEqual([]);
    // The good token, written the same way, is a viewer (the check above can tell).
    expect(await connectedAs(JSON.stringify({ token }))).toMatchObject({ ok: true });
  });
});
