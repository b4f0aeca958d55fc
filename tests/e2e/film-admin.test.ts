/**
 * A content manager's film, start to finish, against a fake Kinopoisk on loopback: imported by its
 * id, its cast and stills added, edited (a bad year refused beside its field), a poster uploaded;
 * the public film page and the catalogue show every change at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { startFakeKinopoisk, type FakeKinopoisk } from '@kino/backend/testing/kinopoisk-fake';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { answerCookieNotice, waitsForTheApp } from './support/browser';

let site: TestSite;
let kp: FakeKinopoisk;
let posterFile: string;

beforeAll(async () => {
  kp = await startFakeKinopoisk();
  site = await startSite(kp.env);
  posterFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kino-poster-')), 'poster.png');
  await sharp({ create: { width: 400, height: 600, channels: 3, background: '#c33' } })
    .png()
    .toFile(posterFile);
});
afterAll(async () => {
  await site?.close();
  await kp?.close();
  if (posterFile) fs.rmSync(path.dirname(posterFile), { recursive: true, force: true });
});

async function signedInPage(email: string): Promise<Page & { errors: string[] }> {
  const context = await site.browser.browser.createBrowserContext();
  const page = waitsForTheApp((await context.newPage()) as Page & { errors: string[] });
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(String(err)));
  await page.setViewport({ width: 1280, height: 900 });
  await answerCookieNotice(page);
  await page.goto(`${site.url}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(TEST_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForSelector('header button[aria-label^="Меню пользователя"]');
  return page;
}

/** Replaces a field's text as a person does: select all, type. */
async function retype(page: Page, selector: string, text: string) {
  await page.locator(selector).click({ count: 3 });
  await page.keyboard.press('Backspace');
  if (text) await page.type(selector, text);
}

describe('a film in the back office', () => {
  it('is imported, given its cast and stills, edited and given a poster; the public pages show it at once', async () => {
    const film = kp.addFilm(kp.sampleFilm(701, { nameRu: 'Снежная королева' }));
    kp.castFilm(film, { directors: 1, actors: 2 });
    film.stills.push(kp.image('stills/701-1.jpg'), kp.image('stills/701-2.jpg'), kp.image('stills/701-3.jpg'));
    const manager = await buildUser(site.ctx.db, { role: 'content-manager', fio: 'Контент Менеджер' });
    const page = await signedInPage(manager.email);

    // The table, then the import: a bad id is refused beside the field, a good one opens the film.
    await page.goto(`${site.url}/admin/dashboard/films`);
    await page.waitForSelector('main h1::-p-text(Фильмы)');
    await page.locator('a::-p-text(Добавить фильм)').click();
    await page.waitForSelector('h1::-p-text(Добавить фильм)');
    await page.type('input[name=kinopoisk_id]', '70x');
    await page.locator('button::-p-text(Добавить фильм)').click();
    await page.waitForSelector('::-p-text(только цифры)');
    await retype(page, 'input[name=kinopoisk_id]', '701');
    // On a slow network the import shows that it is working, with the button disabled.
    kp.latencyMs = 1500;
    await page.locator('button::-p-text(Добавить фильм)').click();
    await page.waitForSelector('[role=status] progress');
    expect(await page.$eval('button[type=submit]', (b) => b.matches(':disabled'))).toBe(true);
    await page.waitForSelector('h1::-p-text(Снежная королева)');
    kp.latencyMs = 0;
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThan(0);

    // The table lists it; 'Подробнее' opens the edit.
    await page.goto(`${site.url}/admin/dashboard/films`);
    await page.waitForSelector('main td::-p-text(Снежная королева)');
    await page.locator(`a[href="/admin/dashboard/films/${id}/edit"]`).click();
    await page.waitForSelector('h1::-p-text(Редактирование фильма)');
    expect(await page.$eval('input[name=kinopoisk_id]', (i) => (i as HTMLInputElement).readOnly)).toBe(true);

    // Cast and stills from Kinopoisk, listed with their counts.
    await page.locator('button::-p-text(добавить актёров)').click();
    await page.waitForSelector('h2::-p-text(Актёры и съёмочная группа (3))');
    // The stills come slowly: the server tells the page how many images are down.
    kp.latencyMs = 700;
    await page.locator('button::-p-text(добавить фото)').click();
    await page.waitForSelector('[role=status]::-p-text(загружаем изображения)');
    await page.waitForSelector('[role=status] progress[max="3"]');
    await page.waitForSelector('h2::-p-text(Кадры (3))');
    kp.latencyMs = 0;

    // A year before cinema is refused beside its field; nothing is sent.
    await retype(page, 'input[name=year]', '1800');
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('::-p-text(Год — не раньше 1895)');
    await retype(page, 'input[name=year]', '2021');
    await retype(page, 'input[name=title]', 'Снежная королева: возвращение');
    await page.locator('input[name=is_rent]').click();
    await page.locator('button::-p-text(Сохранить)').click();
    await page.waitForSelector('[role=status]::-p-text(Изменения успешно сохранены!)');

    // A poster, chosen from disk and uploaded.
    const input = await page.waitForSelector('input[type=file][name=poster]');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(posterFile);
    await page.locator('button::-p-text(Загрузить постер)').click();
    await page.waitForSelector('[role=status]::-p-text(Постер загружен)');
    const poster = await page.$eval('img[alt^="Постер"]', (img) => (img as HTMLImageElement).getAttribute('src'));
    expect(poster).toMatch(/posters\/[\w-]+\.webp$/);

    // The public film page: the new title, the cast, the new year; the catalogue: the new poster.
    await page.goto(`${site.url}/films/${id}`);
    await page.waitForSelector('h1::-p-text(Снежная королева: возвращение)');
    expect(await page.$eval('main', (m) => m.textContent)).toContain('2021');
    await page.waitForSelector('section[aria-labelledby=film-actors-title] ::-p-text(Актёр 701001)');
    await page.goto(`${site.url}/films`);
    await page.waitForSelector(`img[src="${poster}"]`);
    expect(page.errors).toEqual([]);
  });

  it('shows a manager the table without the add button, and the edit page read-only', async () => {
    const manager = await buildUser(site.ctx.db, { role: 'manager' });
    const page = await signedInPage(manager.email);
    await page.goto(`${site.url}/admin/dashboard/films`);
    await page.waitForSelector('main td a::-p-text(Подробнее)');
    expect(await page.$('a::-p-text(Добавить фильм)')).toBeNull();
    await page.locator('main td a::-p-text(Подробнее)').click();
    await page.waitForSelector('h1::-p-text(Редактирование фильма)');
    expect(await page.$eval('input[name=title]', (i) => i.matches(':disabled'))).toBe(true);
    expect(await page.$('button::-p-text(Сохранить)')).toBeNull();
  });
});
