/**
 * The mails about tickets, as the buyer's mailbox receives them from the real SMTP server: after a
 * purchase (the tickets attached as PDFs whose QR codes the door accepts) and after a refund.
 */
import { verifyCheckInCode } from '@kino/backend/modules/tickets/check-in-code';
import { announce } from '@kino/backend/effects';
import { refundOwnTicket } from '@kino/backend/modules/orders/ticket-refund';
import {
  buildFilm,
  buildOrder,
  buildSession,
  buildTicket,
  buildUser,
  soldChange,
} from '@kino/backend/testing/factories';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { pdfQrCodes, pdfText } from '@kino/backend/testing/pdf';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';

/** Mail text with the no-break spaces of Russian number formatting made plain spaces. */
const plain = (text: string | false | undefined) => (text || '').replace(/[\u00a0\u202f]/g, ' ');

describe('ticket mails', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  let workers: RunningWorkers;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://kino.example.test' } });
    workers = await startWorkers(ctx);
  });
  afterAll(async () => {
    await workers.close();
    await ctx.close();
    await smtp.close();
  });

  async function purchase(seats: string[]) {
    const film = await buildFilm(ctx.db, { title: 'Андрей Рублёв', age: 12 });
    const session = await buildSession(ctx.db, { filmId: film.id, price: 450 });
    const user = await buildUser(ctx.db, { fio: 'Ольга Зрительница' });
    const order = await buildOrder(ctx.db, {
      sessionId: session.id,
      userId: user.id,
      totalKopecks: 45_000 * seats.length,
    });
    const tickets = [];
    for (const seatNumber of seats) {
      tickets.push(
        await buildTicket(ctx.db, {
          sessionId: session.id,
          userId: user.id,
          orderId: order.id,
          seatNumber,
          priceKopecks: 45_000,
        }),
      );
    }
    return { session, user, order, tickets };
  }

  it('mails the buyer in Russian, as text and HTML, with the receipt’s items and each ticket as a PDF whose QR code admits', async () => {
    const { session, user, order, tickets } = await purchase(['r3m4', 'r3m5']);
    await announce(ctx, [soldChange(tickets)]);
    const mail = await smtp.nextMail(user.email);

    expect(mail.subject).toBe('Ваши билеты на «Андрей Рублёв»');
    for (const expected of [
      'Здравствуйте, Ольга Зрительница!',
      '«Андрей Рублёв» (12+)',
      `Билет №${tickets[0]!.id}: Ряд 3, место 4, взрослый — 450 ₽`,
      `Билет №${tickets[1]!.id}: Ряд 3, место 5, взрослый — 450 ₽`,
      'Итого: 900 ₽',
      'https://kino.example.test/profile',
      'не позднее чем за 30 минут до начала сеанса',
      `Кассовый чек по заказу №${order.id}:`,
      'ряд 3, место 4 — 1 × 450 ₽',
      'Итого: 900 ₽, без НДС, полный расчёт, услуга',
    ]) {
      expect(plain(mail.text)).toContain(expected);
    }
    expect(mail.html).toContain('Ольга Зрительница');
    expect(plain(mail.html)).toContain('Итого: 900 ₽');
    // Mail markup: each ticket a confirmed EventReservation of the session, under the buyer's name.
    const markup = JSON.parse(
      /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(String(mail.html))![1]!,
    ) as {
      '@type': string;
      reservationNumber: string;
      reservationStatus: string;
      underName: { name: string };
      reservationFor: { '@type': string; name: string; startDate: string };
      reservedTicket: { ticketedSeat: { seatRow: string; seatNumber: string } };
    }[];
    expect(markup.map((r) => [r['@type'], r.reservationNumber, r.reservationStatus, r.underName.name])).toEqual(
      tickets.map((t) => [
        'EventReservation',
        String(t.id),
        'https://schema.org/ReservationConfirmed',
        'Ольга Зрительница',
      ]),
    );
    expect(markup[0]!.reservationFor).toMatchObject({ '@type': 'ScreeningEvent', name: 'Андрей Рублёв' });
    expect(markup[0]!.reservationFor.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    expect(markup.map((r) => r.reservedTicket.ticketedSeat)).toEqual([
      { '@type': 'Seat', seatRow: '3', seatNumber: '4' },
      { '@type': 'Seat', seatRow: '3', seatNumber: '5' },
    ]);

    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual(
      tickets.map((t) => [`ticket_${t.id}.pdf`, 'application/pdf']),
    );
    for (const [i, attachment] of mail.attachments.entries()) {
      expect(await pdfText(attachment.content)).toContain(`Билет №${tickets[i]!.id}`);
      const [code] = await pdfQrCodes(attachment.content);
      expect(verifyCheckInCode(ctx.config.appSecret, code!)).toEqual({
        ticketId: tickets[i]!.id,
        sessionId: session.id,
        seat: tickets[i]!.seatNumber,
      });
    }
  });

  it('names the receipt’s payment mode as configured: «предоплата 100%» with YOOKASSA_PAYMENT_MODE=full_prepayment', async () => {
    const { user, tickets } = await purchase(['r7m1']);
    const configured = ctx.config.yookassa;
    // The configuration the workers' jobs read (this file's workers share this context).
    Object.assign(ctx.config, { yookassa: { ...configured, paymentMode: 'full_prepayment' } });
    try {
      await announce(ctx, [soldChange(tickets)]);
      const mail = await smtp.nextMail(user.email);
      expect(plain(mail.text)).toContain('Итого: 450 ₽, без НДС, предоплата 100%, услуга');
    } finally {
      Object.assign(ctx.config, { yookassa: configured });
    }
  });

  it('names each ticket’s zone and type, and asks for the document of a reduced-price one, in the text, the HTML and its PDF', async () => {
    const film = await buildFilm(ctx.db, { title: 'Андрей Рублёв', age: 12 });
    const session = await buildSession(ctx.db, { filmId: film.id, price: 450 });
    const user = await buildUser(ctx.db, { fio: 'Семья Зрителей' });
    const order = await buildOrder(ctx.db, { sessionId: session.id, userId: user.id, totalKopecks: 102_000 });
    const vip = {
      sessionId: session.id,
      userId: user.id,
      orderId: order.id,
      zoneCode: 'vip',
      basePriceKopecks: 60_000,
    };
    const adult = await buildTicket(ctx.db, { ...vip, seatNumber: 'r10m5', priceKopecks: 60_000 });
    const child = await buildTicket(ctx.db, {
      ...vip,
      seatNumber: 'r10m6',
      ticketTypeCode: 'child',
      typeDiscountKopecks: 18_000,
      priceKopecks: 42_000,
    });
    await announce(ctx, [soldChange([adult, child])]);
    const mail = await smtp.nextMail(user.email);

    const lines = [
      `Билет №${adult.id}: Ряд 10, место 5 (VIP), взрослый — 600 ₽`,
      `Билет №${child.id}: Ряд 10, место 6 (VIP), детский — 420 ₽ (покажите документ на входе)`,
    ];
    for (const expected of [...lines, 'Итого: 1 020 ₽']) expect(plain(mail.text)).toContain(expected);
    for (const line of lines) expect(plain(mail.html)).toContain(line);
    expect(plain(mail.text)).not.toContain('место 5 (VIP), взрослый — 600 ₽ (покажите');
    const childPdf = await pdfText(mail.attachments.find((a) => a.filename === `ticket_${child.id}.pdf`)!.content);
    expect(childPdf).toContain('Покажите документ на входе');
  });

  it('sends the purchase mail once however often its duties run', async () => {
    const { user, tickets } = await purchase(['r6m1']);
    await announce(ctx, [soldChange(tickets)]);
    await announce(ctx, [soldChange(tickets)]);
    expect((await smtp.nextMail(user.email)).subject).toBe('Ваш билет на «Андрей Рублёв»');
    await expect.poll(() => ctx.queues.queue('mail').getJobCountByTypes('wait', 'active', 'delayed')).toBe(0);
    expect(smtp.mails.filter((m) => m.to && JSON.stringify(m.to).includes(user.email))).toHaveLength(1);
  });

  it('retries with backoff while the mail server refuses, and delivers once it accepts', async () => {
    const { user, tickets } = await purchase(['r8m8']);
    smtp.refuseNext(2);
    await announce(ctx, [soldChange(tickets)]);
    const mail = await smtp.nextMail(user.email, 20_000);
    expect(mail.attachments).toHaveLength(1);
    const attempts = async () =>
      (await ctx.queues.queue('mail').getJobs(['completed'])).find(
        (j) => j.name === 'mail.order-paid' && j.data.orderId === tickets[0]!.orderId,
      )?.attemptsMade;
    // Two refusals, then the third attempt delivered (the job completes just after the server's 250).
    await expect.poll(attempts).toBe(3);
  });

  it('confirms a refund with the film, session, seat and the sum', async () => {
    const { user, tickets } = await purchase(['r9m2']);
    await refundOwnTicket(ctx, user.id, tickets[0]!.id, new Date());
    const mail = await smtp.nextMail(user.email);
    expect(mail.subject).toBe(`Билет №${tickets[0]!.id} на «Андрей Рублёв» возвращён`);
    expect(mail.text).toContain('Ряд 9, место 2');
    expect(plain(mail.text)).toContain('Сумма к возврату: 450 ₽');
    expect(mail.html).toContain('возвращён');
    expect(mail.html).toContain('"reservationStatus":"https://schema.org/ReservationCancelled"');
  });
});
