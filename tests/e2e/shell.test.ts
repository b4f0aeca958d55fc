import { cinemaAddress, phoneHref } from '@kino/backend/contract';
import { DEMO_CINEMA } from '@kino/backend/seed/data/cinema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublicData } from './support/public-data';
import { startSite, type TestSite } from './support/site';

describe('site shell', () => {
  let site: TestSite;
  let dataInserted = false;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  it('shows the header, the about-the-cinema block and the footer on the home page', async () => {
    const page = await site.browser.newPage();
    await page.goto(site.url, { waitUntil: 'networkidle0' });

    const nav = await page.$$eval('header nav a', (links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(nav).toEqual([
      ['Новости', '/news'],
      ['Расписание', '/#schedule'],
      ['Акции', '/stocks'],
    ]);
    expect(await page.$eval('header a[aria-label$="на главную"]', (a) => a.getAttribute('href'))).toBe('/');
    expect(await page.$eval('header a[href="/register"]', (a) => a.textContent)).toBe('Войти');

    // The map is a third party's: with only the necessary cookies answered it loads on a click.
    await page.locator('section[aria-labelledby="about-title"] button::-p-text(Показать карту)').click();
    await page.waitForSelector('section[aria-labelledby="about-title"] iframe');
    const about = await page.$eval('section[aria-labelledby="about-title"]', (section) => ({
      title: section.querySelector('h2')?.textContent,
      address: section.querySelector(`a[href^="https://yandex.ru/maps"]`)?.textContent,
      tel: section.querySelector('a[href^="tel:"]')?.getAttribute('href'),
      map: {
        title: section.querySelector('iframe')?.getAttribute('title'),
        height: section.querySelector('iframe')?.getAttribute('height'),
        loading: section.querySelector('iframe')?.getAttribute('loading'),
      },
    }));
    expect(about).toEqual({
      title: 'О кинотеатре',
      address: cinemaAddress(DEMO_CINEMA),
      tel: phoneHref(DEMO_CINEMA.phone),
      map: { title: 'Карта расположения кинотеатра', height: '465', loading: 'lazy' },
    });

    const footer = await page.$eval('footer', (f) => ({
      text: f.querySelector('p')?.textContent,
      social: f.querySelectorAll('a[href^="https://"]').length,
    }));
    expect(footer).toEqual({ text: `© ${new Date().getFullYear()} ${DEMO_CINEMA.name}`, social: 2 });
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('scrolls to the top on navigation', async () => {
    const page = await site.browser.newPage({ width: 375, height: 600 });
    await page.goto(site.url, { waitUntil: 'networkidle0' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.click('header a[href="/news"]');
    await page.waitForFunction(() => location.pathname === '/news');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it.each([
    [1280, 800],
    [375, 700],
  ])("lands on the schedule's heading, just below the header, from another page at %i×%i", async (width, height) => {
    if (!dataInserted) {
      dataInserted = true;
      await insertPublicData(site.ctx);
    }
    const page = await site.browser.newPage({ width, height });
    await page.goto(`${site.url}/news`, { waitUntil: 'networkidle0' });
    await page.click('header a[href="/#schedule"]');
    await page.waitForSelector('#schedule h2');
    // Everything above and below the schedule has loaded (films, pictures, promotions).
    await page.waitForNetworkIdle({ idleTime: 500 });
    const { heading, header } = await page.evaluate(() => ({
      heading: document.querySelector('#schedule h2')!.getBoundingClientRect().top,
      header: document.querySelector('header')!.getBoundingClientRect().bottom,
    }));
    expect(heading).toBeGreaterThanOrEqual(header);
    expect(heading - header).toBeLessThanOrEqual(24);
    await page.close();
  });

  it('answers an unknown address with the not-found page, inside the layout', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/no-such-page`, { waitUntil: 'networkidle0' });
    expect(await page.$eval('main h1', (h) => h.textContent)).toBe('Страница не найдена');
    expect(await page.$('header nav')).not.toBeNull();
    await page.close();
  });
});
