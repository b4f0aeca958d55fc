/**
 * Shifts as staff meet them at 1366 × 768: a cashier finds their shift with sales under 'Смены' (another
 * cashier's is not there, nor reachable by its address), reads the report, is told what to fix in the count,
 * sees the difference before confirming, closes the shift and downloads its PDF; a manager sees every
 * cashier's shifts, searches and filters them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESOURCES } from '@kino/backend/contract';
import { buildSession, buildSignedInUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { pdfText } from '@kino/backend/testing/pdf';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { browserPage, signIn } from './support/staff';

const SCREEN = { width: 1366, height: 768 };
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-shifts-'));

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

/** A cashier (who can sign in with TEST_PASSWORD) with an open shift at their till. */
async function cashierOnShift(fio: string, till: string, float: number) {
  const cashier = await buildSignedInUser(site.ctx, { role: 'cashier', fio });
  const open = await site.call('POST /shifts/open', { body: { float, till } }, cashier.token);
  expect(open.status, JSON.stringify(open.body)).toBe(201);
  return { ...cashier, shift: open.body };
}

/** The text of the cells of the table's row whose first cell says `first`, spaces made plain. */
const rowOf = (page: Page, table: string, first: string) =>
  page.$$eval(`::-p-xpath(//section[@aria-label="${table}"]//tr[th[normalize-space()="${first}"]]/*)`, (cells) =>
    cells.map((c) => c.textContent!.replace(/\s/g, ' ').trim()),
  );
/** The value of a term in the cash list ('Разница' → 'Недостача 50 ₽'). */
const cashValue = (page: Page, term: string) =>
  page.$eval(`::-p-xpath(//dl/dt[normalize-space()="${term}"]/following-sibling::dd[1])`, (dd) =>
    dd.textContent!.replace(/\s/g, ' ').trim(),
  );
const tableText = (page: Page) => page.$eval('main tbody', (body) => body.textContent!.replace(/\s/g, ' '));

