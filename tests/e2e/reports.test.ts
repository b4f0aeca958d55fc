/**
 * The reports page as a manager uses it at 1366 px: the last 30 days by day (table, totals, chart), a date
 * being retyped is not applied, another grouping, and the XLSX download read back with exceljs; the
 * distributor's week (week and film picked, the table, the PDF and the XLSX read back); today's row moving
 * while the page stays open when a ticket is sold and refunded at the till; the dashboard's ЕАИС alert.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, distributionWeekOf, fromCinemaTime, RESOURCES, toCinemaDate } from '@kino/backend/contract';
import {
  buildFilm,
  buildOrder,
  buildSession,
  buildSignedInUser,
  buildTicket,
  buildUser,
  TEST_PASSWORD,
} from '@kino/backend/testing/factories';
import { pdfText } from '@kino/backend/testing/pdf';
import { recordEaisOperations } from '@kino/backend/modules/eais';
import ExcelJS from 'exceljs';
import type { BrowserContext } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { minutesLaterToday } from './support/clock';
import { startSite, type TestSite } from './support/site';
import { browserPage, setValue, signIn } from './support/staff';
import { until } from '@kino/backend/testing/wait';

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

  it('gives the distributor’s week: any day picks its Thursday, a film shown that week, the table, PDF and XLSX', async () => {
    const { db } = site.ctx;
    const manager = await buildUser(db, { role: 'manager' });
    const film = await buildFilm(db, { title: 'Солярис', puNumber: '111000172' });
    // Next week's Friday: a till sale for cash (odd kopecks) and an online one.
    const week = addDays(distributionWeekOf(toCinemaDate(new Date())), 7);
    const friday = addDays(week, 1);
    const session = await buildSession(db, { filmId: film.id, startTime: fromCinemaTime(`${friday} 19:00`) });
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
    await page.goto(`${site.url}/admin/dashboard/${RESOURCES.reports.path}`);
    const form = 'form[aria-label="Фильм и прокатная неделя"]';
    await page.waitForSelector(`${form} input[type=date]`);
    const printed = (date: string) => `${date.slice(8)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

    // A Saturday typed in the week field picks its week: the field shows the Thursday, the note the whole week.
    await setValue(page, `${form} input[type=date]`, addDays(week, 2));
    await page.waitForSelector(`::-p-text(Неделя: чт, ${printed(week)} — ср, ${printed(addDays(week, 6))})`);
    expect(await page.$eval(`${form} input[type=date]`, (el) => (el as HTMLInputElement).value)).toBe(week);

    // The films shown that week; this one picked.
    const select = await page.waitForSelector(`${form} ::-p-xpath(.//option[normalize-space()="Солярис"]/..)`);
    await select!.select(String(film.id));
    await page.waitForSelector('::-p-xpath(//caption[contains(., "Солярис") and contains(., "111000172")])');
    const table = 'div[role=region][aria-label="Отчёт прокатчику по дням"]';
    const fridayRow = await page.waitForSelector(
      `${table} ::-p-xpath(.//tbody/tr[th[normalize-space()="пт, ${printed(friday)}"]])`,
    );
    const cells = await fridayRow!.$$eval('td', (tds) => tds.map((td) => td.textContent!.replace(/\s/g, ' ')));
    expect(cells).toEqual(['1', '2', '850,50 ₽']);
    expect(await page.$$eval(`${table} tbody tr`, (rows) => rows.length)).toBe(7);
    const total = await page.$eval(`${table} tfoot tr`, (tr) => tr.textContent!.replace(/\s/g, ' '));
    expect(total).toBe('Итого12850,50 ₽');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);

    await page.locator(`${form} ::-p-text(Скачать PDF)`).click();
    const pdf = await waitForFile(downloads, new RegExp(`^distributor_film-${film.id}_${week}\\.pdf$`));
    const text = await pdfText(fs.readFileSync(pdf));
    expect(text).toContain('Фильм: Солярис');
    expect(text).toContain('Прокатное удостоверение: 111000172');
    expect(text).toContain(`пт, ${printed(friday)} 1 2 850,50`);
    await page.locator(`${form} ::-p-text(Скачать XLSX)`).click();
    const xlsx = await waitForFile(downloads, new RegExp(`^distributor_film-${film.id}_${week}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    const rows = (workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows).toContainEqual([friday, 1, 2, 850.5]);
    expect(rows.at(-1)).toEqual(['Итого', 1, 2, 850.5]);

    // A week without its sessions says so.
    await page.locator(`${form} button[aria-label="Следующая неделя"]`).click();
    await page.waitForSelector('::-p-text(На этой неделе сеансов не было)');
    expect(page.errors).toEqual([]);
  });

  it('moves today’s row while the page stays open when a ticket is sold and refunded at the till', async () => {
    const { db } = site.ctx;
    const manager = await buildUser(db, { role: 'manager' });
    const session = await buildSession(db, { startsInMinutes: minutesLaterToday(180), price: 450 });
    const today = toCinemaDate(session.startTime);
    const page = await browserPage(site, contexts, { width: 1366, height: 800 });
    await signIn(site, page, manager.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/${RESOURCES.reports.path}`);
    const todayRow = `::-p-xpath(//div[@aria-label="Таблица продаж"]//tbody/tr[th[normalize-space()="${today.slice(8)}.${today.slice(5, 7)}.${today.slice(0, 4)}"]])`;
    const cellsOfToday = () =>
      page.$eval(todayRow, (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.replace(/\s/g, ' ')));
    await page.waitForSelector(todayRow);
    const before = await cellsOfToday();
    // The page is never reloaded: this mark would be gone.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    // A cashier sells a ticket for cash at the till, through the API.
    const cashier = await buildSignedInUser(site.ctx, { role: 'cashier' });
    const shift = await site.call('POST /shifts/open', { body: { float: 0, till: 'Касса отчётов' } }, cashier.token);
    expect(shift.status).toBe(201);
    const sale = await site.call(
      'POST /till/orders',
      { body: { schedule_id: session.id, lines: [{ seat_number: 'r4m4' }], method: 'cash', given: 450 } },
      cashier.token,
    );
    expect(sale.status).toBe(201);
    const sold = Number(before[0]) + 1;
    const waitForCell = (index: number, value: string) =>
      vi.waitFor(async () => expect((await cellsOfToday())[index]).toBe(value), { timeout: 10_000, interval: 100 });
    await waitForCell(0, String(sold));
    // Refunded at the counter: the refunds column follows.
    const refund = await site.call(
      'POST /till/refunds',
      { body: { ticket_id: sale.body.tickets[0]!.id } },
      cashier.token,
    );
    expect(refund.status).toBe(200);
    const refunds = Number(before[2]) + 1;
    await waitForCell(2, String(refunds));
    expect((await cellsOfToday())[0]).toBe(String(sold));
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('shows the ЕАИС alert on the dashboard for a sale undelivered past 45 minutes', async () => {
    const { db } = site.ctx;
    const admin = await buildUser(db, { role: 'admin' });
    const film = await buildFilm(db, { title: 'Андрей Рублёв', puNumber: '111000166' });
    const session = await buildSession(db, { filmId: film.id, startsInMinutes: 600 });
    const order = await buildOrder(db, { sessionId: session.id, paidAt: new Date(Date.now() - 2 * 3600_000) });
    const ticket = await buildTicket(db, { orderId: order.id, sessionId: session.id, seatNumber: 'r9m9' });
    // Its row in the ЕАИС ledger, as the sale wrote it, never delivered.
    await recordEaisOperations(db, 'sale', [{ ticketId: ticket.id, sessionId: session.id }], order.paidAt!);

    const page = await browserPage(site, contexts, { width: 1366, height: 800 });
    await signIn(site, page, admin.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);
    await page.waitForSelector('section[aria-labelledby="eais-title"] ::-p-text(Не переданы в ЕАИС продажи сеансов)');
    const item = await page.waitForSelector(
      '::-p-xpath(//ul[@aria-label="Сеансы, не переданные в ЕАИС"]/li[contains(., "Андрей Рублёв")])',
    );
    expect(await item!.evaluate((li) => li.textContent)).toMatch(/Не передано: 1 операция.*просрочено/);
    expect(page.errors).toEqual([]);
  });
});

async function waitForFile(dir: string, name: RegExp): Promise<string> {
  const found = () => fs.readdirSync(dir).find((f) => name.test(f));
  await until(() => found() !== undefined, 10_000, `no download matching ${name}`);
  return path.join(dir, found()!);
}
