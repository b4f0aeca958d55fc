import { cinemaNow } from '@kino/backend/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce } from '@kino/backend/effects';
import { consoleProblems } from './support/browser';
import { insertPublicData, type PublicData } from './support/public-data';
import { startSite, type TestSite } from './support/site';

const dayMonth = (date: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );

describe('public site', () => {
  let site: TestSite;
  let data: PublicData;
  beforeAll(async () => {
    site = await startSite();
    data = await insertPublicData(site.ctx);
  });
  afterAll(() => site.close());

  it('takes a guest from the home page through a date and a film to an actor', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.url, { waitUntil: 'networkidle0' });

    // The banner shows the newest film in rental with its promo image.
    const banner = await page.waitForSelector('a ::-p-text(Уже в кино)');
    expect(await banner!.evaluate((el) => el.closest('a')!.getAttribute('href'))).toBe(
      `/films/${data.tomorrowFilm.id}`,
    );
    const newFilms = await page.$eval('a[href="/films/new"]', (a) => a.textContent);
    expect(newFilms).toBe('Новинки >');

    // Today is chosen: its film is listed, the started session is disabled, the evening one is not.
    const schedule = await page.waitForSelector('#schedule ::-p-aria([role="group"][name="Дата сеанса"])');
    const pressed = await schedule!.$$eval('button', (bs) =>
      bs.map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    );
    expect(pressed[0]).toEqual([`Сегодня, ${dayMonth(cinemaNow())}`, 'true']);
    expect(pressed[1]?.[0]).toBe(`Завтра, ${dayMonth(data.tomorrow)}`);
    const todayTitles = await page.$$eval('#schedule article h3', (hs) => hs.map((h) => h.textContent));
    expect(todayTitles).toEqual([data.film.title]);
    const times = await page.$$eval('#schedule article li button', (bs) =>
      bs.map((b) => (b as HTMLButtonElement).disabled),
    );
    expect(times.at(-1)).toBe(false);
    if (times.length > 1) expect(times[0]).toBe(true);

    // Tomorrow: both films, each with tomorrow's times only.
    await page.locator(`#schedule ::-p-text(${dayMonth(data.tomorrow)})`).click();
    await page.waitForFunction(() => document.querySelectorAll('#schedule article').length === 2);
    const tomorrow = await page.$$eval('#schedule article', (cards) =>
      cards.map((c) => [
        c.querySelector('h3')?.textContent,
        Array.from(c.querySelectorAll('li button')).map((b) => b.firstChild?.textContent),
      ]),
    );
    expect(tomorrow).toEqual([
      [data.tomorrowFilm.title, ['12:00']],
      [data.film.title, ['19:30']],
    ]);

    // The film's page.
    await page.locator(`#schedule a[href="/films/${data.film.id}"]`).click();
    await page.waitForFunction(
      (title) => document.querySelector('main h1')?.textContent === title,
      {},
      data.film.title,
    );
    expect(await page.$eval('[data-rating]', (el) => el.getAttribute('data-rating'))).toBe('good');
    // The trailer's player loads when asked for: a 315 px play button first, then the embed.
    expect(consoleProblems(page)).toEqual([]);
    const play = page.locator(`::-p-aria(Смотреть: Трейлер «${data.film.title}»)`);
    expect(await play.map((b) => b.getBoundingClientRect().height).wait()).toBe(315);
    await play.click();
    const player = await page.waitForSelector('iframe[title^="Трейлер"]');
    expect(await player!.evaluate((f) => [f.getAttribute('src'), f.getAttribute('height')])).toEqual([
      'https://www.youtube-nocookie.com/embed/n9xhJrPXop4?autoplay=1',
      '315',
    ]);
    // The player's own requests fail here (no internet on the test machine): not the site's errors.
    page.errors.length = 0;
    page.warnings.length = 0;

    // On to the actor.
    await page.locator(`a[href="/persons/${data.actor.id}"]`).click();
    await page.waitForFunction((fio) => document.querySelector('main h1')?.textContent === fio, {}, data.actor.fio);
    const facts = await page.$eval('main dl', (dl) => dl.textContent);
    expect(facts).toMatch(/8 марта 1996 г\. \(\d+ (год|года|лет)\)/);
    expect(facts).toContain('Санкт-Петербург, Россия');
    expect(await page.$$eval('main a[href^="/films/"]', (as) => as.length)).toBe(2);

    // Nothing the home page did not need was loaded: no lightbox before it was asked for.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scripts.some((s) => s.includes('lightbox-view'))).toBe(false);
    expect(consoleProblems(page)).toEqual([]);
    await page.close();
  });

  it('opens a poster in the viewer with the title as its caption, and closes it with Escape', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.url, { waitUntil: 'networkidle0' });
    await page.locator(`#schedule ::-p-aria(Открыть постер «${data.film.title}»)`).click();
    const dialog = await page.waitForSelector('[role="dialog"][aria-modal="true"]');
    await page.waitForFunction(
      (title) => document.querySelector('[role="dialog"]')?.textContent?.includes(title),
      {},
      data.film.title,
    );
    expect(
      await dialog!.$$eval('button', (bs) => bs.map((b) => b.getAttribute('title') ?? b.getAttribute('aria-label'))),
    ).toEqual(expect.arrayContaining(['Слайд-шоу', 'Скачать', 'Закрыть']));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    await page.close();
  });

  it('works on a 375 px phone with the keyboard alone', async () => {
    const page = await site.browser.newPage({ width: 375, height: 740 });
    await page.goto(site.url, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#schedule article');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Tab to tomorrow's date button and press it.
    const target = `Завтра, ${dayMonth(data.tomorrow)}`;
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === target) break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(target);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#schedule article').length === 2);

    for (const path of [`/films/${data.film.id}`, `/persons/${data.actor.id}`, '/films', '/news', '/stocks']) {
      await page.goto(site.url + path, { waitUntil: 'networkidle0' });
      await page.waitForSelector('main h1');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await page.close();
  });

  it('says so when a film or person does not exist', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/films/987654`, { waitUntil: 'networkidle0' });
    expect(await page.$eval('main h1', (h) => h.textContent)).toBe('Фильм не найден');
    await page.goto(`${site.url}/persons/abc`, { waitUntil: 'networkidle0' });
    expect(await page.$eval('main h1', (h) => h.textContent)).toBe('Персона не найдена');
    await page.close();
  });
});

describe('public site with nothing on', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  // Its database is closed on purpose, so closing it again fails.
  afterAll(() => site.close().catch(() => undefined));

  it("shows the banner's empty and error states and the empty schedule", async () => {
    const page = await site.browser.newPage();
    await page.goto(site.url, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Баннер недоступен)');
    await page.waitForSelector('#schedule ::-p-text(Сеансов пока нет)');
    expect(await page.$eval('#new-films-title + *', (el) => el.textContent)).toBe('Кажется, здесь пусто...');

    // The database goes away: the banner (no longer cached) fails and says so.
    await announce(site.ctx, [{ what: 'films', ids: [] }]);
    await site.ctx.database.close();
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('[role="alert"] ::-p-text(Не удалось загрузить баннер)', { timeout: 20_000 });
    await page.close();
  });
});
