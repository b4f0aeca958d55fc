/**
 * The back office on the demo data, as staff meet it: each role signs in through the site and sees
 * exactly its SPEC menu, every screen of it opens; the admin changes a role and that person's open
 * page learns it; a manager schedules a session the home page then sells; an open dashboard
 * follows a registration and a sale made in other browsers.
 */
import { DEMO_ACCOUNTS, seed } from '@kino/backend/seed';
import { buildHall, buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { formatShortTime, toCinemaTime } from '@kino/backend/contract';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minutesLaterToday } from './support/clock';
import { openSessionFromSchedule } from './support/public-data';
import { startSite, type TestSite } from './support/site';
import { browserPage, setValue, signIn } from './support/staff';
import { payAtCheckout } from './support/payment';

/**
 * The menus of docs/product.md §2, as the side navigation names them ('Главная' is the dashboard), with
 * the prices and promo codes, the reports and the subtitles report after them for the admin and the manager, and the
 * till and the shifts for every role that sells at the counter, and the cinema's documents and settings for the admin.
 */
const MENUS: Record<string, string[]> = {
  admin: [
    'Пользователи',
    'Билеты',
    'Фильмы',
    'Актёры',
    'Жанры',
    'Залы',
    'Новости',
    'Отзывы',
    'Расписание',
    'Акции',
    'Страны',
    'Цены',
    'Промокоды',
    'Отчёты',
    'Субтитры',
    'Касса',
    'Смены',
    'Документы',
    'Настройки',
    'Главная',
  ],
  'content-manager': ['Фильмы', 'Актёры', 'Жанры', 'Новости', 'Страны', 'Главная'],
  manager: [
    'Фильмы',
    'Билеты',
    'Залы',
    'Расписание',
    'Цены',
    'Промокоды',
    'Отчёты',
    'Субтитры',
    'Касса',
    'Смены',
    'Главная',
  ],
  cashier: ['Билеты', 'Касса', 'Смены', 'Главная'],
};

const accountOf = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

let site: TestSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
  await seed({ db: site.ctx.db, storageDir: site.ctx.config.storageDir });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site.close();
});

const menuOf = (page: Page) =>
  page.$$eval('nav[aria-label="Меню панели управления"] a', (links) => links.map((a) => a.textContent?.trim()));

