/**
 * The reports page as a manager uses it at 1366 px: the last 30 days by day (table, totals, chart), a date
 * being retyped is not applied, another grouping, and the XLSX download read back with exceljs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESOURCES, toCinemaDate } from '@kino/backend/contract';
import { buildOrder, buildSession, buildTicket, buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import ExcelJS from 'exceljs';
import type { BrowserContext } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { browserPage, setValue, signIn } from './support/staff';

const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-reports-'));

describe('the reports page', () => {
  let site: TestSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.close();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  it('shows the period’s sales by day with a chart, keeps the table while a date is retyped, groups by method and exports XLSX', async () => {
    const { db } = site.ctx;
    const manager = await buildUser(db, { role: 'manager' });
    // A session earlier in the last 30 days with a till sale for cash (odd kopecks) and an online sale.
    const session = await buildSession(db, { startsInMinutes: -24 * 60, price: 500 });
    const cash = await buildOrder(db, {
      sessionId: session.id,
      channel: 'box_office',
      paymentMethod: 'cash',
      soldBy: manager.id,
      userId: null,
      totalKopecks: 35_050,
    });
    await buildTicket(db, { orderId: cash.id, sessionId: session.id, userId: null, priceKopecks: 35_050 });
    await buildTicket(db, { sessionId: session.id, seatNumber: 'r1m2', priceKopecks: 50_000 });

    const page = await browserPage(site, contexts, { width: 1366, height: 800, downloadPath: downloads });
    await signIn(site, page, manager.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);
    await (await page.waitForSelector(`nav a[href$="/${RESOURCES.reports.path}"]`))!.click();
    // The dashboard's own heading stands until the reports page replaces it.
    await page.waitForSelector('::-p-xpath(//main//h1[normalize-space()="Отчёты"])');

    const day = toCinemaDate(session.startTime);
    const dayLabel = `${day.slice(8)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
    const dayRow = await page.waitForSelector(`::-p-xpath(//tbody/tr[th[normalize-space()="${dayLabel}"]])`);
    const cells = await dayRow!.$$eval('td', (tds) => tds.map((td) => td.textContent!.replace(/\s/g, ' ')));
    expect(cells.slice(0, 2)).toEqual(['2', '850,50 ₽']);
    expect(await page.$('canvas[role=img][aria-label^="Выручка по дням"]')).not.toBeNull();
    // It fits the staff screen: nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    // A year typed digit by digit is not applied: the field keeps it, the table stays as it was.
    const [from, to] = await page.$$('form[aria-label="Период и группировка"] input[type=date]');
    const fromId = await from!.evaluate((el) => el.id);
    const toId = await to!.evaluate((el) => el.id);
    const firstDay = await from!.evaluate((el) => (el as HTMLInputElement).value);
    await setValue(page, `[id="${fromId}"]`, '0002-01-01');
    expect(await from!.evaluate((el) => (el as HTMLInputElement).value)).toBe('0002-01-01');
    expect(await page.$(`::-p-xpath(//tbody/tr[th[normalize-space()="${dayLabel}"]])`)).not.toBeNull();
    await setValue(page, `[id="${fromId}"]`, firstDay);
    // A period ending before it starts is named, and not asked for.
    await setValue(page, `[id="${toId}"]`, '2001-01-01');
    await page.waitForSelector('::-p-text(Конец периода раньше начала)');
    await setValue(page, `[id="${toId}"]`, toCinemaDate(new Date()));
    await page.waitForSelector(`::-p-xpath(//tbody/tr[th[normalize-space()="${dayLabel}"]])`);

    await page.locator('form[aria-label="Период и группировка"] select').fill('method');
    const cashRow = await page.waitForSelector('::-p-xpath(//tbody/tr[th[normalize-space()="Наличные"]])');
    expect(await cashRow!.$$eval('td', (tds) => tds[1]!.textContent!.replace(/\s/g, ' '))).toBe('350,50 ₽');
    expect(await page.$('canvas[role=img]')).toBeNull();

    await page.locator('::-p-text(Скачать XLSX)').click();
    const file = await waitForFile(downloads, /^sales_method_.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows = (workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows).toContainEqual(['Наличные', 1, 350.5, 0, 0, 350.5, 350.5]);
    expect(page.errors).toEqual([]);
  });
});

async function waitForFile(dir: string, name: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = fs.readdirSync(dir).find((f) => name.test(f));
    if (found) return path.join(dir, found);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no download matching ${name}`);
}
