/**
 * ЕАИС reporting through the real workers: files in DATA_DIR/eais/ when EAIS_URL is unset, with the
 * session's sales and refunds and the tickets marked reported; a failing EAIS_URL (an HTTP fake on
 * loopback answering 500) is recorded in eais_reports, retried by BullMQ, and delivered once it answers.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { schema } from '@kino/backend/db';
import { buildFilm, buildOrder, buildSession, buildTicket } from '@kino/backend/testing/factories';
import { JOBS } from '@kino/backend/queues/jobs';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { until } from '@kino/backend/testing/wait';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';

/**
 * One committed transaction: the workers' scheduled report runs once as they start, and must see the
 * session's sale and refund together or not at all (a run between two inserts reported half of it).
 */
function soldAndRefunded(ctx: TestContext) {
  return ctx.db.transaction(async (db) => {
    const film = await buildFilm(db, { title: 'Сталкер', puNumber: '111000179' });
    const session = await buildSession(db, { filmId: film.id, startsInMinutes: 600 });
    const order = await buildOrder(db, { sessionId: session.id, totalKopecks: 70_000 });
    const sold = await buildTicket(db, { sessionId: session.id, orderId: order.id, seatNumber: 'r4m7' });
    const refunded = await buildTicket(db, {
      sessionId: session.id,
      orderId: order.id,
      seatNumber: 'r4m8',
      status: 'refunded',
    });
    return { film, session, sold, refunded };
  });
}

const ticketsReported = (ctx: TestContext, ids: number[]) =>
  ctx.db
    .select({
      id: schema.tickets.id,
      sale: schema.tickets.eaisSaleReportedAt,
      refund: schema.tickets.eaisRefundReportedAt,
    })
    .from(schema.tickets)
    .where(inArray(schema.tickets.id, ids))
    .orderBy(schema.tickets.id);

describe('ЕАИС files (EAIS_URL unset)', () => {
  let ctx: TestContext;
  let workers: RunningWorkers;
  beforeAll(async () => {
    ctx = await createTestContext();
    workers = await startWorkers(ctx);
  });
  afterAll(async () => {
    await workers.close();
    await ctx.close();
  });

  it('writes one file per session with its sale and refund lines, and marks the tickets reported', async () => {
    const { film, session, sold, refunded } = await soldAndRefunded(ctx);
    await ctx.queues.enqueue('eais.report', {});
    const dir = path.join(ctx.dataDir, 'eais');
    const file = await vi.waitFor(
      () => {
        const name = fs.readdirSync(dir).find((f) => f.endsWith(`-session-${session.id}.json`));
        if (!name) throw new Error('no file yet');
        return path.join(dir, name);
      },
      { timeout: 20_000, interval: 100 },
    );
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(doc.session).toMatchObject({
      id: session.id,
      hall_id: session.hallId,
      pu_number: '111000179',
      film: film.title,
    });
    expect(
      doc.tickets.map((t: { operation: string; ticket_id: number; row: number; seat: number }) => [
        t.operation,
        t.ticket_id,
        t.row,
        t.seat,
      ]),
    ).toEqual([
      ['sale', sold.id, 4, 7],
      ['sale', refunded.id, 4, 8],
      ['refund', refunded.id, 4, 8],
    ]);
    expect(doc.tickets[0]).toMatchObject({
      price_kopecks: 35_000,
      discount_kopecks: 0,
      channel: 'web',
      ticket_type: 'adult',
    });
    await vi.waitFor(async () => {
      const rows = await ticketsReported(ctx, [sold.id, refunded.id]);
      expect(rows.map((r) => [r.sale !== null, r.refund !== null])).toEqual([
        [true, false],
        [true, true],
      ]);
    });
    const [report] = await ctx.db.select().from(schema.eaisReports).where(eq(schema.eaisReports.status, 'delivered'));
    expect(report).toMatchObject({ destination: 'file', sales: 2, refunds: 1 });

    // A second run has nothing to report for this session: no second file.
    await ctx.queues.enqueue('eais.report', {}, { jobId: 'second-run' });
    const secondRun = () => ctx.queues.queue(JOBS['eais.report'].queue).getJob('second-run');
    await until(
      async () => (await (await secondRun())?.getState()) === 'completed',
      10_000,
      'the second run never ended',
    );
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(`-session-${session.id}.json`))).toHaveLength(1);
  });
});

describe('a failing EAIS_URL', () => {
  let ctx: TestContext;
  let workers: RunningWorkers;
  let server: http.Server;
  let failing = true;
  const received: { auth?: string; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (failing) {
          res.writeHead(500).end('down');
          return;
        }
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(200, { 'x-reference': `EAIS-${received.length}` }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestContext({
      env: { EAIS_URL: `http://127.0.0.1:${port}/eais`, EAIS_LOGIN: 'kino', EAIS_PASSWORD: 'secret' },
    });
    workers = await startWorkers(ctx);
  });
  afterAll(async () => {
    await workers.close();
    await ctx.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('records each failed delivery, leaves the tickets unreported, and delivers on a retry once it answers', async () => {
    const { sold, refunded } = await soldAndRefunded(ctx);
    await ctx.queues.enqueue('eais.report', {});
    await vi.waitFor(
      async () => {
        const failed = await ctx.db.select().from(schema.eaisReports).where(eq(schema.eaisReports.status, 'failed'));
        expect(failed.length).toBeGreaterThanOrEqual(2);
        expect(failed[0]).toMatchObject({ destination: 'http', sales: 2, refunds: 1 });
        expect(failed[0]!.error).toContain('500');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await ticketsReported(ctx, [sold.id])).map((r) => r.sale)).toEqual([null]);
    // The job shows failed attempts on the queue monitor's queue.
    const jobs = await ctx.queues.queue('tickets').getJobs(['delayed', 'waiting', 'active', 'failed', 'completed']);
    expect(jobs.some((j) => j.name === 'eais.report' && j.attemptsMade >= 1)).toBe(true);

    failing = false;
    await vi.waitFor(
      async () => {
        const rows = await ticketsReported(ctx, [sold.id, refunded.id]);
        expect(rows.every((r) => r.sale !== null)).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from('kino:secret').toString('base64')}`);
    expect(JSON.parse(received[0]!.body).tickets).toHaveLength(3);
    const [delivered] = await ctx.db
      .select()
      .from(schema.eaisReports)
      .where(eq(schema.eaisReports.status, 'delivered'));
    expect(delivered).toMatchObject({ reference: 'EAIS-1' });
    expect(delivered!.attempts).toBeGreaterThan(1);
  });
});
