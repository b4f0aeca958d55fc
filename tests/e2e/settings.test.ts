/**
 * The cinema's details as settings, in the browser: the admin renames the cinema on its settings screen (a bad
 * ИНН refused beside its field) and the public home page, its title and its structured data say the new name at
 * the next request; a production deployment's first start shows no made-up cinema, only that the site opens
 * soon, until the admin, signed in, fills the setup form. axe finds nothing on the screens.
 */
import { DEMO_CINEMA } from '@kino/backend/seed/data/cinema';
import { buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { jsonLdOf } from './support/structured-data';
import { startSite, type TestSite } from './support/site';
import { browserPage, signIn } from './support/staff';

/** Replaces a field's text as a person does: select all, type. */
async function retype(page: Page, selector: string, text: string) {
  await page.locator(selector).click({ count: 3 });
  await page.keyboard.press('Backspace');
  if (text) await page.type(selector, text);
}

/** The error shown under a field, by its name. */
const errorOf = (page: Page, name: string) =>
  page.$eval(`[name="${name}"]`, (input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').find((text) => text) ?? null;
  });

const theaterOf = (html: string) => jsonLdOf(html).find((item) => item['@type'] === 'MovieTheater');

describe('the cinema’s settings screen', () => {
  let site: TestSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await site?.close();
  });

  it('renames the cinema: the home page, its title and its MovieTheater say the new name at the next request', async () => {
    const before = await (await fetch(site.url)).text();
    expect(before).toContain(`<title>${DEMO_CINEMA.name}</title>`);

    const admin = await buildUser(site.ctx.db, { role: 'admin' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, admin.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/settings`);
    await page.waitForSelector('main h1::-p-text(Настройки кинотеатра)');
    expect(await page.$eval('input[name=inn]', (i) => (i as HTMLInputElement).value)).toBe(DEMO_CINEMA.inn);
    expect(await axeViolations(page)).toEqual([]);

    await retype(page, 'input[name=name]', 'Кинотеатр «Восход»');
    await retype(page, 'input[name=short_name]', 'Восход');
    await retype(page, 'input[name=inn]', '7709424241');
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('::-p-text(ИНН с ошибкой)');
    expect(await errorOf(page, 'inn')).toBe('ИНН с ошибкой: не сходится контрольная цифра');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing was sent: the site still says the old name.
    expect((await site.call('GET /settings/cinema')).body?.name).toBe(DEMO_CINEMA.name);

    await retype(page, 'input[name=inn]', DEMO_CINEMA.inn);
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('[role=status]::-p-text(Сохранено)');

    const after = await (await fetch(site.url)).text();
    expect(after).toContain('<title>Кинотеатр «Восход»</title>');
    expect(after).toContain('<meta property="og:site_name" content="Кинотеатр «Восход»" />');
    expect(after).not.toContain(DEMO_CINEMA.name);
    expect(theaterOf(after)).toMatchObject({ name: 'Кинотеатр «Восход»', telephone: DEMO_CINEMA.phone });

    // And the viewer's page in the browser: the logo, the about block and the footer.
    await page.goto(site.url);
    expect(await page.$eval('header a[aria-label$="на главную"]', (a) => a.textContent)).toBe('Восход');
    expect(await page.$eval('#about-title + p', (p) => p.textContent)).toMatch(/^Кинотеатр «Восход» — /);
    expect(await page.$eval('footer p', (p) => p.textContent)).toContain('Кинотеатр «Восход»');
    expect(page.errors).toEqual([]);
  });

  it('fits a 390 px phone with nothing for axe to find', async () => {
    const admin = await buildUser(site.ctx.db, { role: 'admin' });
    const page = await browserPage(site, contexts, { width: 390, height: 844 });
    await signIn(site, page, admin.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/settings`);
    await page.waitForSelector('main h1::-p-text(Настройки кинотеатра)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a production deployment’s first start', () => {
  let site: TestSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startSite({ NODE_ENV: 'production', PUBLIC_URL: 'https://kino.example.test' }, { cinema: false });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await site?.close();
  });

  it('shows no made-up cinema: the public pages say the site opens soon, not indexed', async () => {
    for (const path of ['/', '/films', '/news']) {
      const res = await fetch(`${site.url}${path}`);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).toContain('Сайт скоро откроется');
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).not.toContain('Ракета');
      expect(theaterOf(html), path).toBeUndefined();
    }
    const page = await browserPage(site, contexts, { width: 390, height: 844 });
    await page.goto(site.url);
    await page.waitForSelector('h1::-p-text(Сайт скоро откроется)');
    expect(await page.$('a[href="/login"]::-p-text(Вход для сотрудников)')).not.toBeNull();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lands the admin on the setup form; once saved, the site shows the cinema', async () => {
    const admin = await buildUser(site.ctx.db, { role: 'admin' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, admin.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);
    await page.waitForSelector('main h1::-p-text(Настройка кинотеатра)');
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard/settings');
    expect(await page.$eval('input[name=name]', (i) => (i as HTMLInputElement).value)).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    // Empty: every required field says what it needs, nothing is sent.
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('::-p-text(Введите название кинотеатра)');
    expect(await errorOf(page, 'inn')).toBe('Введите ИНН');

    const fields: [string, string][] = [
      ['name', 'Кинотеатр «Маяк»'],
      ['short_name', 'Маяк'],
      ['phone', '+7 (812) 300-00-01'],
      ['email', 'kassa@mayak.example'],
      ['city', 'Санкт-Петербург'],
      ['street_address', 'Невский пр., 100'],
      ['latitude', '59,9311'],
      ['longitude', '30.3609'],
      ['legal_name', 'ООО «Маяк»'],
      ['inn', '7707083893'],
      ['ogrn', '1027700132195'],
      ['legal_address', 'Санкт-Петербург, Невский пр., 100'],
    ];
    for (const [name, value] of fields) await page.type(`[name=${name}]`, value);
    await page.type('textarea[name=halls]', 'Большой зал | 2D и 3D\nМалый зал');
    await page.select('select[name=taxation]', 'osn');
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('[role=status]::-p-text(Сохранено), [role=alert]');
    expect(await page.$$eval('[role=alert], [id$=-error]', (els) => els.map((e) => e.textContent))).toEqual([]);
    expect((await site.call('GET /settings/cinema')).body).toMatchObject({
      name: 'Кинотеатр «Маяк»',
      latitude: 59.9311,
      halls: [
        { name: 'Большой зал', about: '2D и 3D' },
        { name: 'Малый зал', about: '' },
      ],
      taxation: 'osn',
    });

    const home = await (await fetch(site.url)).text();
    expect(home).toContain('<title>Кинотеатр «Маяк»</title>');
    expect(home).not.toContain('Сайт скоро откроется');
    expect(theaterOf(home)).toMatchObject({ name: 'Кинотеатр «Маяк»' });
    expect(page.errors).toEqual([]);
  });
});
