/**
 * Hall plans and prices in the back office, as a manager meets them: the halls table opens a hall's plan editor,
 * a drag over the back row makes it VIP (the preview and the counts follow), the plan is saved and
 * the public plan answers it; then a promo code is created on the promo codes screen, a malformed
 * code refused beside its field first, and the table lists the new code. Then a price card and a
 * weekday-morning rule on the prices screen, and the session form that picks the card by itself; a
 * plan refused for a sold seat (the session named, nothing lost); a film's «Без скидок до».
 */
import { addDays, cinemaNow } from '@kino/backend/contract';
import { announce } from '@kino/backend/effects';
import {
  buildFilm,
  buildHall,
  buildSession,
  buildTicket,
  buildUser,
  TEST_PASSWORD,
} from '@kino/backend/testing/factories';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { browserPage, setValue, signIn } from './support/staff';

let site: TestSite;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site?.close();
});

const openSection = async (page: Page, label: string) => {
  await page.locator(`nav[aria-label="Меню панели управления"] a::-p-text(${label})`).click();
  await page.waitForSelector(`main h1::-p-text(${label})`);
};

/** Drags the pointer over the seats of a row, left to right, as a person paints them. */
async function dragOverRow(page: Page, row: number, places: number) {
  const centre = async (place: number) => {
    const box = (await (await page.$(`button[data-row="${row}"][data-place="${place}"]`))!.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const first = await centre(1);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (let place = 2; place <= places; place++) {
    const next = await centre(place);
    await page.mouse.move(next.x, next.y, { steps: 3 });
  }
  await page.mouse.up();
}

describe('a manager prices the halls', () => {
  it('makes a hall’s back row VIP in the plan editor and creates a promo code', async () => {
    const hall = await buildHall(site.ctx.db);
    const manager = await buildUser(site.ctx.db, { role: 'manager', fio: 'Менеджер Зала' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, manager.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);

    // The halls table leads to the plan.
    await openSection(page, 'Залы');
    await page.locator(`a[aria-label="Изменить план зала «${hall.name}»"]`).click();
    await page.waitForSelector('main h1::-p-text(План зала)');
    const before = (await (await fetch(`${site.url}/api/halls/${hall.id}/plan`)).json()) as {
      rows: number;
      seats: { row: number; place: number; zone: string }[];
    };
    const backRow = before.rows;
    const places = before.seats.filter((s) => s.row === backRow).length;

    await page.locator('label::-p-text(Зона «VIP»)').click();
    await dragOverRow(page, backRow, places);
    const label = await page.$eval(`button[data-row="${backRow}"][data-place="1"]`, (b) =>
      b.getAttribute('aria-label'),
    );
    expect(label).toContain('VIP');
    expect(await page.$eval('main p[aria-live]', (p) => p.textContent)).toContain(`VIP: ${places}`);
    await page.waitForSelector('::-p-text(Есть несохранённые изменения)');

    await page.locator('button::-p-text(Сохранить план)').click();
    await page.waitForSelector('main [role="status"]::-p-text(План сохранён)');
    const after = (await (await fetch(`${site.url}/api/halls/${hall.id}/plan`)).json()) as typeof before;
    const zones = (row: number) => after.seats.filter((s) => s.row === row).map((s) => s.zone);
    expect(new Set(zones(backRow))).toEqual(new Set(['vip']));
    expect(new Set(zones(1))).toEqual(new Set(['standard']));

    // A promo code: the form refuses a malformed code beside its field, then creates it.
    await openSection(page, 'Промокоды');
    await page.locator('button::-p-text(Добавить промокод)').click();
    await page.waitForSelector('dialog[open] h2::-p-text(Новый промокод)');
    await page.type('dialog input[name=code]', 'ab');
    await page.locator('dialog button[type=submit]').click();
    await page.waitForSelector('dialog[open] ::-p-text(Промокод — от 3 до 32)');
    await page.type('dialog input[name=code]', 'c-vip-2026');
    const value = await page.$('dialog input[name=value]');
    await value!.click({ clickCount: 3 });
    await value!.type('15');
    await page.type('dialog input[name=total_limit]', '50');
    await page.locator('dialog button[type=submit]').click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await page.waitForSelector('main td ::-p-text(ABC-VIP-2026)');
    const row = await page.$eval('main tbody tr', (tr) => tr.textContent ?? '');
    expect(row).toContain('15 %');
    expect(row).toContain('0 из 50');
    expect(page.errors).toEqual([]);
  });
});

describe('a plan that would take a sold seat', () => {
  it('is refused naming the session, and the editor keeps every change until it is fixed', async () => {
    const hall = await buildHall(site.ctx.db);
    const film = await buildFilm(site.ctx.db, { title: 'Проданный сеанс' });
    const session = await buildSession(site.ctx.db, { hallId: hall.id, filmId: film.id, startsInMinutes: 24 * 60 });
    await buildTicket(site.ctx.db, { sessionId: session.id, seatNumber: 'r1m1' });
    const manager = await buildUser(site.ctx.db, { role: 'manager' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, manager.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/halls/${hall.id}/plan`);
    await page.waitForSelector('main h1::-p-text(План зала)');

    await page.locator('label::-p-text(Зона «VIP»)').click();
    await page.locator('button[data-row="5"][data-place="5"]').click();
    await page.locator('label::-p-text(Не продаётся)').click();
    await page.locator('button[data-row="1"][data-place="1"]').click();
    await page.locator('button::-p-text(Сохранить план)').click();
    await page.waitForSelector('main [role="alert"] ::-p-text(План не сохранён)');
    const alert = await page.$eval('main div[role="alert"]', (a) => a.textContent ?? '');
    expect(alert).toContain(`Сеанс №${session.id} «Проданный сеанс»`);
    expect(alert).toContain('ряд 1, место 1');
    // Nothing is lost: the blocked seat and the VIP seat are still as painted.
    const label = (row: number, place: number) =>
      page.$eval(`button[data-row="${row}"][data-place="${place}"]`, (b) => b.getAttribute('aria-label') ?? '');
    expect(await label(1, 1)).toContain('не продаётся');
    expect(await label(5, 5)).toContain('VIP');

    // The sold seat unblocked (the same tool on a blocked seat takes the flag off), the rest saves.
    await page.locator('button[data-row="1"][data-place="1"]').click();
    await page.locator('button::-p-text(Сохранить план)').click();
    await page.waitForSelector('main [role="status"]::-p-text(План сохранён)');
    const plan = (await (await fetch(`${site.url}/api/halls/${hall.id}/plan`)).json()) as {
      seats: { code: string; zone: string; blocked: boolean }[];
    };
    expect(plan.seats.find((s) => s.code === 'r5m5')).toMatchObject({ zone: 'vip', blocked: false });
    expect(plan.seats.find((s) => s.code === 'r1m1')).toMatchObject({ blocked: false });
    expect(page.errors).toEqual([]);
  });
});

/** The next Monday–Friday after today, 'YYYY-MM-DD' (the cinema's calendar). */
function nextWeekday(): string {
  let date = addDays(cinemaNow().slice(0, 10), 1);
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
}

describe('a manager prices the sessions', () => {
  it('creates a card and a weekday-morning rule; the session form then chooses that card for a morning', async () => {
    const hall = await buildHall(site.ctx.db);
    const film = await buildFilm(site.ctx.db, { title: 'Утренний фильм' });
    // The public film lists are cached: a film written straight to the database is announced.
    await announce(site.ctx, [{ what: 'films', ids: [film.id] }]);
    const manager = await buildUser(site.ctx.db, { role: 'manager', fio: 'Менеджер Цен' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, manager.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard`);
    await openSection(page, 'Цены');
    await page.waitForSelector('form[aria-label="Тип билета «Детский»"]');

    await page.locator('button::-p-text(Новая ценовая карта)').click();
    await page.waitForSelector('dialog[open] h2::-p-text(Новая ценовая карта)');
    await page.type('dialog input[name=name]', 'Утро');
    await page.type('dialog input[aria-label="Стандарт, Взрослый, ₽"]', '300');
    await page.type('dialog input[aria-label="VIP, Взрослый, ₽"]', '520,50');
    await page.locator('dialog button[type=submit]').click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await page.waitForSelector('main td::-p-text(Утро)');

    await page.locator('button::-p-text(Новое правило)').click();
    await page.waitForSelector('dialog[open] h2::-p-text(Новое правило)');
    await page.type('dialog input[name=name]', 'Утро будней');
    const card = await page.$$eval('dialog select[name=card_id] option', (options) =>
      options.find((o) => o.textContent === 'Утро')!.getAttribute('value'),
    );
    await page.select('dialog select[name=card_id]', card!);
    await page.locator('dialog button[type=submit]').click();
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await page.waitForSelector('main td::-p-text(Пн–Пт)');

    const day = nextWeekday();
    await page.goto(`${site.url}/admin/dashboard/schedule/create`);
    await page.waitForSelector(`select[name=price_card_id] option[value="${card}"]`);
    await page.waitForSelector(`select[name=movie_id] option[value="${film.id}"]`);
    await page.select('select[name=movie_id]', String(film.id));
    await page.select('select[name=hall_id]', String(hall.id));
    await setValue(page, 'input[name=start_time]', `${day}T10:00`);
    expect(await page.$eval('select[name=price_card_id]', (s) => s.value)).toBe(card);
    expect(await page.$eval('input[name=price]', (i) => i.value)).toBe('300');
    await page.locator('button::-p-text(Добавить сеанс)').click();
    await page.waitForSelector('main h1::-p-text(Расписание)');
    const row = await (await page.waitForSelector(`main tr ::-p-text(${hall.name})`))!.evaluate(
      (cell) => cell.closest('tr')!.textContent,
    );
    expect(row).toContain('Утро');

    // A card a coming session sells on is not deleted: the server says why.
    await openSection(page, 'Цены');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('button[aria-label="Удалить карту «Утро»"]').click();
    await page.waitForSelector('main [role="alert"] ::-p-text(Карта не удалена)');
    expect(await page.$('main td::-p-text(Утро)')).not.toBeNull();
    expect(page.errors).toEqual([]);
  });
});

describe('a distributor’s condition', () => {
  it('is set on the film edit page as «Без скидок до» and the film answers it', async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Премьера без скидок' });
    const admin = await buildUser(site.ctx.db, { role: 'admin' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, admin.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/films/${film.id}/edit`);
    await page.waitForSelector('h1::-p-text(Редактирование фильма)');
    const until = addDays(cinemaNow().slice(0, 10), 14);
    await setValue(page, 'input[name=no_discount_until]', until);
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('[role="status"]::-p-text(Изменения успешно сохранены)');
    const saved = (await (await fetch(`${site.url}/api/films/${film.id}`)).json()) as { no_discount_until: string };
    expect(saved.no_discount_until).toBe(until);
    expect(page.errors).toEqual([]);
  });
});
