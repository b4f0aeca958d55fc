/** A person at the site in a browser profile of their own: opened, signed in through /login as people do. */
import { DEMO_PASSWORD } from '@kino/backend/seed';
import { buildSignedInUser } from '@kino/backend/testing/factories';
import type { BrowserContext, Page } from 'puppeteer-core';
import { answerCookieNotice, waitsForTheApp } from './browser';
import type { TestSite } from './site';

export type WatchedPage = Page & { errors: string[] };

export interface PageOptions {
  width?: number;
  height?: number;
  /** Where the profile's downloads go (none allowed without it). */
  downloadPath?: string;
}

/** A page in a new browser profile (its own local storage), page errors collected; the profile closes with `contexts`. */
export async function browserPage(
  site: TestSite,
  contexts: BrowserContext[],
  { width = 1280, height = 900, downloadPath }: PageOptions = {},
): Promise<WatchedPage> {
  const context = await site.browser.browser.createBrowserContext(
    downloadPath ? { downloadBehavior: { policy: 'allow', downloadPath } } : {},
  );
  contexts.push(context);
  const page = waitsForTheApp((await context.newPage()) as WatchedPage);
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(String(err)));
  await page.setViewport({ width, height });
  await answerCookieNotice(page);
  return page;
}

/** Signs in through the /login form. */
export async function signIn(site: TestSite, page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${site.url}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForSelector('header button[aria-label^="Меню пользователя"]');
}

/** Signs a new viewer in without the form: their token and profile put where the site keeps them. */
export async function signInAsNewViewer(site: TestSite, page: Page) {
  const { user, token } = await buildSignedInUser(site.ctx);
  await page.goto(site.url);
  await page.evaluate(
    (t, u) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    token,
    JSON.stringify({ id: user.id, fio: user.fio, email: user.email, role: user.role, avatar: null, provider: 'youth' }),
  );
  return user;
}

/** Sets a controlled input's value as typing would (date and time pickers included). */
export async function setValue(page: Page, selector: string, value: string) {
  await page.$eval(
    selector,
    (input, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}
