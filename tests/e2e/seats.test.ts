/**
 * Two browsers on one session: holds and sales appear in the other without a reload; the way back
 * from the checkout keeps the seats, and a paid order's page survives a reload.
 */
import { seatLabel, toCinemaTime } from '@kino/backend/contract';
import { announce } from '@kino/backend/effects';
import { buildFilm, buildHall, buildSession } from '@kino/backend/testing/factories';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { minutesLaterToday } from './support/clock';
import { openSessionFromSchedule } from './support/public-data';
import { payAtCheckout } from './support/payment';
import { signInAsNewViewer } from './support/staff';
import { answerCookieNotice, waitsForTheApp } from './support/browser';

/** Viewers of a site, each in a browser profile of its own (its own local storage). */
function browsing(site: () => TestSite) {
  const contexts: BrowserContext[] = [];
  /** Signed in as a new viewer, or a guest. */
  async function viewer(signedIn: boolean): Promise<Page> {
    const context = await site().browser.browser.createBrowserContext();
    contexts.push(context);
    const page = waitsForTheApp(await context.newPage());
    await page.setViewport({ width: 1280, height: 900 });
    await answerCookieNotice(page);
    if (signedIn) await signInAsNewViewer(site(), page);
    return page;
  }

  const seat = (page: Page, label: string) => page.waitForSelector(`dialog button[aria-label="${label}"]`);
  const openHall = async (page: Page, sessionId: number) => {
    await page.goto(`${site().url}/?seats=${sessionId}`);
    await page.waitForSelector('dialog[open] button[aria-label="Ряд 1, место 1"]:not([disabled])');
  };
  const closeAll = async () => {
    for (const context of contexts) await context.close();
  };
  return { viewer, openHall, seat, closeAll };
}

