import { startFakeOAuthProvider, type FakeOAuthProvider } from '@kino/backend/testing/oauth-provider';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';
import { buildFilm, buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './support/browser';
import { startSite, type TestSite } from './support/site';

/** Types into a field found by its label, as a viewer would. */
async function fill(page: Page, label: string, value: string) {
  const field = await page.waitForSelector(`::-p-aria(${label})`);
  // In the middle of the screen: at the top edge a phone's sticky header would take the click.
  await field!.evaluate((input) => input.scrollIntoView({ block: 'center' }));
  await field!.click({ count: 3 });
  await field!.type(value);
}

/** Date inputs take their value in the browser's own format; set it as the date picker would. */
async function fillDate(page: Page, label: string, value: string) {
  const field = await page.waitForSelector(`::-p-aria(${label})`);
  await field!.evaluate((input, v) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

const click = async (page: Page, name: string) => (await page.waitForSelector(`::-p-aria(${name})`))!.click();
const waitForPath = (page: Page, path: string) => page.waitForFunction((p) => location.pathname === p, {}, path);
/** Page errors of our own: external hosts (the map frame) cannot be reached from the test machine. */
const ownErrors = (page: Page & { errors: string[] }) =>
  page.errors.filter((e) => !e.includes('ERR_NAME_NOT_RESOLVED'));
const text = (page: Page, selector: string) => page.$eval(selector, (el) => el.textContent ?? '');

describe('accounts in the browser', () => {
  let site: TestSite;
  let google: FakeOAuthProvider;
  let smtp: TestSmtp;
  let workers: RunningWorkers;
  beforeAll(async () => {
    google = await startFakeOAuthProvider('google');
    smtp = await startTestSmtp();
    site = await startSite({ ...google.env, SMTP_URL: smtp.url });
    workers = await startWorkers(site.ctx);
  });
  afterAll(async () => {
    await workers.close();
    await site.close();
    await google.close();
    await smtp.close();
  });

  it('registers, signs in, opens the avatar menu, favourites a film, writes a review and signs out', async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Фильм для отзыва' });
    const page = await site.browser.newPage({ width: 375, height: 800 });
    await page.goto(`${site.url}/register`, { waitUntil: 'networkidle0' });

    await fill(page, 'Электронная почта', 'e2e.viewer@example.test');
    await fill(page, 'Имя или никнейм', 'Вера Браузерова');
    await fill(page, 'Пароль', 'browser password');
    await fill(page, 'Повторите пароль', 'browser pasword');
    await fillDate(page, 'Дата рождения', '1998-03-08');
    await click(page, 'Зарегистрироваться');
    await page.waitForSelector('::-p-text(Пароли не совпадают)');
    await page.waitForSelector('::-p-text(Нужно согласие на обработку персональных данных)');
    expect(page.url()).toBe(`${site.url}/register`);

    await fill(page, 'Повторите пароль', 'browser password');
    await page.click('input[name=personal-data-consent]');
    await click(page, 'Зарегистрироваться');
    await waitForPath(page, '/login');
    await page.waitForSelector('::-p-text(Регистрация прошла успешно)');

    await fill(page, 'Пароль', 'browser password');
    await click(page, 'Войти[role="button"]');
    await waitForPath(page, '/');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(await page.$('header a[href="/register"]')).toBeNull();
    expect(await page.$('::-p-text(Админ-панель)')).toBeNull();

    // The menu opens on click and closes by itself once the pointer has left it.
    await click(page, 'Меню пользователя Вера Браузерова');
    await page.waitForSelector('header ::-p-aria(Профиль)');
    await page.hover('header a[aria-label$="на главную"]');
    await page.waitForSelector('header ::-p-aria(Профиль)', { hidden: true, timeout: 5000 });

    await click(page, 'Меню пользователя Вера Браузерова');
    await click(page, 'Профиль');
    await waitForPath(page, '/profile');
    await page.waitForSelector('main h1::-p-text(Вера Браузерова)');
    await page.waitForSelector('::-p-text(Нет избранных фильмов)');
    await page.waitForSelector('::-p-text(Нет избранных актеров)');
    expect(await text(page, 'main')).toContain('Пользователь');

    // The film page: the favourite toggle, then a review that appears at once and is counted.
    await page.goto(`${site.url}/films/${film.id}`, { waitUntil: 'networkidle0' });
    const favourite = await page.waitForSelector('button[aria-pressed="false"]::-p-text(В избранное)');
    await favourite!.click();
    await page.waitForSelector('button[aria-pressed="true"]::-p-text(В избранном)');
    await page.waitForSelector('::-p-text(Отзывы зрителей (0))');
    await click(page, 'Отправить отзыв');
    await page.waitForSelector('::-p-text(Выберите реакцию)');
    await page.select('select[name="type_rating"]', '1');
    await fill(page, 'Заголовок', 'Смотреть всем');
    await fill(page, 'Отзыв', 'Лучший вечер за месяц.');
    await click(page, 'Отправить отзыв');
    await page.waitForSelector('::-p-text(Отзывы зрителей (1))');
    await page.waitForSelector('article ::-p-text(Смотреть всем)');
    expect(await page.$eval('input[name="title"]', (i) => (i as HTMLInputElement).value)).toBe('');

    // Both show in the profile after a reload.
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('button[aria-pressed="true"]::-p-text(В избранном)');
    await page.goto(`${site.url}/profile`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('main ::-p-text(Фильм для отзыва)');
    await page.goto(`${site.url}/profile/reviews`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-text(Мои отзывы (1))');
    await page.waitForSelector('::-p-text(Смотреть всем)');

    await click(page, 'Меню пользователя Вера Браузерова');
    await click(page, 'Выйти');
    await page.waitForSelector('header a[href="/register"]');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    expect((await site.fetch('/api/get-token', { token: token! })).status).toBe(401);
    // A clean console: the favourite state comes from the viewer's favourites, not a liked check's 404.
    expect(ownErrors(page)).toEqual([]);
    await page.close();
  });

  it('signs in through Google after the consent step and comes back signed in; an unconfigured provider says so', async () => {
    google.signInAs({ id: '77', firstName: 'Глеб', lastName: 'Гуглов', email: 'gleb@example.test' });
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/login`, { waitUntil: 'networkidle0' });
    expect(await page.$('::-p-aria(Войти через Яндекс: не настроен)')).not.toBeNull();
    await click(page, 'Войти через Google');
    // The first sign-in stops at the consent step: no account until the box is ticked.
    await page.waitForSelector('::-p-text(Завершение регистрации)');
    await click(page, 'Продолжить');
    await page.waitForSelector('::-p-text(Нужно согласие на обработку персональных данных)');
    await page.click('input[name=personal-data-consent]');
    await click(page, 'Продолжить');
    await waitForPath(page, '/');
    await page.waitForSelector('::-p-aria(Меню пользователя Глеб Гуглов)');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).provider)).toBe('google');
    await page.close();
  });

  it('resets a forgotten password through the link in the mail', async () => {
    const user = await buildUser(site.ctx.db, { fio: 'Забывчивый Зритель' });
    const page = await site.browser.newPage({ width: 375, height: 800 });
    await page.goto(`${site.url}/login`, { waitUntil: 'networkidle0' });
    await click(page, 'Забыли пароль?');
    await fill(page, 'Электронная почта', user.email);
    await click(page, 'Отправить ссылку');
    await page.waitForSelector('::-p-text(мы отправили на него письмо)');

    const link = (await smtp.nextMail(user.email)).text!.match(/https?:\/\/\S+/)![0];
    await page.goto(link, { waitUntil: 'networkidle0' });
    await fill(page, 'Новый пароль', 'remembered at last');
    await fill(page, 'Повторите пароль', 'remembered at last');
    await click(page, 'Сохранить пароль');
    await waitForPath(page, '/login');
    await page.waitForSelector('::-p-text(Пароль изменён)');
    await fill(page, 'Электронная почта', user.email);
    await fill(page, 'Пароль', TEST_PASSWORD);
    await click(page, 'Войти[role="button"]');
    await page.waitForSelector('::-p-text(Неверная почта или пароль)');
    await fill(page, 'Пароль', 'remembered at last');
    await click(page, 'Войти[role="button"]');
    await waitForPath(page, '/');
    // The one wrong password above is the only failed request.
    expect(ownErrors(page)).toEqual([expect.stringContaining('401')]);
    await page.close();
  });
});
