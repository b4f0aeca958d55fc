/**
 * Workers as they are deployed: two `SERVICES=workers` processes (scripts/start.ts) over one
 * PostgreSQL database and one Redis prefix. Every job is done once whichever process takes it, and
 * a job whose worker is killed mid-way (kill -9) is taken up by the other and done once.
 *
 * Needs the PostgreSQL server (PGlite serves one process only): DATABASE_URL's server, or the
 * machine's at 127.0.0.1:5432; the suite is skipped when neither answers.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '@kino/backend/config';
import { createContext, type AppContext } from '@kino/backend/context';
import { registerModuleDuties } from '@kino/backend/modules/duties';
import type { TicketsChanged } from '@kino/backend/contract';
import { openDatabase, schema } from '@kino/backend/db';
import { announce } from '@kino/backend/effects';
import { orderJobIds } from '@kino/backend/queues/job-ids/orders';
import { startApi, type RunningApi } from '@kino/backend/server';
import { buildSession, buildSignedInUser, buildTicket, buildUser, soldChange } from '@kino/backend/testing/factories';
import { adminUrl, databaseUrlFor } from '@kino/backend/testing/postgres';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { until } from '@kino/backend/testing/wait';
import { removeTempDirs, startProcess, tempDataDir, whileRunning, type Started } from './support';

const SERVER_URL = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const MINUTE = 60_000;

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(SERVER_URL), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl(SERVER_URL) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const recipientsOf = (mails: TestSmtp['mails'], email: string) =>
  mails.filter((m) => [m.to ?? []].flat().some((a) => a.value.some((v) => v.address === email)));

describe.skipIf(!(await postgresAnswers()))('two workers processes', () => {
  const dbName = `kino_w_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let env: Record<string, string>;
  let ctx: AppContext;
  let api: RunningApi;
  let smtp: TestSmtp;
  let owner: Socket;
  const heard: [number, number][] = [];
  let pastTickets: number[];
  const workers: Started[] = [];
  const workerName = (w: Started) => `workers-${w.child.pid}@${os.hostname()}`;

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    smtp = await startTestSmtp();
    env = {
      SERVICES: 'workers',
      DATABASE_URL: databaseUrlFor(SERVER_URL, dbName),
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `kino-sys-${randomUUID().slice(0, 8)}`,
      APP_SECRET: 'system-test-secret-system-test-secret-0123',
      SMTP_URL: smtp.url,
      // Shared storage, as in a deployment: whichever worker renders a PDF, the other attaches it.
      DATA_DIR: tempDataDir(),
      // A dead worker's job is back in the queue within 2 × 3 s.
      JOB_LOCK_SECONDS: '3',
      LOG_LEVEL: 'info',
      // Each workers process answers its probes on a port of its own.
      HOST: '127.0.0.1',
      PORT: '0',
    };
    const config = loadConfig({ ...env, SERVICES: 'api', HOST: '127.0.0.1', PORT: '0', SERVE_WEB: '0' });
    const database = await openDatabase({ url: env.DATABASE_URL });
    await database.migrate();
    registerModuleDuties();
    ctx = createContext({ config, database, redisUrl: env.REDIS_URL! });
    api = await startApi(ctx, 0, '127.0.0.1');

    // The past: a session that ended while no worker ran, its owner's profile open.
    const { user, token } = await buildSignedInUser(ctx);
    const past = await buildSession(ctx.db, {
      startTime: new Date(Date.now() - 300 * MINUTE),
      endTime: new Date(Date.now() - 180 * MINUTE),
    });
    pastTickets = [];
    for (const seatNumber of ['r1m1', 'r1m2', 'r1m3']) {
      pastTickets.push((await buildTicket(ctx.db, { sessionId: past.id, userId: user.id, seatNumber })).id);
    }
    owner = io(api.url, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
    owner.on('tickets:changed', (payload: TicketsChanged) =>
      heard.push(...payload.tickets.map((t) => [t.id, t.is_watching] as [number, number])),
    );
    await new Promise<void>((resolve, reject) => {
      owner.once('connect', resolve);
      owner.once('connect_error', reject);
    });

    for (let i = 0; i < 2; i++) workers.push(startProcess('scripts/start.ts', env));
    for (const w of workers)
      await until(() => w.output().includes('"msg":"workers started"'), 60_000, ...whileRunning(w));
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) {
      if (w.child.exitCode === null && w.child.signalCode === null) {
        w.child.kill('SIGTERM');
        await w.exited;
      }
    }
    owner?.disconnect();
    await api?.close();
    await ctx?.close();
    await smtp?.close();
    await admin(`drop database if exists ${dbName} with (force)`);
    removeTempDirs();
  }, 60_000);

  it('moves the past tickets to 2 at start-up and tells the owner once, though both processes swept', async () => {
    const states = async () =>
      (await ctx.db.select().from(schema.tickets).where(inArray(schema.tickets.id, pastTickets))).map(
        (t) => t.isWatching,
      );
    await expect.poll(states, { timeout: 20_000 }).toEqual([2, 2, 2]);
    // The tickets are written before their sweep finishes: wait for the sweeps to complete, too.
    const sweeps = async () =>
      (await ctx.queues.queue('tickets').getJobs(['completed'])).filter((j) => j.name === 'tickets.watching-sweep')
        .length;
    await expect.poll(sweeps, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => heard.length).toBe(3);
    expect(heard.sort((a, b) => a[0] - b[0])).toEqual(pastTickets.map((id) => [id, 2]));
  });

  it('shares the purchases between the processes and mails each buyer once, with their PDF', async () => {
    const session = await buildSession(ctx.db, { startsInMinutes: 600 });
    const buyers: { user: { id: number; email: string }; ticket: typeof schema.tickets.$inferSelect }[] = [];
    for (let i = 0; i < 12; i++) {
      const user = await buildUser(ctx.db);
      const ticket = await buildTicket(ctx.db, {
        sessionId: session.id,
        userId: user.id,
        seatNumber: `r${2 + Math.floor(i / 11)}m${(i % 11) + 1}`,
      });
      buyers.push({ user, ticket });
    }
    // All at once: both processes find jobs waiting.
    await Promise.all(buyers.map(({ ticket }) => announce(ctx, [soldChange([ticket])])));

    for (const { user } of buyers) expect((await smtp.nextMail(user.email, 60_000)).attachments).toHaveLength(1);
    // Every job of these purchases (a PDF and a mail each) completes, and no mail arrives twice.
    const queues = [ctx.queues.queue('mail'), ctx.queues.queue('tickets')];
    const completed = async () =>
      (await Promise.all(queues.map((q) => q.getJobs(['completed']))))
        .flat()
        .filter((j) =>
          buyers.some(({ ticket }) => j.data.ticketIds?.[0] === ticket.id || j.data.orderId === ticket.orderId),
        );
    await expect.poll(async () => (await completed()).length, { timeout: 30_000 }).toBe(24);
    for (const { user } of buyers) expect(recipientsOf(smtp.mails, user.email)).toHaveLength(1);
    const ours = await completed();
    const processes = new Set(ours.map((j) => j.processedBy));
    expect([...processes].sort()).toEqual(workers.map(workerName).sort());
  });

  it('retries the job of a worker killed mid-job in the other process, and mails once', async () => {
    const session = await buildSession(ctx.db, { startsInMinutes: 600 });
    const user = await buildUser(ctx.db);
    const ticket = await buildTicket(ctx.db, { sessionId: session.id, userId: user.id, seatNumber: 'r9m9' });
    // The mail server keeps the message without answering: its worker is caught in the middle of the job.
    smtp.hold();
    await announce(ctx, [soldChange([ticket])]);
    await expect.poll(() => smtp.held, { timeout: 20_000 }).toBe(1);
    const job = () => ctx.queues.queue('mail').getJob(orderJobIds.paidMail(ticket.orderId));
    const takenBy = (await job())!.processedBy;
    const victim = workers.find((w) => workerName(w) === takenBy)!;
    const survivor = workers.find((w) => w !== victim)!;

    victim.child.kill('SIGKILL');
    await victim.exited;
    // Its connection is gone without the server's 250: that message was never delivered.
    await expect.poll(() => smtp.held).toBe(0);
    smtp.release();

    const mail = await smtp.nextMail(user.email, 30_000);
    expect(mail.attachments).toHaveLength(1);
    await expect.poll(async () => (await job())!.getState(), { timeout: 30_000 }).toBe('completed');
    const finished = (await job())!;
    expect(finished.processedBy).toBe(workerName(survivor));
    expect(finished.stalledCounter).toBe(1);
    expect(recipientsOf(smtp.mails, user.email)).toHaveLength(1);
  });
});
