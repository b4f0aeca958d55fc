/**
 * Sessions change in the back office at 1366 × 768, as a manager does it: a session with
 * no sales is moved to another time (the list shows it), a sold one cannot be moved to another hall
 * (the API's message, the form kept), and is cancelled with a reason — the row says «Отменён», the
 * online buyer's ticket is refunded through the provider, and the website's open seat map of it closes at once.
 * A cashier has no schedule screen at all.
 */
import { addDays, formatShortTime, fromCinemaTime, toCinemaDate } from '@kino/backend/contract';
import { schema } from '@kino/backend/db';
import { buildFilm, buildHall, buildSession, buildSignedInUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { settleCancelledSession } from '@kino/backend/modules/schedules/settle-cancellation';
import { buySeats } from '@kino/backend/testing/orders';
import { connectSeatClient } from '@kino/backend/testing/seat-client';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { browserPage, setValue, signIn, signInAsNewViewer } from './support/staff';

const SCREEN = { width: 1366, height: 768 };

let site: TestSite;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site.close();
});

/** The visible text of the schedule's row of a session (its first cell is the id), or '' when not listed. */
const rowText = (page: Page, id: number) =>
  page.$$eval(
    'main tbody tr',
    (rows, wanted) => rows.find((r) => r.querySelector('td')?.textContent === String(wanted))?.innerText ?? '',
    id,
  );
const waitForRow = (page: Page, id: number, text: string) =>
  page.waitForFunction(
    (wanted, needle) =>
      Array.from(document.querySelectorAll<HTMLElement>('main tbody tr')).some(
        (r) => r.querySelector('td')?.textContent === String(wanted) && r.innerText.includes(needle),
      ),
    { timeout: 10_000 },
    id,
    text,
  );

