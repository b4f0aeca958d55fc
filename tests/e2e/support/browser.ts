/**
 * Chromium for browser tests: the system binary (CHROMIUM_PATH, default /usr/bin/chromium) with a
 * fresh profile, no background networking, driven by puppeteer-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

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

export interface TestBrowser {
  browser: Browser;
  /** A new page with a phone-or-desktop viewport; console errors are collected in `errors`, warnings in `warnings`. */
  newPage(options?: { width?: number; height?: number }): Promise<Page & { errors: string[]; warnings: string[] }>;
  close(): Promise<void>;
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
    async newPage({ width = 1280, height = 900 } = {}) {
      const page = (await browser.newPage()) as Page & { errors: string[]; warnings: string[] };
      page.errors = [];
      page.warnings = [];
      page.on('pageerror', (err) => page.errors.push(String(err)));
      page.on('console', (msg) => {
        if (msg.type() === 'error') page.errors.push(msg.text());
        if (msg.type() === 'warn') page.warnings.push(msg.text());
      });
      await page.setViewport({ width, height });
      return page;
    },
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
