/**
 * The viewer's data in the browser: the cookie notice on a first visit (nothing but the necessary stored, the map
 * waiting for a yes), the documents' pages, registration with the consent boxes, and the profile's consents,
 * data export and account deletion — each page axe-clean.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@kino/backend/db';
import { buildFilm, buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { consoleProblems, type Page } from './support/browser';
import { startSite, type TestSite } from './support/site';

const click = async (page: Page, name: string) => (await page.waitForSelector(`::-p-aria(${name})`))!.click();
async function fill(page: Page, label: string, value: string) {
  const field = await page.waitForSelector(`::-p-aria(${label})`);
  await field!.click({ count: 3 });
  await field!.type(value);
}
const waitForPath = (page: Page, path: string) => page.waitForFunction((p) => location.pathname === p, {}, path);
const storedKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
    cookies: document.cookie,
  }));
const MAP = 'iframe[title="Карта расположения кинотеатра"]';

describe('the viewer’s data in the browser', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
    // The home page shows the cinema's contacts and map.
    await buildSession(site.ctx.db, { filmId: (await buildFilm(site.ctx.db, { isRent: 1 })).id });
  });
  afterAll(() => site.close());

  it('asks about cookies on the first visit, stores only the necessary until then, and loads the map after a yes', async () => {
    const page = await site.browser.newPage({ width: 390, height: 844, cookieNotice: true });
    await page.goto(site.url, { waitUntil: 'networkidle0' });
    const notice = await page.waitForSelector('section[aria-labelledby="cookie-notice-title"]');
    expect(await notice!.evaluate((el) => el.textContent)).toContain('Карта Яндекса');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing stored, no cookie, and no third-party map before an answer: the map waits behind its button.
    expect(await storedKeys(page)).toEqual({ local: [], session: [], cookies: '' });
    expect(await page.$(MAP)).toBeNull();
    await page.waitForSelector('::-p-aria(Показать карту)');

    await click(page, 'Только необходимые');
    await page.waitForSelector('section[aria-labelledby="cookie-notice-title"]', { hidden: true });
    expect((await storedKeys(page)).local).toEqual(['kino:cookie-consent']);
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await page.$('section[aria-labelledby="cookie-notice-title"]')).toBeNull();
    expect(await page.$(MAP)).toBeNull();
    // On click, the map loads for this visit.
    await click(page, 'Показать карту');
    await page.waitForSelector(MAP);

    // The footer reopens the notice; accepting everything loads the map with the page from then on.
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await page.$(MAP)).toBeNull();
    await click(page, 'Настройки cookie');
    await click(page, 'Принять все');
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector(MAP);
    expect(await page.$('section[aria-labelledby="cookie-notice-title"]')).toBeNull();
    expect(consoleProblems(page)).toEqual([]);
    await page.close();
  });

  it('publishes the documents server-rendered, linked from the footer; the admin’s edit shows as a new version', async () => {
    // Rendered on the server: the text is in the HTML itself.
    const html = await (await fetch(`${site.url}/documents/personal-data-consent`)).text();
    expect(html).toContain('Черновик для юриста кинотеатра');
    expect(html).toContain('Согласие на обработку персональных данных');

    const page = await site.browser.newPage();
    await page.goto(site.url, { waitUntil: 'networkidle0' });
    await click(page, 'Политика обработки персональных данных');
    await waitForPath(page, '/documents/privacy-policy');
    await page.waitForSelector('main h1::-p-text(Политика обработки персональных данных)');
    expect(await axeViolations(page)).toEqual([]);

    const { user, token } = await buildSignedInUser(site.ctx, { role: 'admin', fio: 'Админ Сайта' });
    const admin = await site.browser.newPage();
    await admin.goto(site.url);
    await admin.evaluate(
      (t, u) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      token,
      JSON.stringify({ id: user.id, fio: user.fio, email: user.email, role: 'admin', avatar: null, provider: 'youth' }),
    );
    await admin.goto(`${site.url}/admin/dashboard/documents`, { waitUntil: 'networkidle0' });
    await click(admin, 'Редактировать: Правила посещения');
    await admin.waitForSelector('::-p-text(Действующая редакция — 1)');
    expect(await axeViolations(admin)).toEqual([]);
    const text = await admin.waitForSelector('::-p-aria(Текст (Markdown))');
    await text!.evaluate((el) => {
      (el as HTMLTextAreaElement).select();
    });
    await text!.type('# Вход\n\nВход в зал — за **20 минут** до начала.');
    await click(admin, 'Опубликовать новую редакцию');
    await admin.waitForSelector('::-p-text(Действующая редакция — 2)');

    await page.goto(`${site.url}/documents/rules`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Редакция 2)');
    expect(await page.$eval('main article strong', (el) => el.textContent)).toBe('20 минут');
    expect(consoleProblems(page)).toEqual([]);
    await Promise.all([page.close(), admin.close()]);
  });

  it('registers with the consent boxes, unticked until the viewer ticks them, and records both consents', async () => {
    const page = await site.browser.newPage({ width: 390, height: 844 });
    await page.goto(`${site.url}/register`, { waitUntil: 'networkidle0' });
    await fill(page, 'Электронная почта', 'data.owner@example.test');
    await fill(page, 'Имя или никнейм', 'Дарья Данных');
    await fill(page, 'Пароль', 'my data password');
    await fill(page, 'Повторите пароль', 'my data password');
    await page.$eval('input[type=date]', (input) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '1996-06-06');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // Both boxes start unticked; without the consent the form says what is missing.
    expect(
      await page.$$eval('input[type=checkbox]', (boxes) => boxes.map((b) => (b as HTMLInputElement).checked)),
    ).toEqual([false, false]);
    await click(page, 'Зарегистрироваться');
    await page.waitForSelector('::-p-text(Нужно согласие на обработку персональных данных)');
    expect(await axeViolations(page)).toEqual([]);
    await click(page, 'Я даю согласие на обработку персональных данных');
    await click(page, 'Хочу получать письма о премьерах и акциях (необязательно)');
    await click(page, 'Зарегистрироваться');
    await waitForPath(page, '/login');
    const signedIn = await site.call('POST /authenticate', {
      body: { email: 'data.owner@example.test', password: 'my data password' },
    });
    const consents = await site.call('GET /profile/consents', {}, signedIn.body.token);
    expect(consents.body).toMatchObject({ personal_data: true, marketing: true });
    expect(consoleProblems(page)).toEqual([]);
    await page.close();
  });

  it('shows the consents, downloads the data, withdraws marketing and deletes the account from the profile', async () => {
    const email = 'profile.owner@example.test';
    const registered = await site.call('POST /register', {
      body: {
        email,
        password: 'my data password',
        fio: 'Дарья Данных',
        birthday: '1996-06-06',
        personal_data_consent: true,
        marketing_consent: true,
      },
    });
    expect(registered.status).toBe(200);
    const { token, user } = (await site.call('POST /authenticate', { body: { email, password: 'my data password' } }))
      .body;
    const page = await site.browser.newPage({ width: 390, height: 844 });
    await page.goto(site.url);
    await page.evaluate(
      (t, u) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', u);
      },
      token,
      JSON.stringify(user),
    );
    await page.goto(`${site.url}/profile`, { waitUntil: 'networkidle0' });
    await click(page, 'Мои данные и согласия');
    await waitForPath(page, '/profile/privacy');
    await page.waitForSelector('::-p-text(«Согласие на обработку персональных данных», редакция)');
    expect(await axeViolations(page)).toEqual([]);

    // The file lands where the browser saves downloads, as the viewer gets it.
    const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-export-'));
    const cdp = await site.browser.browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await click(page, 'Скачать мои данные');
    const file = path.join(downloads, 'kino-my-data.json');
    await expect.poll(() => fs.existsSync(file), { timeout: 10_000 }).toBe(true);
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { profile: { email: string }; consents: unknown[] };
    fs.rmSync(downloads, { recursive: true, force: true });
    expect(data.profile.email).toBe(email);
    expect(data.consents).toHaveLength(2);

    const marketing = await page.waitForSelector('::-p-aria(Получать рекламную рассылку о премьерах и акциях)');
    expect(await marketing!.evaluate((el) => (el as HTMLInputElement).checked)).toBe(true);
    // By keyboard, as a screen-reader user would toggle it.
    await marketing!.focus();
    await page.keyboard.press('Space');
    await page.waitForSelector('::-p-text(письма больше не придут)');
    const [row] = await site.ctx.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(row!.marketingConsent).toBe(false);

    await fill(page, 'Пароль для подтверждения', 'not my password');
    await click(page, 'Удалить аккаунт[role="button"]');
    await page.waitForSelector('::-p-text(Неверный пароль)');
    await fill(page, 'Пароль для подтверждения', 'my data password');
    await click(page, 'Удалить аккаунт[role="button"]');
    await waitForPath(page, '/');
    await page.waitForSelector('header a[href="/register"]');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const again = await site.call('POST /authenticate', { body: { email, password: 'my data password' } });
    expect(again.status).toBe(401);
    // The one wrong password is the only failed request.
    expect(consoleProblems(page)).toEqual([expect.stringContaining('400')]);
    await page.close();
  });
});