describe('the back office per role', () => {
  for (const role of Object.keys(MENUS)) {
    it(`${role}: signs in through the site, sees exactly its menu and opens every screen of it`, async () => {
      const page = await browserPage(site, contexts);
      await signIn(site, page, accountOf(role).email);
      await page.locator('header a::-p-text(Админ-панель)').click();
      await page.waitForSelector('h1::-p-text(Панель управления)');
      expect(await menuOf(page)).toEqual(MENUS[role]);
      const person = await page.$eval('aside', (a) => a.textContent ?? '');
      expect(person).toContain(accountOf(role).fio);

      for (const label of MENUS[role]!) {
        await page.locator(`nav[aria-label="Меню панели управления"] a::-p-text(${label})`).click();
        const heading = label === 'Главная' ? 'Панель управления' : label;
        await page.waitForSelector(`main h1::-p-text(${heading})`);
        // Each table shows its rows (or its empty state), not an error.
        await page.waitForFunction(() => !document.querySelector('main [role="status"]'), { timeout: 15_000 });
        expect(await page.$('main [role="alert"]'), `${role} → ${label}`).toBeNull();
      }
      expect(page.errors).toEqual([]);
    });
  }

  it('refuses a screen outside the role’s menu with a clear message, and sends a guest to sign in', async () => {
    const cashier = await browserPage(site, contexts);
    await signIn(site, cashier, accountOf('cashier').email);
    await cashier.goto(`${site.url}/admin/dashboard/users`);
    await cashier.waitForSelector('h1::-p-text(Недостаточно прав)');
    const guest = await browserPage(site, contexts);
    await guest.goto(`${site.url}/admin/dashboard/tickets`);
    await guest.waitForSelector('h1::-p-text(Вход)');
  });

  it('searches a table from the address: a match, then nothing found, and a reload keeps the search', async () => {
    const page = await browserPage(site, contexts);
    await signIn(site, page, accountOf('admin').email);
    await page.goto(`${site.url}/admin/dashboard/users`);
    await page.waitForSelector('main h1::-p-text(Пользователи)');
    await page.locator('input[type=search]').fill('cashier@kino');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'cashier@kino');
    await page.waitForFunction(() => document.querySelectorAll('main tbody tr').length === 1);
    expect(await page.$eval('main tbody', (body) => body.textContent)).toContain('cashier@kino.local');
    await page.locator('input[type=search]').fill('нет-такого-человека');
    await page.waitForSelector('main ::-p-text(Никого не нашли)');
    await page.reload();
    await page.waitForSelector('main ::-p-text(Никого не нашли)');
    expect(await page.$eval('input[type=search]', (input) => (input as HTMLInputElement).value)).toBe(
      'нет-такого-человека',
    );
  });

  it('works on a 375 px phone: the menu folds behind a button', async () => {
    const page = await browserPage(site, contexts, { width: 375 });
    await signIn(site, page, accountOf('manager').email);
    await page.goto(`${site.url}/admin/dashboard`);
    await page.waitForSelector('h1::-p-text(Панель управления)');
    const menu = () => page.$eval('#admin-nav', (nav) => getComputedStyle(nav).display);
    expect(await menu()).toBe('none');
    await page.locator('button::-p-text(Меню)').click();
    expect(await menu()).not.toBe('none');
    await page.locator('#admin-nav a::-p-text(Залы)').click();
    await page.waitForSelector('main h1::-p-text(Залы)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe('the admin changes a role', () => {
  it("gives a viewer the cashier's role; the viewer's open page shows the back office without a reload", async () => {
    const viewer = await buildUser(site.ctx.db, { fio: 'Будущая Кассирша' });
    const theirs = await browserPage(site, contexts);
    await signIn(site, theirs, viewer.email, TEST_PASSWORD);
    expect(await theirs.$('header a::-p-text(Админ-панель)')).toBeNull();

    const admin = await browserPage(site, contexts);
    await signIn(site, admin, accountOf('admin').email);
    await admin.goto(`${site.url}/admin/dashboard/users`);
    await admin.locator('input[type=search]').fill(viewer.email);
    const select = `select[aria-label="Роль: ${viewer.fio}"]`;
    await admin.waitForSelector(select);
    await admin.select(select, 'cashier');
    await admin.waitForSelector('[role=status]::-p-text(Сохранено)');

    await theirs.waitForSelector('header a::-p-text(Админ-панель)');
    await theirs.locator('header a::-p-text(Админ-панель)').click();
    expect(
      await (await theirs.waitForSelector('nav[aria-label="Меню панели управления"]'))!.evaluate((n) => n.textContent),
    ).toContain('Билеты');
  });
});

describe('a session scheduled in the back office', () => {
  it('is created by a manager and sold on the home page', async () => {
    const hall = await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Зал 9' });
    const start = toCinemaTime(new Date(Date.now() + minutesLaterToday(90) * 60_000)).slice(0, 16);
    const manager = await browserPage(site, contexts);
    await signIn(site, manager, accountOf('manager').email);
    await manager.goto(`${site.url}/admin/dashboard/schedule`);
    await manager.locator('a::-p-text(Добавить сеанс)').click();
    await manager.waitForSelector('h1::-p-text(Новый сеанс)');
    // The films come with the form's own request: wait for the first one, not just the placeholder.
    await manager.waitForSelector('select[name=movie_id] option:not([value=""])');
    const film = await manager.$$eval(
      'select[name=movie_id] option',
      (options) => options.filter((o) => o.value).map((o) => ({ value: o.value, label: o.textContent ?? '' }))[0]!,
    );
    await manager.select('select[name=movie_id]', film.value);
    await manager.waitForSelector(`select[name=hall_id] option[value="${hall.id}"]`);
    await manager.select('select[name=hall_id]', String(hall.id));
    await manager.locator('input[name=price]').fill('350');
    await setValue(manager, 'input[name=start_time]', start.replace(' ', 'T'));
    // The end is derived at once and cannot be typed.
    expect(await manager.$eval('input[readonly]', (i) => (i as HTMLInputElement).value)).not.toBe('');
    await manager.locator('button::-p-text(Добавить сеанс)').click();
    await manager.waitForSelector('main h1::-p-text(Расписание)');
    const added = await manager.waitForSelector('main [role=status]::-p-text(добавлен)');
    // The option reads «Дюна (16+)»; the notice names the film, its day and time, and the hall.
    expect(await added!.evaluate((n) => n.textContent)).toBe(
      `Сеанс «${film.label.replace(/ \(\d+\+\)$/, '')}» ${formatShortTime(start)}, ${hall.name} добавлен`,
    );
    // The list runs from today's first session, 20 a page: late in the day the new one is past the first
    // page of the demo programme, so the manager looks it up by its hall, as staff would.
    await manager.locator('input[type=search]').fill(hall.name);
    await manager.waitForSelector(`main td::-p-text(${hall.name})`);

    const viewer = await browserPage(site, contexts);
    await signIn(site, viewer, 'viewer@kino.local');
    await viewer.goto(site.url);
    // The time button reads what it shows: «11:14, 300 ₽, Зал 9» (the price the card suggests for the hour).
    await openSessionFromSchedule(viewer, start.slice(11, 16), 'Зал 9');
    await viewer.waitForSelector('dialog[open] button[aria-label="Ряд 5, место 5"]:not([disabled])');
    await viewer.locator('dialog button[aria-label="Ряд 5, место 5"]').click();
    await viewer.waitForSelector('dialog button[aria-label="Ряд 5, место 5, выбрано"]');
    await viewer.locator('dialog ::-p-text(ДАЛЕЕ)').click();
    await payAtCheckout(viewer);
  });
});

describe('the live dashboard', () => {
  it('changes by itself when a viewer registers and when a viewer buys in another browser', async () => {
    const admin = await browserPage(site, contexts);
    await signIn(site, admin, accountOf('admin').email);
    await admin.goto(`${site.url}/admin/dashboard`);
    const count = (name: string) =>
      admin.$$eval(
        'ul[aria-label="Количество"] li',
        (cards, label) => Number(cards.find((c) => c.textContent?.includes(label))?.querySelector('span')?.textContent),
        name,
      );
    await admin.waitForSelector('ul[aria-label="Количество"]');
    const users = await count('Пользователи');

    const newcomer = await browserPage(site, contexts);
    await newcomer.goto(`${site.url}/register`);
    await newcomer.locator('input[name=email]').fill(`newcomer-${Date.now()}@example.test`);
    await newcomer.locator('input[name=fio]').fill('Новый Зритель');
    await newcomer.locator('input[name=password]').fill('secret-password-1');
    await newcomer.locator('input[name=repeat]').fill('secret-password-1');
    await setValue(newcomer, 'input[name=birthday]', '1999-09-09');
    await newcomer.locator('input[name=personal-data-consent]').click();
    await newcomer.locator('button::-p-text(Зарегистрироваться)').click();
    await newcomer.waitForSelector('::-p-text(Регистрация прошла успешно)');

    await admin.waitForFunction(
      (before) =>
        Array.from(document.querySelectorAll('ul[aria-label="Количество"] li')).some(
          (c) => c.textContent?.includes('Пользователи') && Number(c.querySelector('span')?.textContent) === before + 1,
        ),
      { timeout: 5000 },
      users,
    );

    const sold = async () => Number((await admin.$eval('main section p strong', (s) => s.textContent)) ?? 0);
    const ticketsBefore = await sold();
    const buyer = await browserPage(site, contexts);
    await signIn(site, buyer, 'viewer@kino.local');
    await buyer.goto(site.url);
    await buyer.locator('#schedule li button:not([disabled])').click();
    await buyer.waitForSelector('dialog[open] button[aria-label^="Ряд"]:not([disabled])');
    await buyer.locator('dialog button[aria-label^="Ряд"]:not([disabled])').click();
    await buyer.waitForSelector('dialog button[aria-label$="выбрано"]');
    await buyer.locator('dialog ::-p-text(ДАЛЕЕ)').click();
    await payAtCheckout(buyer);
    await admin.waitForFunction(
      (before) => Number(document.querySelector('main section p strong')?.textContent) > before,
      { timeout: 5000 },
      ticketsBefore,
    );
  });
});
