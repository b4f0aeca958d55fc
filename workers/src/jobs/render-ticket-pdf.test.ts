/** The ticket PDF job through the real queue: a PDF per ticket, with the ticket's data and its code. */
import fs from 'node:fs';
import { bullPrefix } from '@kino/backend/queues';
import { schema } from '@kino/backend/db';
import { buildFilm, buildHall, buildSession, buildUser } from '@kino/backend/testing/factories';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { QueueEvents } from 'bullmq';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';
import { ticketPdfPath } from './render-ticket-pdf';

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: fs.readFileSync(file) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

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

  it('writes a PDF per ticket with the film, session, hall, seat, price, holder and QR code text', async () => {
    const film = await buildFilm(ctx.db, { title: 'Сталкер', age: 16 });
    const hall = await buildHall(ctx.db, { name: 'Кинотеатр «Ракета» Зал 2' });
    const session = await buildSession(ctx.db, { filmId: film.id, hallId: hall.id, price: 1050 });
    const user = await buildUser(ctx.db, { fio: 'Пётр Зритель' });
    const rows = await ctx.db
      .insert(schema.tickets)
      .values(
        ['r5m6', 'r10m11'].map((seatNumber) => ({ sessionId: session.id, userId: user.id, seatNumber, price: 1050 })),
      )
      .returning();
    const ticketIds = rows.map((r) => r.id);

    await ctx.queues.enqueue('tickets.render-pdf', { ticketIds }, { jobId: 'pdf-test' });
    const job = await ctx.queues.queue('tickets').getJob('pdf-test');
    await job!.waitUntilFinished(events, 30_000);

    const [first, second] = ticketIds.map((id) => ticketPdfPath(ctx.config.storageDir, id));
    expect(fs.readFileSync(first!).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(first!)).replace(/\s+/g, ' ');
    for (const expected of [
      `Билет №${ticketIds[0]}`,
      'Сталкер',
      '16+',
      'Кинотеатр «Ракета» Зал 2',
      'Ряд 5, место 6',
      '1 050 ₽',
      'Пётр Зритель',
      `KINO-${ticketIds[0]}-${session.id}-r5m6-`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(await pdfText(second!)).toContain('Ряд 10, место 11');
  });
});
