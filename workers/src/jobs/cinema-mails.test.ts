/**
 * Mails follow the cinema's settings (docs/architecture.md, "The cinema's details"): once the admin renames the
 * cinema, the next mail is sent under the new name and says it in its text, its signature, its markup and its
 * PDFs, with no restart and no wait.
 */
import type { CinemaSettings } from '@kino/backend/contract';
import { announce } from '@kino/backend/effects';
import { requestPasswordReset } from '@kino/backend/modules/auth/password-reset';
import { saveCinemaSettings } from '@kino/backend/modules/settings/save';
import { DEMO_CINEMA } from '@kino/backend/seed/data/cinema';
import {
  buildFilm,
  buildOrder,
  buildSession,
  buildTicket,
  buildUser,
  soldChange,
} from '@kino/backend/testing/factories';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { pdfText } from '@kino/backend/testing/pdf';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';

const VOSHOD: CinemaSettings = {
  ...DEMO_CINEMA,
  name: 'Кинотеатр «Восход»',
  short_name: 'Восход',
  city: 'Казань',
  street_address: 'ул. Баумана, 7',
  phone: '8 (843) 200-00-07',
};

describe('mails under the cinema’s settings', () => {
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

  async function buyOne(fio: string) {
    const film = await buildFilm(ctx.db, { title: 'Сталкер' });
    const session = await buildSession(ctx.db, { filmId: film.id, price: 400 });
    const user = await buildUser(ctx.db, { fio });
    const order = await buildOrder(ctx.db, { sessionId: session.id, userId: user.id, totalKopecks: 40_000 });
    const ticket = await buildTicket(ctx.db, {
      sessionId: session.id,
      userId: user.id,
      orderId: order.id,
      seatNumber: 'r2m2',
      priceKopecks: 40_000,
    });
    await announce(ctx, [soldChange([ticket])]);
    return smtp.nextMail(user.email);
  }

  const theaterName = (html: string) =>
    (
      JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as {
        reservationFor: { location: { name: string; address: { addressLocality: string } } };
      }[]
    )[0]!.reservationFor.location;

  it('sends a purchase under the renamed cinema’s name the moment the admin saves it', async () => {
    const before = await buyOne('Анна До');
    expect(before.from?.value[0]).toEqual({ name: 'Кинотеатр «Ракета»', address: 'no-reply@kino.local' });
    expect(before.text).toContain('Спасибо за покупку в кинотеатре «Ракета».');

    await saveCinemaSettings(ctx, VOSHOD, null);

    const after = await buyOne('Борис После');
    expect(after.from?.value[0]).toEqual({ name: 'Кинотеатр «Восход»', address: 'no-reply@kino.local' });
    expect(after.text).toContain('Спасибо за покупку в кинотеатре «Восход».');
    expect(String(after.html)).toContain('Кинотеатр «Восход» · Казань, ул. Баумана, 7 · 8 (843) 200-00-07');
    expect(theaterName(String(after.html))).toMatchObject({
      name: 'Кинотеатр «Восход»',
      address: { addressLocality: 'Казань' },
    });
    expect(await pdfText(after.attachments[0]!.content)).toContain('Кинотеатр «Восход»');
  });

  it('names the renamed cinema in the password reset mail’s subject', async () => {
    await saveCinemaSettings(ctx, VOSHOD, null);
    const user = await buildUser(ctx.db, { fio: 'Вера Забывчивая' });
    await requestPasswordReset(ctx, user.email);
    const mail = await smtp.nextMail(user.email);
    expect(mail.subject).toBe('Сброс пароля — Кинотеатр «Восход»');
    expect(mail.from?.value[0]?.name).toBe('Кинотеатр «Восход»');
  });
});
