/**
 * Every public page, at a laptop's and a phone's width, has no axe-core violation (WCAG 2.2 A/AA and
 * axe's best practices) and a clean console — no error, no warning — as a guest; the profile too, signed
 * in. The catalogue's search and «Скоро в кино», and the age confirmation before an 18+ film's hall,
 * are checked on the way.
 */
import { schema } from '@kino/backend/db';
import { buildFilm, buildHall, buildSession, buildSignedInUser, buildTicket } from '@kino/backend/testing/factories';
import { planOf } from '@kino/backend/testing/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { consoleProblems } from './support/browser';
import { insertPublicData, type PublicData } from './support/public-data';
import { startSite, type TestSite } from './support/site';
import { signInAsNewViewer } from './support/staff';

const WIDTHS = [
  [1280, 900],
  [390, 844],
] as const;

describe('accessibility and a clean console on the public pages', () => {
  let site: TestSite;
  let data: PublicData;
  let announced: { id: number; title: string };
  let adult: { id: number; title: string; sessionId: number };
  let paths: string[];
  beforeAll(async () => {
    site = await startSite();
    data = await insertPublicData(site.ctx);
    announced = await buildFilm(site.ctx.db, { title: 'Анонс: Северное сияние', isRent: 1 });
    const [hallOf] = await site.ctx.db.select({ hallId: schema.sessions.hallId }).from(schema.sessions).limit(1);
    const film = await buildFilm(site.ctx.db, { title: 'Ночной патруль', age: 18, isRent: 1 });
    const session = await buildSession(site.ctx.db, {
      filmId: film.id,
      hallId: hallOf!.hallId,
      startsInMinutes: 60 * 26,
    });
    adult = { ...film, sessionId: session.id };
    const [news] = await site.ctx.db.select({ id: schema.news.id }).from(schema.news).limit(1);
    const [promotion] = await site.ctx.db.select({ id: schema.promotions.id }).from(schema.promotions).limit(1);
    paths = [
      '/',
      '/films',
      '/films?q=путь',
      '/films?q=нет-такого-фильма',
      '/films/new',
      `/films/${data.film.id}`,
      `/films/${announced.id}`,
      '/news',
      `/news/${news!.id}`,
      '/stocks',
      `/stocks/${promotion!.id}`,
      `/persons/${data.actor.id}`,
      '/login',
      '/register',
      '/no-such-page',
    ];
  });
  afterAll(() => site.close());

  it.each(WIDTHS)('has no violation and a clean console on every public page at %i px', async (width, height) => {
    const page = await site.browser.newPage({ width, height });
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      page.errors.length = 0;
      page.warnings.length = 0;
      const res = await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('main h1');
      const problems = [...(await axeViolations(page)), ...consoleProblems(page)];
      // The not-found page is a 404 by design: the browser notes the document's status, nothing else may show.
      if (res?.status() === 404) {
        expect(path).toBe('/no-such-page');
        const rest = problems.filter((p) => !p.includes('404'));
        if (rest.length) found[path] = rest;
      } else if (problems.length) found[path] = problems;
    }
    expect(found).toEqual({});
    await page.close();
  });

  it('has no violation on the profile, signed in, with a paid and a refunded ticket', async () => {
    const page = await site.browser.newPage({ width: 390, height: 844 });
    const viewer = await signInAsNewViewer(site, page);
    const paid = await buildTicket(site.ctx.db, { sessionId: adult.sessionId, userId: viewer.id, seatNumber: 'r2m3' });
    const refunded = await buildTicket(site.ctx.db, {
      sessionId: adult.sessionId,
      userId: viewer.id,
      seatNumber: 'r2m4',
      status: 'refunded',
    });
    await page.goto(`${site.url}/profile`, { waitUntil: 'networkidle0' });
    // The profile as loaded (its heading names the viewer), not its loading state being replaced.
    await page.waitForSelector(`main h1::-p-text(${viewer.fio})`);
    // Both rows are there, the refunded one with its status, which must read as clearly as the paid one.
    await page.waitForSelector(`main li ::-p-text(Билет №${paid.id})`);
    await page.waitForSelector(`main li ::-p-text(Билет №${refunded.id})`);
    expect(await page.$$eval('main li[data-status]', (rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual(
      expect.arrayContaining(['paid', 'refunded']),
    );
    expect([...(await axeViolations(page)), ...consoleProblems(page)]).toEqual([]);
    await page.close();
  });

  it('fits a seat map on a 390 px phone: every seat at least 24 × 24 px, a wide hall scrolls sideways, no violation', async () => {
    const admin = await buildSignedInUser(site.ctx, { role: 'admin' });
    const wide = await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Широкий зал' });
    const res = await site.fetch(`/api/halls/${wide.id}/plan`, {
      method: 'PUT',
      json: planOf(6, 24, { aisleAfter: 12 }),
      token: admin.token,
    });
    expect(res.status).toBeLessThan(300);
    // SPEC's 10 × 11 hall fits the phone; 25 columns do not, and scroll.
    const standard = await buildSession(site.ctx.db, {
      filmId: data.film.id,
      hallId: (await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Обычный зал' })).id,
      startsInMinutes: 60 * 50,
    });
    const wideSession = await buildSession(site.ctx.db, {
      filmId: data.film.id,
      hallId: wide.id,
      startsInMinutes: 60 * 50,
    });
    const page = await site.browser.newPage({ width: 390, height: 844 });
    for (const [sessionId, scrolls] of [
      [standard.id, false],
      [wideSession.id, true],
    ] as const) {
      await page.goto(`${site.url}/films/${data.film.id}?seats=${sessionId}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('dialog[open] button[data-row]');
      const map = await page.$eval('dialog[open]', (dialog) => {
        const seats = Array.from(dialog.querySelectorAll<HTMLElement>('button[data-row]'));
        const small = seats
          .map((seat) => seat.getBoundingClientRect())
          .filter((box) => box.width < 23.99 || box.height < 23.99)
          .map((box) => `${box.width}×${box.height}`);
        // The seats' scrolling box: the nearest ancestor that scrolls sideways.
        let box = seats[0]!.parentElement;
        while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
        const overflow = box ? box.scrollWidth - box.clientWidth : 0;
        // Scrolled to its end, the last seat of the first row is in view.
        if (box) box.scrollLeft = box.scrollWidth;
        const last = seats
          .filter((seat) => seat.dataset.row === '1')
          .at(-1)!
          .getBoundingClientRect();
        const frame = (box ?? dialog).getBoundingClientRect();
        return {
          seats: seats.length,
          small,
          scrolls: overflow > 0,
          lastInView: last.left >= frame.left - 1 && last.right <= frame.right + 1,
          pageWider: document.documentElement.scrollWidth > window.innerWidth,
        };
      });
      expect(map, `session ${sessionId}`).toEqual({
        seats: scrolls ? 144 : 110,
        small: [],
        scrolls,
        lastInView: true,
        pageWider: false,
      });
      expect(await axeViolations(page), `session ${sessionId}`).toEqual([]);
    }
    expect(consoleProblems(page)).toEqual([]);
    await page.close();
  });

  it('finds films by title and lists the announced ones under «Скоро в кино», with scripts and without', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/films`, { waitUntil: 'networkidle0' });
    const sections = async () =>
      page.$$eval('main section', (list) =>
        list.map((s) => [
          s.querySelector('h2')?.textContent,
          Array.from(s.querySelectorAll('h3'), (h) => h.textContent),
        ]),
      );
    const all = await sections();
    expect(all.map(([title]) => title)).toEqual(['Сейчас в кино', 'Скоро в кино']);
    expect(all[1]![1]).toEqual([announced.title]);
    expect(all[0]![1]).toEqual(expect.arrayContaining([data.film.title, adult.title]));

    await page.type('input[name="q"]', 'звёздный');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search === '?q=%D0%B7%D0%B2%D1%91%D0%B7%D0%B4%D0%BD%D1%8B%D0%B9');
    await page.waitForFunction(() => document.querySelectorAll('main h3').length === 1);
    expect(await sections()).toEqual([['Сейчас в кино', [data.film.title]]]);
    expect(await page.$eval('main [role="status"]', (s) => s.textContent)).toBe('Найдено фильмов: 1');

    await page.$eval('input[name="q"]', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('input[name="q"]', 'абракадабра');
    await page.click('button[type="submit"]');
    await page.waitForSelector('main [role="status"] ::-p-text(абракадабра)');
    expect(await page.$eval('main [role="status"]', (s) => s.textContent)).toBe(
      'По запросу «абракадабра» фильмов не нашлось. Проверьте написание или сбросьте фильтры.',
    );
    await page.click('main a ::-p-text(Сбросить)');
    await page.waitForFunction(() => location.search === '' && document.querySelectorAll('main section').length === 2);
    expect(await page.$eval('input[name="q"]', (input) => (input as HTMLInputElement).value)).toBe('');
    expect(consoleProblems(page)).toEqual([]);
    await page.close();

    // Without JavaScript the same form is a plain GET, answered by the server.
    const html = await (await site.fetch(`/films?q=${encodeURIComponent('северное')}`)).text();
    expect(html).toContain('<form');
    expect(html).toContain('name="q"');
    expect(html).toContain(`>${announced.title}</h3>`);
    expect(html).not.toContain(`>${data.film.title}</h3>`);
  });

  it('asks for the age before the hall of an 18+ film opens, once per tab', async () => {
    const page = await site.browser.newPage({ width: 390, height: 844 });
    await page.goto(`${site.url}/films/${adult.id}?seats=${adult.sessionId}`, { waitUntil: 'networkidle0' });
    const gate = await page.waitForSelector('dialog[open] ::-p-text(Мне есть 18 лет)');
    expect(await page.$eval('dialog[open] h2', (h) => h.textContent)).toBe(`Фильм «${adult.title}» — 18+`);
    expect(await page.$('dialog[open] [role="grid"], dialog[open] .hall')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    // «Назад» closes it; opened again, it asks again; confirmed, the hall shows.
    await page.click('dialog[open] button ::-p-text(Назад)');
    await page.waitForFunction(() => !document.querySelector('dialog[open]') && !location.search.includes('seats'));
    await page.goto(`${site.url}/films/${adult.id}?seats=${adult.sessionId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('dialog[open] ::-p-text(Мне есть 18 лет)');
    expect(gate).toBeTruthy();
    await page.click('dialog[open] button ::-p-text(Мне есть 18 лет)');
    await page.waitForSelector('dialog[open] ::-p-text(Выберите места на схеме зала)');
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('dialog[open] ::-p-text(Выберите места на схеме зала)');
    expect(await page.$('dialog[open] ::-p-text(Мне есть 18 лет)')).toBeNull();
    expect(consoleProblems(page)).toEqual([]);
    await page.close();

    // A link straight to the checkout, in a tab that has not been asked, asks the same first.
    const direct = await site.browser.newPage({ width: 390, height: 844 });
    await signInAsNewViewer(site, direct);
    await direct.goto(`${site.url}/checkout/${adult.sessionId}`, { waitUntil: 'networkidle0' });
    await direct.waitForSelector('main ::-p-text(Мне есть 18 лет)');
    expect(await direct.$('main ::-p-text(Оплатить)')).toBeNull();
    await direct.click('main button ::-p-text(Назад)');
    await direct.waitForFunction((path) => location.pathname === path, {}, `/films/${adult.id}`);
    await direct.close();
  });
});
