/** Ticket PDFs as the holder and the door read them: the printed facts, and a QR code that verifies. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCinemaTime } from '../../contract/time';
import { buildFilm, buildHall, buildSession, buildTicket, buildUser } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/harness';
import { pdfQrCodes, pdfText } from '../../testing/pdf';
import { verifyCheckInCode } from './check-in-code';
import { ensureTicketPdf } from './pdf-files';
import { refundOwnTicket } from '../orders/ticket-refund';

describe('ticket PDFs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function stalkerTicket() {
    const film = await buildFilm(ctx.db, { title: 'Сталкер', age: 16 });
    const hall = await buildHall(ctx.db, { name: `Зал «Ракета» ${Math.random().toString(36).slice(2, 6)}` });
    const startTime = fromCinemaTime('2031-11-22 19:30');
    const session = await buildSession(ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      price: 1050,
      startTime,
      endTime: new Date(startTime.getTime() + 163 * 60_000),
    });
    const user = await buildUser(ctx.db, { fio: 'Пётр Зритель' });
    const ticket = await buildTicket(ctx.db, {
      sessionId: session.id,
      userId: user.id,
      seatNumber: 'r5m6',
      priceKopecks: 105000,
    });
    return { hall, session, user, ticket };
  }

  it('prints the cinema, film, age, session in Russian, hall, row and seat, price, holder, number and code', async () => {
    const { hall, session, ticket } = await stalkerTicket();
    const pdf = await ensureTicketPdf(ctx, ticket.id);
    expect(pdf!.filename).toBe(`ticket_${ticket.id}.pdf`);
    const bytes = fs.readFileSync(pdf!.file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    for (const expected of [
      'Кинотеатр «Ракета»',
      `Билет №${ticket.id}`,
      'Сталкер',
      '16+',
      '22 ноября 2031 г. в 19:30',
      hall.name,
      'Ряд 5, место 6',
      '1 050 ₽',
      'Пётр Зритель',
      `KINO-${ticket.id}-${session.id}-R5M6-`,
    ]) {
      expect(text).toContain(expected);
    }
    // A full-price adult ticket in the standard zone: no zone printed, no document asked for.
    expect(text).toContain('Взрослый, 1 050 ₽');
    expect(text).not.toContain('Покажите документ на входе');
  });

  it('prints the zone and the ticket type, and asks a reduced-price holder to show their document at the door', async () => {
    const { session, user } = await stalkerTicket();
    const ticket = await buildTicket(ctx.db, {
      sessionId: session.id,
      userId: user.id,
      seatNumber: 'r10m6',
      zoneCode: 'vip',
      ticketTypeCode: 'child',
      basePriceKopecks: 150_000,
      typeDiscountKopecks: 45_000,
      priceKopecks: 105_000,
    });
    const text = await pdfText(fs.readFileSync((await ensureTicketPdf(ctx, ticket.id))!.file));
    for (const expected of ['Ряд 10, место 6 (VIP)', 'Детский, 1 050 ₽', 'Покажите документ на входе']) {
      expect(text).toContain(expected);
    }
  });

  it('carries a QR code that the door verifies as this ticket, and prints the same code as text', async () => {
    const { session, ticket } = await stalkerTicket();
    const bytes = fs.readFileSync((await ensureTicketPdf(ctx, ticket.id))!.file);
    const [code] = await pdfQrCodes(bytes);
    expect(verifyCheckInCode(ctx.config.appSecret, code!)).toEqual({
      ticketId: ticket.id,
      sessionId: session.id,
      seat: 'r5m6',
    });
    expect(await pdfText(bytes)).toContain(code!);
  });

  it('keeps one stored PDF per ticket and hands out the same file while nothing changed', async () => {
    const { ticket } = await stalkerTicket();
    const first = await ensureTicketPdf(ctx, ticket.id);
    const second = await ensureTicketPdf(ctx, ticket.id);
    expect(second).toEqual(first);
    expect(fs.readdirSync(path.dirname(first!.file))).toEqual([path.basename(first!.file)]);
  });

  it('renders a refunded ticket anew: the PDF says so, has no QR code, and the old PDF is gone', async () => {
    const { user, ticket } = await stalkerTicket();
    const live = await ensureTicketPdf(ctx, ticket.id);
    await refundOwnTicket(ctx, user.id, ticket.id, new Date());
    const refunded = await ensureTicketPdf(ctx, ticket.id);
    expect(refunded!.file).not.toBe(live!.file);
    const bytes = fs.readFileSync(refunded!.file);
    expect(await pdfText(bytes)).toContain('БИЛЕТ ВОЗВРАЩЁН');
    expect(await pdfQrCodes(bytes)).toEqual([undefined]);
    expect(fs.existsSync(live!.file)).toBe(false);
  });

  it('answers undefined for a ticket that does not exist', async () => {
    expect(await ensureTicketPdf(ctx, 999_999)).toBeUndefined();
  });
});
