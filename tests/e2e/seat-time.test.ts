/**
 * Time to choose and wheelchair spaces in the browser. Holds of 100 seconds start inside the two-minute
 * warning: the seat popover and the checkout say so in a live region and offer «Продлить» once, and the
 * countdown then shows the longer hold. A wheelchair space chosen offers its companion's seat; one the
 * hall still holds back from general sale says when it goes on sale.
 */
import { planSeatLabel, seatLabel } from '@kino/backend/contract';
import { buildHall, buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { planOf } from '@kino/backend/testing/plans';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { waitsForTheApp } from './support/browser';
import { startSite, type TestSite } from './support/site';
import { signInAsNewViewer } from './support/staff';

describe('the hold’s warning, its extension and the companion seat (100 second holds)', () => {
  let site: TestSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startSite({ HOLD_TTL_SECONDS: '100' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await site.close();
  });

  async function viewer(width = 1280): Promise<Page> {
    const context = await site.browser.browser.createBrowserContext();
    contexts.push(context);
    const page = waitsForTheApp(await context.newPage());
    await page.setViewport({ width, height: 900 });
    await signInAsNewViewer(site, page);
    return page;
  }
  const CHECKOUT = 'section[aria-labelledby="checkout-title"]';
  const seat = (page: Page, label: string) => page.waitForSelector(`dialog button[aria-label="${label}"]`);
  async function take(page: Page, label: string) {
    await (await seat(page, label))!.click();
    await seat(page, `${label}, выбрано`);
  }
  /** The session's hall over its film's page, ready to choose in. */
  const openHall = async (page: Page, session: { id: number; filmId: number }) => {
    await page.goto(`${site.url}/films/${session.filmId}?seats=${session.id}`);
    await page.waitForSelector('dialog[open] button[aria-label="Ряд 2, место 1"]:not([disabled])');
  };
  /** The seconds left on the countdown, as the page shows them (mm:ss). */
  const secondsLeft = (page: Page, selector: string) =>
    page.$eval(selector, (el) => {
      const [, m, s] = /(\d\d):(\d\d)/.exec((el as HTMLElement).innerText) ?? [];
      return Number(m) * 60 + Number(s);
    });
  /** A 100-second hold shows more than the warning's two minutes only once extended. */
  const WARNING_SECONDS = 120;

  it('warns in the popover with a live region, extends once with «Продлить», and the countdown shows the longer hold', async () => {
    const session = await buildSession(site.ctx.db);
    const page = await viewer(390);
    await openHall(page, session);
    await take(page, seatLabel('r3m3'));

    const warning = await page.waitForSelector('dialog [aria-live="assertive"] ::-p-text(Бронь мест скоро закончится)');
    expect(await warning!.evaluate((p) => p.closest('[aria-live]')!.getAttribute('aria-atomic'))).toBe('true');
    expect(await axeViolations(page)).toEqual([]);

    await page.click('dialog button::-p-text(Продлить)');
    await page.waitForSelector('dialog ::-p-text(Бронь продлена)');
    expect(await page.$('dialog button::-p-text(Продлить)')).toBeNull();
    // 100 seconds more: more than two minutes left, so the warning is gone.
    expect(await secondsLeft(page, 'dialog ::-p-text(Места закреплены за вами ещё)')).toBeGreaterThan(WARNING_SECONDS);
    expect(await page.$('dialog ::-p-text(Бронь мест скоро закончится)')).toBeNull();
  });

  it('warns at the checkout too, and the holder’s other tab hears the extended deadline', async () => {
    const session = await buildSession(site.ctx.db);
    const page = await viewer();
    await openHall(page, session);
    await take(page, seatLabel('r4m4'));
    await page.click('dialog ::-p-text(ДАЛЕЕ)');
    await page.waitForSelector('h1::-p-text(Оформление заказа)');
    await page.waitForSelector(`${CHECKOUT} [aria-live="assertive"] ::-p-text(Бронь мест скоро закончится)`);
    expect(await axeViolations(page)).toEqual([]);

    // The same viewer's second tab, warned too until the first tab extends the hold.
    const other = waitsForTheApp(await page.browserContext().newPage());
    await other.goto(page.url());
    await other.waitForSelector(`${CHECKOUT} button::-p-text(Продлить)`);
    // A tab in the background draws no frames: the first one comes to the front to be clicked.
    await page.bringToFront();
    await page.click(`${CHECKOUT} button::-p-text(Продлить)`);
    await page.waitForSelector(`${CHECKOUT} ::-p-text(Бронь продлена)`);
    expect(await secondsLeft(page, '[role="timer"]')).toBeGreaterThan(WARNING_SECONDS);
    // The other tab heard the new deadline: its warning and button are gone.
    await other.waitForFunction(() => !document.body.innerText.includes('Бронь мест скоро закончится'));
    expect(await secondsLeft(other, '[role="timer"]')).toBeGreaterThan(WARNING_SECONDS);
    await other.close();
  });

  it('offers the companion’s seat beside a wheelchair space, and says when a held-back space goes on sale', async () => {
    const hall = await buildHall(site.ctx.db, { name: 'Зал с местами для колясок' });
    const admin = await buildSignedInUser(site.ctx, { role: 'admin' });
    const plan = {
      ...planOf(3, 6, { flags: { r1m1: { wheelchair: true }, r1m2: { companion: true } } }),
      wheelchair_hold_back_hours: 3,
    };
    const put = await site.call('PUT /halls/:id/plan', { params: { id: hall.id }, body: plan }, admin.token);
    expect(put.status).toBe(200);
    const space = planSeatLabel({ code: 'r1m1', wheelchair: true, companion: false, pair: null });
    const companion = planSeatLabel({ code: 'r1m2', wheelchair: false, companion: true, pair: null });

    const page = await viewer();
    const later = await buildSession(site.ctx.db, { hallId: hall.id, startsInMinutes: 5 * 60 });
    await openHall(page, later);
    await (await seat(page, space))!.click();
    await page.waitForSelector('dialog ::-p-text(Места для зрителей на коляске поступят в продажу)');
    expect(await page.$eval('dialog [aria-live="polite"]', (el) => (el as HTMLElement).innerText)).toContain(
      'Сейчас их можно купить в кассе кинотеатра',
    );
    await page.click('dialog button[aria-label="Закрыть"]');

    const soon = await buildSession(site.ctx.db, { hallId: hall.id, startsInMinutes: 60 });
    await openHall(page, soon);
    await take(page, space);
    await page.waitForSelector(`dialog ::-p-text(Рядом — место для сопровождающего: ${seatLabel('r1m2')})`);
    await page.click('dialog button::-p-text(Добавить место сопровождающего)');
    await seat(page, `${companion}, выбрано`);
    expect(await page.$('dialog button::-p-text(Добавить место сопровождающего)')).toBeNull();
  });
});
