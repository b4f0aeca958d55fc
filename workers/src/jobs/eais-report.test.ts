/**
 * ЕАИС delivery through the real workers: the repeated job (EAIS_INTERVAL_SECONDS) writes the session's XML file
 * to DATA_DIR/eais/ when EAIS_URL is unset; against the receiver emulator, a refused file is recorded, the job fails
 * (BullMQ retries it, the queue monitor shows it) and the same file is delivered once the receiver takes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { schema } from '@kino/backend/db';
import { startEaisEmulator, type EaisEmulator } from '@kino/backend/emulators/eais/index';
import { recordEaisOperations } from '@kino/backend/modules/eais';
import { buildFilm, buildOrder, buildSession, buildTicket } from '@kino/backend/testing/factories';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';

/** A sale and a sale refunded, with their ledger rows, in one committed transaction (as the order paths write them). */
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
    const entries = [sold, refunded].map((t) => ({ ticketId: t.id, sessionId: session.id }));
    await recordEaisOperations(db, 'sale', entries, new Date(Date.now() - 60_000));
    await recordEaisOperations(db, 'refund', entries.slice(1), new Date());
    return { film, session };
  });
}

const reportsOf = (ctx: TestContext, sessionId: number) =>
  ctx.db.select().from(schema.eaisReports).where(eq(schema.eaisReports.sessionId, sessionId));

describe('ЕАИС files (EAIS_URL unset)', () => {
  let ctx: TestContext;
  let workers: RunningWorkers;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { EAIS_INTERVAL_SECONDS: '1', EAIS_CINEMA_ID: '2271' } });
    workers = await startWorkers(ctx);
  });
  afterAll(async () => {
    await workers.close();
    await ctx.close();
  });

  it('the repeated job writes one XML file per session with its sales and the refund', async () => {
    const { session } = await soldAndRefunded(ctx);
    const [report] = await vi.waitFor(
      async () => {
        const rows = await reportsOf(ctx, session.id);
        expect(rows).toMatchObject([{ status: 'delivered', destination: 'file', sales: 2, refunds: 1 }]);
        return rows;
      },
      { timeout: 20_000, interval: 100 },
    );
    const xml = fs.readFileSync(path.join(ctx.dataDir, 'eais', report!.fileName), 'utf8');
    expect(xml).toContain('seans_title="Сталкер"');
    expect(xml).toContain('pu_number="111000179"');
    expect(xml.match(/<form /g)).toHaveLength(3);
    expect(xml).toMatch(/place_x="8" place_y="4" section="[^"]+" price="-350"/);
  });
});

describe('a refusing ЕАИС', () => {
  let ctx: TestContext;
  let workers: RunningWorkers;
  let eais: EaisEmulator;
  beforeAll(async () => {
    eais = await startEaisEmulator({ login: 'kino', password: 'secret', orgId: '2271' });
    eais.control.refuse(2, 'maintenance');
    ctx = await createTestContext({
      env: {
        EAIS_URL: eais.url,
        EAIS_LOGIN: 'kino',
        EAIS_PASSWORD: 'secret',
        EAIS_CINEMA_ID: '2271',
        EAIS_INTERVAL_SECONDS: '1',
      },
    });
    workers = await startWorkers(ctx);
  });
  afterAll(async () => {
    await workers.close();
    await ctx.close();
    await eais.close();
  });

  it('records the refusals, the job fails and is retried, and the same file is delivered once', async () => {
    const { session } = await soldAndRefunded(ctx);
    await vi.waitFor(async () => expect(await reportsOf(ctx, session.id)).toMatchObject([{ status: 'delivered' }]), {
      timeout: 30_000,
      interval: 200,
    });
    const [report] = await reportsOf(ctx, session.id);
    expect(report!.attempts).toBeGreaterThanOrEqual(2);
    const uploads = eais.control.uploads.filter((u) => u.name === report!.fileName);
    expect(uploads.at(-1)!.reply).toBe('OK');
    expect(uploads.slice(0, -1).every((u) => u.reply === 'error: maintenance')).toBe(true);
    expect(eais.control.files).toHaveLength(1);
    // The failed attempts are on the queue monitor's queue.
    const jobs = await ctx.queues.queue('tickets').getJobs(['delayed', 'waiting', 'active', 'failed', 'completed']);
    expect(jobs.some((j) => j.name === 'eais.report' && j.attemptsMade >= 1)).toBe(true);
  }, 60_000); // two refusals, each retried after the queue's backoff
});