describe('shifts', () => {
  it('a cashier reads their shift’s report, closes it with the counted cash, sees the difference and downloads the PDF', async () => {
    const session = await buildSession(site.ctx.db, { startsInMinutes: 600, price: 350 });
    const cashier = await cashierOnShift('Ирина Кассирова', 'Касса у входа', 1000);
    const other = await cashierOnShift('Олег Соседов', 'Касса в фойе', 500);
    const sell = async (token: string, body: object) => {
      const res = await site.call('POST /till/orders', { body: { schedule_id: session.id, ...body } }, token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    // Two tickets for cash, one by card, one cash ticket refunded: 1 000 + 700 − 350 = 1 350 ₽ expected.
    const cash = await sell(cashier.token, {
      lines: [{ seat_number: 'r4m1' }, { seat_number: 'r4m2' }],
      method: 'cash',
      given: 1000,
    });
    await sell(cashier.token, { lines: [{ seat_number: 'r4m3' }], method: 'card' });
    const back = await site.call(
      'POST /till/refunds',
      { body: { ticket_id: cash.lines[0]!.ticket_id } },
      cashier.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await sell(other.token, { lines: [{ seat_number: 'r5m1' }], method: 'cash' });

    const page = await browserPage(site, contexts, { ...SCREEN, downloadPath: downloads });
    await signIn(site, page, cashier.user.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);
    await (await page.waitForSelector(`nav a[href$="/${RESOURCES.shifts.path}"]`))!.click();
    await page.waitForSelector('::-p-xpath(//main//h1[normalize-space()="Смены"])');
    await page.waitForSelector(`main a::-p-text(Смена №${cashier.shift.id})`);
    // Their own shift only: open, with the cash expected so far.
    expect(await page.$$eval('main tbody tr', (rows) => rows.length)).toBe(1);
    const row = await tableText(page);
    expect(row).toContain('Касса у входа');
    expect(row).toContain('Открыта');
    expect(row).toContain('1 350 ₽');
    expect(row).not.toContain('Олег Соседов');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);

    await page.locator(`main a::-p-text(Смена №${cashier.shift.id})`).click();
    await page.waitForSelector(`::-p-xpath(//main//h1[normalize-space()="Смена №${cashier.shift.id}"])`);
    expect(await rowOf(page, 'Продажи', 'Наличные')).toEqual(['Наличные', '2', '700 ₽']);
    expect(await rowOf(page, 'Продажи', 'Карта (терминал)')).toEqual(['Карта (терминал)', '1', '350 ₽']);
    expect(await rowOf(page, 'Продажи', 'Итого')).toEqual(['Итого', '3', '1 050 ₽']);
    expect(await rowOf(page, 'Возвраты', 'Наличные')).toEqual(['Наличные', '1', '350 ₽']);
    expect(await cashValue(page, 'Разменная сумма')).toBe('1 000 ₽');
    expect(await cashValue(page, 'Ожидается сейчас')).toBe('1 350 ₽');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);

    // The count is checked before anything is asked: what to fix, in Russian.
    const field = 'input[name="counted"]';
    const submit = 'main form button[type="submit"]';
    await page.locator(submit).click();
    await page.waitForSelector('main ::-p-text(Введите сумму)');
    expect(await page.$eval(field, (input) => input.getAttribute('aria-invalid'))).toBe('true');
    await page.locator(field).fill('-5');
    await page.locator(submit).click();
    await page.waitForSelector('main ::-p-text(Сумма не может быть отрицательной)');
    await page.locator(field).fill('1 300,555');
    await page.locator(submit).click();
    await page.waitForSelector('main ::-p-text(Не больше двух знаков после запятой)');

    // The confirmation shows the difference; going back to the count closes nothing.
    await page.locator(field).fill('1 400,50');
    await page.locator(submit).click();
    let dialog = await page.waitForSelector('dialog[open]');
    expect(await dialog!.evaluate((d) => d.textContent!.replace(/\s/g, ' '))).toContain('Излишек 50,50 ₽');
    await page.locator('dialog[open] button::-p-text(Пересчитать заново)').click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    // The focus comes back to the sum in the frame after the dialog has gone.
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'counted', {
      timeout: 2000,
    });
    expect((await site.call('GET /shifts/:id', { params: { id: cashier.shift.id } }, cashier.token)).body.status).toBe(
      'open',
    );

    await page.locator(field).fill('1300');
    await page.locator(submit).click();
    dialog = await page.waitForSelector('dialog[open]');
    const confirmText = await dialog!.evaluate((d) => d.textContent!.replace(/\s/g, ' '));
    expect(confirmText).toContain('Ожидается в кассе');
    expect(confirmText).toContain('1 350 ₽');
    expect(confirmText).toContain('Недостача 50 ₽');
    await page.locator('dialog[open] button::-p-text(Закрыть смену)').click();

    await page.waitForSelector('main [role="status"]::-p-text(Смена закрыта)');
    expect(await cashValue(page, 'Ожидалось')).toBe('1 350 ₽');
    expect(await cashValue(page, 'Пересчитано')).toBe('1 300 ₽');
    expect(await cashValue(page, 'Разница')).toBe('Недостача 50 ₽');
    expect(await cashValue(page, 'Статус')).toBe('Закрыта');
    // The difference is marked (not only told): its cell stands out.
    const marked = await page.$eval(
      '::-p-xpath(//dl/dt[normalize-space()="Разница"]/following-sibling::dd[1])',
      (dd) => getComputedStyle(dd).borderTopStyle,
    );
    expect(marked).toBe('solid');
    expect(await page.$('input[name="counted"]')).toBeNull();

    await page.locator('main button::-p-text(Скачать PDF)').click();
    const saved = path.join(downloads, `shift_${cashier.shift.id}.pdf`);
    await expect.poll(() => fs.existsSync(saved), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(async () => pdfText(fs.readFileSync(saved)).catch(() => ''), { timeout: 10_000 })
      .toContain('Разница Недостача 50 ₽');
    const text = await pdfText(fs.readFileSync(saved));
    expect(text).toContain(`Отчёт смены №${cashier.shift.id}`);
    expect(text).toContain('Пересчитано 1 300 ₽');
    expect(text).toContain('Ожидалось 1 350 ₽');

    // Another cashier's shift is not there for them, by its address either.
    await page.goto(`${site.url}/admin/dashboard/shifts/${other.shift.id}`);
    await page.waitForSelector('main ::-p-text(Смена не найдена)');
    expect(page.errors).toEqual([]);
  });

  it('a manager sees every cashier’s shifts, searches them and filters the open ones', async () => {
    const first = await cashierOnShift('Вера Первая', 'Касса Север', 200);
    const second = await cashierOnShift('Глеб Второй', 'Касса Юг', 300);
    const closed = await site.call(
      'POST /shifts/:id/close',
      { params: { id: first.shift.id }, body: { counted: 210 } },
      first.token,
    );
    expect(closed.status).toBe(200);
    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });

    const page = await browserPage(site, contexts, SCREEN);
    await signIn(site, page, manager.user.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);
    await (await page.waitForSelector(`nav a[href$="/${RESOURCES.shifts.path}"]`))!.click();
    await page.waitForSelector(`main a::-p-text(Смена №${second.shift.id})`);
    const all = await tableText(page);
    for (const expected of ['Вера Первая', 'Глеб Второй', 'Касса Север', 'Касса Юг', 'Излишек 10 ₽'])
      expect(all).toContain(expected);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);

    await page.locator('main select').fill('open');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('status') === 'open');
    await page.waitForFunction(
      (id) => !document.querySelector('main tbody')?.textContent?.includes(`Смена №${id}`),
      {},
      first.shift.id,
    );
    expect(await tableText(page)).toContain('Глеб Второй');

    await page.locator('main select').fill('');
    await page.locator('input[type=search]').fill('Вера');
    await page.waitForFunction(() => document.querySelectorAll('main tbody tr').length === 1);
    expect(await tableText(page)).toContain('Вера Первая');
    // Any shift's report opens for the manager.
    await page.locator(`main a::-p-text(Смена №${first.shift.id})`).click();
    await page.waitForSelector(`::-p-xpath(//main//h1[normalize-space()="Смена №${first.shift.id}"])`);
    expect(await cashValue(page, 'Разница')).toBe('Излишек 10 ₽');
    expect(page.errors).toEqual([]);
  });
});
