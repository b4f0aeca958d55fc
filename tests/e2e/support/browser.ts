/**
 * Chromium for browser tests: the system binary (CHROMIUM_PATH, default /usr/bin/chromium) with a
 * fresh profile, no background networking, driven by puppeteer-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CLOCK_SHIFT_MS, clockScript } from './clock';

export type { Browser, Page };

/** How the system Chromium runs in tests and benchmarks: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--lang=ru-RU',
];

/** A page whose console is watched: page errors and console errors in `errors`, console warnings in `warnings`. */
export type WatchedPage = Page & { errors: string[]; warnings: string[] };

/** Starts collecting the page's uncaught errors, console errors and console warnings. */
export function watchConsole<P extends Page>(page: P): P & WatchedPage {
  const watched = page as P & WatchedPage;
  watched.errors = [];
  watched.warnings = [];
  page.on('pageerror', (err) => watched.errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') watched.errors.push(msg.text());
    if (msg.type() === 'warn') watched.warnings.push(msg.text());
  });
  return watched;
}

/**
 * What a clean console must not show: every error and warning of a watched page, less the failed requests
 * to hosts outside the test machine (the map frame, a video player), which no test can reach. A browser
 * test expects it empty: `expect(consoleProblems(page)).toEqual([])`.
 */
export const consoleProblems = (page: WatchedPage): string[] =>
  [...page.errors, ...page.warnings].filter(
    (line) =>
      !line.includes('ERR_NAME_NOT_RESOLVED') &&
      // Chrome's own line when the app closes a socket still connecting (signing out, leaving the page while the
      // live connection is being made): the client's choice, not a failure.
      !line.includes('WebSocket is closed before the connection is established'),
  );

/**
 * Answers the first visit's cookie notice before the site loads ('Только необходимые', as a viewer who wants the
 * least would), so a test of something else finds no notice over its page's lower edge. A test of the notice
 * itself opens its page with `cookieNotice: true`.
 */
export async function answerCookieNotice(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    try {
      const key = 'kino:cookie-consent';
      if (!localStorage.getItem(key))
        localStorage.setItem(key, JSON.stringify({ choice: 'necessary', at: Date.now() }));
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  });
}

export interface TestBrowser {
  browser: Browser;
  /**
   * A new page with a phone-or-desktop viewport; console errors are collected in `errors`, warnings in
   * `warnings`. The cookie notice is answered unless `cookieNotice` (answerCookieNotice).
   */
  newPage(options?: { width?: number; height?: number; cookieNotice?: boolean }): Promise<WatchedPage>;
  close(): Promise<void>;
}

/**
 * Until React has a root on the page's #root (it marks its container when hydrateRoot or createRoot runs; from
 * then on a tap on a part still hydrating is replayed). Pages without the app (a PDF, the API docs) and pages
 * opened with JavaScript off are ready as they load.
 */
async function untilLive(page: Page): Promise<void> {
  if (!page.isJavaScriptEnabled()) return;
  // A string: this module is also compiled without the DOM's types (the benchmarks import CHROMIUM_ARGS).
  await page.waitForFunction(
    `(() => { const root = document.getElementById('root'); return !root || Object.keys(root).some((key) => key.startsWith('__reactContainer$')); })()`,
  );
}

/**
 * A page rendered on the server loads its app after it has painted (frontend/public/paint-first.js): on a page
 * made by this, `goto` and `reload` resolve once the app has taken over, as a viewer's taps work only then.
 * Every test page gets it (newPage here; the pages of other browser contexts call it themselves), and with
 * it the test's clock.
 */
export function waitsForTheApp<P extends Page>(page: P): P {
  // The page's clock is the test's (support/clock.ts), from its first document on.
  const clocked = CLOCK_SHIFT_MS ? page.evaluateOnNewDocument(clockScript()) : undefined;
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    await clocked;
    const response = await goto(url, options);
    await untilLive(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await untilLive(page);
    return response;
  };
  return page;
}

/** `args`: Chromium flags beyond CHROMIUM_ARGS (e.g. a fake camera). */
export async function launchBrowser({ args = [] }: { args?: string[] } = {}): Promise<TestBrowser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir,
    args: [...CHROMIUM_ARGS, ...args],
  });
  return {
    browser,
    async newPage({ width = 1280, height = 900, cookieNotice = false } = {}) {
      const page = watchConsole(await browser.newPage());
      await page.setViewport({ width, height });
      if (!cookieNotice) await answerCookieNotice(page);
      return waitsForTheApp(page);
    },
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