describe('live seat selection', () => {
  let site: TestSite;
  const { viewer, openHall, seat, closeAll } = browsing(() => site);
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await closeAll();
    await site.close();
  });

  it('shows a hold made in one browser in the other and the sale without a reload; «Изменить места» keeps the seats, a reload keeps the paid order', async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Зеркало' });
    const session = await buildSession(site.ctx.db, { filmId: film.id, price: 400 });
    const ann = await viewer(true);
    const bob = await viewer(true);
    await Promise.all([openHall(ann, session.id), openHall(bob, session.id)]);
    expect(await ann.$eval('dialog h2', (h) => h.textContent)).toBe('Зеркало');

    await (await seat(ann, seatLabel('r3m5')))!.click();
    await seat(ann, `${seatLabel('r3m5')}, выбрано`);
    await (await seat(ann, seatLabel('r3m6')))!.click();
    await seat(ann, `${seatLabel('r3m6')}, выбрано`);
    const held = await seat(bob, `${seatLabel('r3m5')}, занято`);
    expect(await held!.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await seat(bob, `${seatLabel('r3m6')}, занято`);
    expect(await ann.$eval('dialog', (d) => d.textContent)).toContain('Итого: 800');

    await ann.click('dialog ::-p-text(ДАЛЕЕ)');
    await ann.waitForSelector(`::-p-text(${toCinemaTime(session.startTime).slice(11, 16)})`);
    // «Изменить места» leads back to the hall with the seats still Ann's, as the checkout promises:
    // selected on her map, taken on Bob's; ДАЛЕЕ brings her back to pay for them.
    await ann.locator('a::-p-text(Изменить места)').click();
    await seat(ann, `${seatLabel('r3m5')}, выбрано`);
    await seat(ann, `${seatLabel('r3m6')}, выбрано`);
    await seat(bob, `${seatLabel('r3m5')}, занято`);
    await seat(bob, `${seatLabel('r3m6')}, занято`);
    await ann.click('dialog ::-p-text(ДАЛЕЕ)');
    await ann.waitForSelector('h1::-p-text(Оформление заказа)');
    await payAtCheckout(ann);
    expect(await ann.$eval('h1', (h) => h.textContent)).toBe('Заказ оплачен');
    // Reloading the paid order's page still shows its tickets (never the hold's «Время брони истекло»).
    await ann.reload();
    await ann.waitForSelector('section[data-stage="paid"] ul[aria-label="Билеты"] li');
    expect(await ann.$$eval('ul[aria-label="Билеты"] li', (items) => items.length)).toBe(2);
    expect(await ann.$eval('main', (m) => (m as HTMLElement).innerText)).not.toContain('Время брони истекло');

    await seat(bob, `${seatLabel('r3m5')}, продано`);
    await seat(bob, `${seatLabel('r3m6')}, продано`);

    // Bob takes a seat and closes the popover: it is free again for everyone.
    const carol = await viewer(true);
    await openHall(carol, session.id);
    await (await seat(bob, seatLabel('r4m4')))!.click();
    await seat(carol, `${seatLabel('r4m4')}, занято`);
    await bob.click('dialog button[aria-label="Закрыть"]');
    await seat(carol, seatLabel('r4m4'));
  });

  it('frees the seats on every map when the buyer refuses on the payment page; the order says why and leads back to the seats', async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Солярис' });
    const session = await buildSession(site.ctx.db, { filmId: film.id, price: 350 });
    const ann = await viewer(true);
    const bob = await viewer(true);
    await Promise.all([openHall(ann, session.id), openHall(bob, session.id)]);
    await (await seat(ann, seatLabel('r2m2')))!.click();
    await seat(ann, `${seatLabel('r2m2')}, выбрано`);
    await ann.click('dialog ::-p-text(ДАЛЕЕ)');

    await payAtCheckout(ann, 'refuse');
    // While Ann was on the provider's page the seat was taken on Bob's map; now it is free again.
    await seat(bob, seatLabel('r2m2'));
    expect(await ann.$eval('section[data-stage]', (s) => (s as HTMLElement).innerText)).toContain(
      'Время на подтверждение платежа истекло',
    );
    await ann.locator('a::-p-text(Выбрать места заново)').click();
    await ann.waitForSelector(`dialog[open] button[aria-label="${seatLabel('r2m2')}"]:not([disabled])`);
    const sold = await site.ctx.db.query.tickets.findMany({ where: (t, { eq }) => eq(t.sessionId, session.id) });
    expect(sold.map((t) => t.status)).toEqual(['cancelled']);
  });

  it("opens the hall from the home schedule's time button and from the film page, with its dates and times", async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Сталкер' });
    const hall = await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Зал 7' });
    const at = (startsInMinutes: number) =>
      buildSession(site.ctx.db, { filmId: film.id, hallId: hall.id, startsInMinutes });
    const [today, later] = [await at(minutesLaterToday(60)), await at(2 * 24 * 60)];
    // Sessions written straight to the database: tell the effects table, as scheduling through the API does.
    await announce(site.ctx, [{ what: 'sessions', ids: [today.id, later.id] }]);
    const page = await viewer(true);
    await page.goto(site.url);
    const time = toCinemaTime(today.startTime).slice(11, 16);
    await openSessionFromSchedule(page, time, 'Зал 7');
    await page.waitForSelector('dialog[open] h2::-p-text(Сталкер)');
    await page.click('dialog button[aria-label="Закрыть"]');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));

    await page.goto(`${site.url}/films/${film.id}`);
    await page.locator('button::-p-text(Купить билет)').click();
    await page.waitForSelector(`dialog[open] ::-p-text(${time})`);
    // The session's date and time pickers ('Лучшие места' has a count of its own).
    const dates = await page.$$eval('dialog select:not(#best-seats-count)', (selects) =>
      selects.map((s) => s.options.length),
    );
    expect(dates).toEqual([2, 1]);
    await page.select('dialog select', toCinemaTime(later.startTime).slice(0, 10));
    await page.waitForFunction((id) => new URLSearchParams(location.search).get('seats') === String(id), {}, later.id);
    await page.waitForSelector(`dialog[open] ::-p-text(${toCinemaTime(later.startTime).slice(11, 16)})`);
  });

  it.each([
    [1280, 800],
    [1280, 720],
  ])('keeps the hall, the total and ДАЛЕЕ in view without scrolling the dialog at %i×%i', async (width, height) => {
    const film = await buildFilm(site.ctx.db, { title: 'Андрей Рублёв' });
    const sessions = [await buildSession(site.ctx.db, { filmId: film.id, startsInMinutes: 24 * 60 })];
    sessions.push(await buildSession(site.ctx.db, { filmId: film.id, startsInMinutes: 48 * 60 }));
    await announce(site.ctx, [{ what: 'sessions', ids: sessions.map((s) => s.id) }]);
    const page = await viewer(true);
    await page.setViewport({ width, height });
    // From the film page: the popover with its date and time pickers, the tallest it gets.
    await page.goto(`${site.url}/films/${film.id}`);
    await page.locator('button::-p-text(Купить билет)').click();
    await page.waitForSelector('dialog[open] select');
    for (const code of ['r10m1', 'r10m2', 'r10m3', 'r10m4', 'r10m5', 'r10m6']) {
      await (await seat(page, seatLabel(code)))!.click();
      await seat(page, `${seatLabel(code)}, выбрано`);
    }
    const layout = await page.$eval('dialog[open]', (dialog) => {
      dialog.scrollTop = 0;
      const box = dialog.getBoundingClientRect();
      const inView = (el: Element | null | undefined) => {
        const r = el!.getBoundingClientRect();
        return r.top >= box.top && r.bottom <= box.bottom && r.bottom <= window.innerHeight;
      };
      const texts = Array.from(dialog.querySelectorAll('button, p, span'));
      return {
        scrolls: dialog.scrollHeight > dialog.clientHeight,
        next: inView(texts.find((el) => el.textContent === 'ДАЛЕЕ')),
        total: inView(texts.find((el) => el.textContent?.startsWith('Итого:'))),
        lastRow: inView(dialog.querySelector('button[aria-label^="Ряд 10, место 11"]')),
      };
    });
    expect(layout).toEqual({ scrolls: false, next: true, total: true, lastRow: true });
  });

  it('asks a guest who picks a seat to sign in', async () => {
    const session = await buildSession(site.ctx.db);
    const guest = await viewer(false);
    await openHall(guest, session.id);
    await (await seat(guest, seatLabel('r1m1')))!.click();
    await guest.waitForSelector('dialog ::-p-text(Войдите, чтобы выбрать места)');
    expect(await guest.$('dialog a[href="/login"]')).not.toBeNull();
  });
});

describe('the hold running out at the checkout (3 second holds)', () => {
  let site: TestSite;
  const { viewer, openHall, seat, closeAll } = browsing(() => site);
  beforeAll(async () => {
    site = await startSite({ HOLD_TTL_SECONDS: '3' });
  });
  afterAll(async () => {
    await closeAll();
    await site.close();
  });

  it('counts down, then says the time ran out and offers to choose again', async () => {
    const session = await buildSession(site.ctx.db);
    const ann = await viewer(true);
    await openHall(ann, session.id);
    await (await seat(ann, seatLabel('r2m2')))!.click();
    await seat(ann, `${seatLabel('r2m2')}, выбрано`);
    await ann.click('dialog ::-p-text(ДАЛЕЕ)');
    await ann.waitForSelector('[role="timer"]');
    const expired = await ann.waitForSelector('dialog[role="alertdialog"][open]');
    expect(await expired!.evaluate((d) => d.textContent)).toContain('Время брони истекло');
    expect(await ann.$eval('button::-p-text(Оплатить)', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await ann.click('dialog ::-p-text(Выбрать места заново)');
    await seat(ann, seatLabel('r2m2'));
  });
});
