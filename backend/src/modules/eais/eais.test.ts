/**
 * ЕАИС runs never overlap (two at once, as two worker containers or a slow run and its retry would start
 * them → one document per session, whichever destination), a lock left by a dead run expires by itself, and
 * the dashboard's ЕАИС panel (GET /api/dashboard/eais) shows a failed delivery with its error and time and a
 * sale unreported past the hour, and clears once ЕАИС has everything.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardEaisSchema } from '../../contract/dashboard';
import { toCinemaTime } from '../../contract/time';
import { schema } from '../../db';
import { useTestApi } from '../../testing/api';
import { buildFilm, buildOrder, buildSession, buildSignedInUser, buildTicket } from '../../testing/factories';
import { connectLiveClient } from '../../testing/live-client';
import { reportToEais } from './report';
import { until } from '../../testing/wait';

const api = useTestApi();

/** An ЕАИС stand-in on loopback: answers slowly (so runs would overlap), or fails while `failing`. */
let server: http.Server;
let url: string;
let failing = false;
const received: { session: number; tickets: number }[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (failing) return void res.writeHead(503, 'Service Unavailable').end('down');
      const doc = JSON.parse(body) as { session: { id: number }; tickets: unknown[] };
      received.push({ session: doc.session.id, tickets: doc.tickets.length });
      setTimeout(() => res.writeHead(200, { 'x-reference': `EAIS-${received.length}` }).end('ok'), 200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eais`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Where the runs deliver: the stand-in, or (null) files in DATA_DIR/eais/. */
const deliverTo = (to: string | null) => {
  api.ctx.config.eais.url = to ?? undefined;
};

/** A session with two sales and a refund, not reported. */
async function soldSession(paidMinutesAgo = 5) {
  const film = await buildFilm(api.ctx.db, { title: 'Зеркало', puNumber: '111000975' });
  const session = await buildSession(api.ctx.db, { filmId: film.id, startsInMinutes: 300 });
  const order = await buildOrder(api.ctx.db, {
    sessionId: session.id,
    totalKopecks: 70_000,
    paidAt: new Date(Date.now() - paidMinutesAgo * 60_000),
  });
  await buildTicket(api.ctx.db, { sessionId: session.id, orderId: order.id, seatNumber: 'r2m1' });
  await buildTicket(api.ctx.db, { sessionId: session.id, orderId: order.id, seatNumber: 'r2m2', status: 'refunded' });
  return session;
}

const deliveredOf = (sessionIds: number[]) =>
  api.ctx.db
    .select()
    .from(schema.eaisReports)
    .where(inArray(schema.eaisReports.sessionId, sessionIds))
    .then((rows) => rows.filter((r) => r.status === 'delivered'));

describe('two ЕАИС runs at once', () => {
  it('send each session’s document once: the second run finds the lock taken and does nothing (EAIS_URL)', async () => {
    deliverTo(url);
    const sessions = [await soldSession(), await soldSession()];
    const ids = sessions.map((s) => s.id);
    const runs = await Promise.all([reportToEais(api.ctx), reportToEais(api.ctx)]);
    const mine = received.filter((r) => ids.includes(r.session));
    expect(mine.map((r) => r.session).sort()).toEqual([...ids].sort());
    expect(mine.every((r) => r.tickets === 3)).toBe(true);
    expect((await deliveredOf(ids)).map((r) => r.sessionId).sort()).toEqual([...ids].sort());
    expect(runs.filter((r) => r.skipped)).toHaveLength(1);
    expect(runs.find((r) => !r.skipped)).toMatchObject({ failed: 0 });

    // Once the first is done, the next run may take the lock; it has nothing left of these sessions to send.
    await reportToEais(api.ctx);
    expect(received.filter((r) => ids.includes(r.session))).toHaveLength(2);
  });

  it('write one file per session when three runs start together (DATA_DIR/eais/)', async () => {
    deliverTo(null);
    const session = await soldSession();
    const runs = await Promise.all([reportToEais(api.ctx), reportToEais(api.ctx), reportToEais(api.ctx)]);
    const dir = path.join(api.ctx.dataDir, 'eais');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(`-session-${session.id}.json`))).toHaveLength(1);
    expect(await deliveredOf([session.id])).toHaveLength(1);
    expect(runs.filter((r) => !r.skipped)).toHaveLength(1);
  });

  it('wait for a lock left by a run that died only until it expires', async () => {
    deliverTo(null);
    const session = await soldSession();
    // A worker took the lock and died: the key stays, with its expiry.
    const lock = api.ctx.keys.of('lock', 'eais-report');
    await api.ctx.redis.set(lock, 'dead-worker', 'PX', 400);
    expect(await reportToEais(api.ctx)).toMatchObject({ skipped: true });
    expect(await deliveredOf([session.id])).toHaveLength(0);
    await until(async () => (await api.ctx.redis.exists(lock)) === 0, 5000, 'the dead run’s lock never expired');
    expect(await reportToEais(api.ctx)).toMatchObject({ delivered: expect.any(Number), failed: 0 });
    expect(await deliveredOf([session.id])).toHaveLength(1);
  });
});

describe('the dashboard’s ЕАИС panel', () => {
  const panel = async (token: string) => {
    const res = await api.t.call('GET /dashboard/eais', {}, token);
    expect(res.status).toBe(200);
    return DashboardEaisSchema.parse(res.body);
  };
  const problemOf = (state: Awaited<ReturnType<typeof panel>>, sessionId: number) =>
    state.problems.find((p) => p.session.id === sessionId);

  it('shows a failed delivery with its error and time, and a sale unreported past the hour; clears once delivered', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'manager' });
    // Reported by now: no problem of its own.
    deliverTo(null);
    await reportToEais(api.ctx);
    const recent = await soldSession(5);
    const late = await soldSession(90);
    let state = await panel(token);
    // Five minutes old and never tried: within the hour, no problem yet; ninety minutes: overdue.
    expect(problemOf(state, recent.id)).toBeUndefined();
    expect(problemOf(state, late.id)).toMatchObject({
      session: { id: late.id, title: 'Зеркало', start_time: toCinemaTime(late.startTime) },
      unreported: 3,
      overdue: true,
      failure: null,
    });
    expect(state.unreported).toBeGreaterThanOrEqual(6);

    // ЕАИС answers 503: both sessions show the error and when it happened; the overdue one is still overdue.
    deliverTo(url);
    failing = true;
    const before = Date.now();
    await expect(reportToEais(api.ctx)).rejects.toThrow(/not delivered/);
    state = await panel(token);
    for (const id of [recent.id, late.id]) {
      const problem = problemOf(state, id);
      expect(problem?.failure?.error).toContain('503');
      expect(problem!.failure!.at >= toCinemaTime(new Date(before - 1000))).toBe(true);
    }
    expect(problemOf(state, recent.id)!.overdue).toBe(false);
    expect(problemOf(state, late.id)!.overdue).toBe(true);
    // Failures first.
    expect(state.problems[0]!.failure).not.toBeNull();

    // It answers again: the next run delivers, the panel clears and says when it last delivered.
    failing = false;
    await reportToEais(api.ctx);
    state = await panel(token);
    expect(problemOf(state, recent.id)).toBeUndefined();
    expect(problemOf(state, late.id)).toBeUndefined();
    expect(state.last_delivered_at! >= toCinemaTime(new Date(before - 1000))).toBe(true);
    const [report] = await api.ctx.db
      .select()
      .from(schema.eaisReports)
      .where(eq(schema.eaisReports.sessionId, late.id))
      .orderBy(schema.eaisReports.id);
    expect(report).toMatchObject({ status: 'failed', sessionId: late.id });
  });

  it('tells open dashboards when a run delivered or failed, so the panel moves without a reload', async () => {
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    const staff = await connectLiveClient(api.t.url, token);
    try {
      deliverTo(null);
      await soldSession();
      const pushes = staff.count('dashboard:changed');
      await reportToEais(api.ctx);
      await staff.waitFor('dashboard:changed', () => staff.count('dashboard:changed') > pushes);
    } finally {
      staff.disconnect();
    }
  });

  it('is for those who answer for the reports: managers and admins, not cashiers or content managers', async () => {
    for (const role of ['cashier', 'content-manager'] as const) {
      const { token } = await buildSignedInUser(api.ctx, { role });
      expect((await api.t.call('GET /dashboard/eais', {}, token)).status, role).toBe(403);
    }
    const { token } = await buildSignedInUser(api.ctx, { role: 'admin' });
    expect((await api.t.call('GET /dashboard/eais', {}, token)).status).toBe(200);
  });
});
