/** The ticket PDF job through the real queue: each ticket's current PDF is stored, once per content. */
import fs from 'node:fs';
import { schema } from '@kino/backend/db';
import { bullPrefix } from '@kino/backend/queues';
import { ensureTicketPdf } from '@kino/backend/modules/tickets/pdf-files';
import { buildFilm, buildSession, buildTicket, buildUser } from '@kino/backend/testing/factories';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { pdfText } from '@kino/backend/testing/pdf';
import { QueueEvents } from 'bullmq';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';

describe('tickets.render-pdf', () => {
  let ctx: TestContext;
  let workers: RunningWorkers;
  let events: QueueEvents;
  beforeAll(async () => {
    ctx = await createTestContext();
    workers = await startWorkers(ctx);
    events = new QueueEvents('tickets', {
      connection: { url: ctx.redisUrl },
      prefix: bullPrefix(ctx.config.redisPrefix),
    });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events.close();
    await workers.close();
    await ctx.close();
  });

  async function run(jobId: string, ticketIds: number[]) {
    await ctx.queues.enqueue('tickets.render-pdf', { ticketIds }, { jobId });
    const job = await ctx.queues.queue('tickets').getJob(jobId);
    return (await job!.waitUntilFinished(events, 30_000)) as { files: string[] };
  }

  it('stores the PDF of each ticket of a purchase, with its seat and holder, where a download finds it', async () => {
    const film = await buildFilm(ctx.db, { title: 'Сталкер', age: 16 });
    const session = await buildSession(ctx.db, { filmId: film.id, price: 1050 });
    const user = await buildUser(ctx.db, { fio: 'Пётр Зритель' });
    const tickets = [
      await buildTicket(ctx.db, { sessionId: session.id, userId: user.id, seatNumber: 'r5m6', priceKopecks: 105_000 }),
      await buildTicket(ctx.db, {
        sessionId: session.id,
        userId: user.id,
        seatNumber: 'r10m11',
        priceKopecks: 105_000,
      }),
    ];
    const { files } = await run(
      'pdf-test',
      tickets.map((t) => t.id),
    );
    expect(files).toHaveLength(2);
    const [first, second] = files.map((file) => fs.readFileSync(file));
    expect(await pdfText(first!)).toContain('Ряд 5, место 6');
    expect(await pdfText(first!)).toContain('Пётр Зритель');
    expect(await pdfText(second!)).toContain('Ряд 10, место 11');
    // The download endpoint gets the very file the job stored, rendering nothing.
    expect((await ensureTicketPdf(ctx, tickets[0]!.id))!.file).toBe(files[0]);
  });

  it('renders the PDF again once the ticket changed, and leaves a current PDF as it is', async () => {
    const session = await buildSession(ctx.db);
    const ticket = await buildTicket(ctx.db, { sessionId: session.id });
    const [before] = (await run('pdf-again-1', [ticket.id])).files;
    const stored = fs.statSync(before!).mtimeMs;
    expect((await run('pdf-again-2', [ticket.id])).files).toEqual([before]);
    expect(fs.statSync(before!).mtimeMs).toBe(stored);

    await ctx.db.update(schema.users).set({ fio: 'Новое Имя' }).where(eq(schema.users.id, ticket.userId!));
    const [after] = (await run('pdf-again-3', [ticket.id])).files;
    expect(after).not.toBe(before);
    expect(await pdfText(fs.readFileSync(after!))).toContain('Новое Имя');
    expect(fs.existsSync(before!)).toBe(false);
  });
});