describe('a manager changes and cancels sessions in the back office', () => {
  it('moves an unsold session, is refused moving a sold one, cancels it: refunded, marked, the map closed', async () => {
    const day = addDays(toCinemaDate(new Date()), 3);
    const at = (time: string) => fromCinemaTime(`${day} ${time}`);
    const film = await buildFilm(site.ctx.db, { title: 'Перенос и отмена', time: 100 });
    const hall = await buildHall(site.ctx.db, { name: 'Зал Перемен' });
    const spare = await buildHall(site.ctx.db, { name: 'Зал Запасной' });
    const unsold = await buildSession(site.ctx.db, { filmId: film.id, hallId: hall.id, startTime: at('12:00') });
    const sold = await buildSession(site.ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      startTime: at('18:00'),
      price: 420,
    });
    const buyer = await buildSignedInUser(site.ctx, { fio: 'Ольга Онлайн' });
    const socket = await connectSeatClient(site.url, buyer.token);
    const order = await buySeats(site, { token: buyer.token, socket }, sold, ['r3m3']);
    socket.disconnect();
    const button = (action: string, time: string) =>
      `main button[aria-label="${action} «${film.title}» ${formatShortTime(`${day} ${time}:00`)}, ${hall.name}"]`;

    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });
    const page = await browserPage(site, contexts, SCREEN);
    await signIn(site, page, manager.user.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/schedule?date=${day}`);
    await waitForRow(page, sold.id, 'В продаже');

    // An unsold session moves to 13:00: the dialog comes prefilled, the list shows the new time.
    await page.locator(button('Изменить сеанс', '12:00')).click();
    await page.waitForSelector('dialog[open] input[name=start_time]');
    expect(await page.$eval('dialog[open] input[name=start_time]', (i) => (i as HTMLInputElement).value)).toBe(
      `${day}T12:00`,
    );
    expect(await page.$eval('dialog[open] select[name=hall_id]', (s) => (s as HTMLSelectElement).value)).toBe(
      String(hall.id),
    );
    await setValue(page, 'dialog[open] input[name=start_time]', `${day}T13:00`);
    await page.locator('dialog[open] button[type=submit]').click();
    await page.waitForSelector('main [role=status]::-p-text(сохранён)');
    expect(await page.$('dialog[open]')).toBeNull();
    // Saved, the dialog gives the focus back to the button that opened it, not to the page's start.
    const opener = (time: string) =>
      `Изменить сеанс «${film.title}» ${formatShortTime(`${day} ${time}:00`)}, ${hall.name}`;
    await page.waitForFunction(
      (labels) => labels.includes(document.activeElement?.getAttribute('aria-label') ?? ''),
      { timeout: 2000 },
      [opener('12:00'), opener('13:00')],
    );
    await waitForRow(page, unsold.id, formatShortTime(`${day} 13:00:00`));
    const [moved] = await site.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, unsold.id));
    expect(moved!.startTime.getTime()).toBe(at('13:00').getTime());

    // The sold one cannot go to another hall: the API's message, the dialog and the choice stay.
    await page.locator(button('Изменить сеанс', '18:00')).click();
    await page.waitForSelector('dialog[open] select[name=hall_id]');
    await page.waitForSelector(`dialog[open] select[name=hall_id] option[value="${spare.id}"]`);
    await page.select('dialog[open] select[name=hall_id]', String(spare.id));
    await page.locator('dialog[open] button[type=submit]').click();
    const refusal = await page.waitForSelector('dialog[open] [role=alert]::-p-text(перенести его нельзя)');
    expect(await refusal!.evaluate((p) => p.textContent)).toContain('На сеанс уже проданы');
    expect(await page.$eval('dialog[open] select[name=hall_id]', (s) => (s as HTMLSelectElement).value)).toBe(
      String(spare.id),
    );
    const [kept] = await site.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, sold.id));
    expect(kept!.hallId).toBe(hall.id);
    await page.locator('dialog[open] button[aria-label="Закрыть"]').click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));

    // A viewer has the sold session's seat map open on the website.
    const viewer = await browserPage(site, contexts);
    await signInAsNewViewer(site, viewer);
    await viewer.goto(`${site.url}/?seats=${sold.id}`);
    await viewer.waitForSelector('dialog[open] button[aria-label="Ряд 3, место 3, продано"]');

    // Cancelled with a reason, after the confirmation says what happens to the ticket.
    await page.locator(button('Отменить сеанс', '18:00')).click();
    const confirm = await page.waitForSelector('dialog[open] textarea[name=reason]');
    expect(await page.$eval('dialog[open]', (d) => (d as HTMLElement).innerText)).toContain('Оплаченных билетов: 1');
    await page.locator('dialog[open] button[type=submit]').click();
    await page.waitForSelector('dialog[open] ::-p-text(Укажите причину отмены)');
    await confirm!.type('Авария в зале');
    await page.locator('dialog[open] button[type=submit]').click();
    await page.waitForSelector('main [role=status]::-p-text(билетов возвращается онлайн: 1)');
    await waitForRow(page, sold.id, 'Отменён');
    const row = await rowText(page, sold.id);
    expect(row).toContain('Авария в зале');
    expect(row).not.toContain('Изменить');
    expect(await page.$(button('Отменить сеанс', '18:00'))).toBeNull();

    // The cancellation's job (the workers' 'sessions.refund-cancelled') refunds the buyer's ticket through the provider.
    await settleCancelledSession(site.ctx, sold.id);
    const seen = await site.call('GET /orders/:id', { params: { id: order.id } }, buyer.token);
    expect(seen.body.lines.map((l) => [l.seat_number, l.status, l.refund?.status])).toEqual([
      ['r3m3', 'refunded', 'succeeded'],
    ]);
    const [cancelled] = await site.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, sold.id));
    expect(cancelled!.cancelReason).toBe('Авария в зале');

    // The open map closes at once and says why, with no seat left to press; opened again, it says the same.
    await viewer.waitForSelector('dialog[open] [role=alert]::-p-text(Сеанс отменён)');
    expect(await viewer.$('dialog[open] button[aria-label^="Ряд 5, место 5"]')).toBeNull();
    await viewer.reload();
    await viewer.waitForSelector('dialog[open] [role=alert]::-p-text(Сеанс отменён)');
    expect(page.errors).toEqual([]);
  });

  it('a cashier has no schedule screen, and so no buttons to change or cancel', async () => {
    const cashier = await buildSignedInUser(site.ctx, { role: 'cashier' });
    const page = await browserPage(site, contexts, SCREEN);
    await signIn(site, page, cashier.user.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/schedule`);
    await page.waitForSelector('main h1::-p-text(Недостаточно прав)');
    expect(await page.$('main button::-p-text(Отменить сеанс)')).toBeNull();
  });
});
