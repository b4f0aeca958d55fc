/**
 * Content in the back office, as staff write it on the demo data: a content manager writes a news
 * article with blocks in a chosen order (moving one up) and the public news page shows it in that
 * order at once; an admin adds a promotion and the public promotions page shows it with the years
 * in its dates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, cinemaNow, formatPeriod } from '@kino/backend/contract';
import { DEMO_ACCOUNTS, seed } from '@kino/backend/seed';
import type { BrowserContext, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { browserPage, setValue, signIn } from './support/staff';

let site: TestSite;
let files: string;
const contexts: BrowserContext[] = [];
const accountOf = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

/** A PNG on disk for the file inputs. */
async function png(name: string, colour: { r: number; g: number; b: number }) {
  const file = path.join(files, name);
  await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

async function upload(page: Page, selector: string, file: string) {
  const input = await page.waitForSelector(selector);
  await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(file);
}

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-content-'));
  site = await startSite();
  await seed({ db: site.ctx.db, storageDir: site.ctx.config.storageDir });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site.close();
  fs.rmSync(files, { recursive: true, force: true });
});

describe('a news article written in the back office', () => {
  it('is saved with its blocks in the chosen order and shows on the public news page at once', async () => {
    const editor = await browserPage(site, contexts);
    await signIn(site, editor, accountOf('content-manager').email);
    await editor.goto(`${site.url}/admin/dashboard/news`);
    await editor.waitForSelector('main h1::-p-text(Новости)');
    await editor.locator('a::-p-text(Добавить новость)').click();
    await editor.waitForSelector('h1::-p-text(Новая новость)');

    // No save button until the title and the main image are set.
    const save = 'button[type=submit]::-p-text(Сохранить новость)';
    expect(await editor.$(save)).toBeNull();
    await editor.waitForSelector('::-p-text(Заполните обязательные поля: заголовок и главное изображение)');
    const title = `Ночь короткого метра ${Date.now()}`;
    await editor.locator('input[name=mainTitle]').fill(title);
    expect(await editor.$(save)).toBeNull();
    await upload(editor, 'input[name=mainImage]', await png('main.png', { r: 30, g: 60, b: 200 }));
    await editor.waitForSelector(save);

    // Text, title, image; then the image moves up above the title.
    await editor.locator('button::-p-text(+ Текст)').click();
    await editor.locator('textarea[name="blocks[0][content]"]').fill('Показываем двенадцать фильмов подряд.');
    await editor.locator('button::-p-text(+ Заголовок)').click();
    await editor.locator('input[name="blocks[1][content]"]').fill('Программа вечера');
    await editor.locator('button::-p-text(+ Изображение)').click();
    await upload(editor, 'input[name="blocks[2][content]"]', await png('still.png', { r: 200, g: 160, b: 20 }));
    await editor.locator('li[aria-label="Блок 3: Изображение"] button::-p-text(Выше)').click();
    const order = await editor.$$eval('ol[aria-label="Блоки новости"] > li', (items) =>
      items.map((li) => li.getAttribute('aria-label')),
    );
    expect(order).toEqual(['Блок 1: Текст', 'Блок 2: Изображение', 'Блок 3: Заголовок']);

    await editor.locator(save).click();
    await editor.waitForSelector('[role=status]::-p-text(Новость успешно сохранена!)');

    // The public side, in another browser: the list, then the article with its blocks in order.
    const reader = await browserPage(site, contexts);
    await reader.goto(`${site.url}/news`);
    await reader.locator(`a::-p-text(${title})`).click();
    await reader.waitForSelector(`article h1::-p-text(${title})`);
    const body = await reader.$eval('article > div', (div) =>
      Array.from(div.children, (el) =>
        el.tagName === 'IMG'
          ? `img:${/\/storage\/images\/news\/[\w-]+\.webp$/.test((el as HTMLImageElement).src)}`
          : `${el.tagName}:${el.textContent}`,
      ),
    );
    expect(body).toEqual(['P:Показываем двенадцать фильмов подряд.', 'img:true', 'H2:Программа вечера']);
    expect(await reader.$eval('article footer', (f) => f.textContent)).toContain(accountOf('content-manager').fio);
    expect([...editor.errors, ...reader.errors]).toEqual([]);
  });
});

describe('a promotion added in the back office', () => {
  it('shows on the public promotions page with the year in both dates', async () => {
    const admin = await browserPage(site, contexts);
    await signIn(site, admin, accountOf('admin').email);
    await admin.goto(`${site.url}/admin/dashboard/stock`);
    await admin.waitForSelector('main h1::-p-text(Акции)');
    await admin.locator('a::-p-text(Добавить акцию)').click();
    await admin.waitForSelector('h1::-p-text(Новая акция)');

    const title = `Студенческая среда ${Date.now()}`;
    const today = cinemaNow().slice(0, 10);
    const start = `${today} 00:00`;
    const end = `${addDays(today, 400)} 23:00`;
    await admin.locator('input[name=title]').fill(title);
    await admin.locator('textarea[name=text]').fill('По средам билет по студенческому — 200 ₽.');
    await upload(admin, 'input[name=img]', await png('promo.png', { r: 120, g: 20, b: 160 }));
    await setValue(admin, 'input[name=date_start]', start.replace(' ', 'T'));
    await setValue(admin, 'input[name=date_end]', end.replace(' ', 'T'));
    await admin.locator('button::-p-text(Добавить акцию)').click();
    await admin.waitForSelector(`main td ::-p-text(${title})`);
    await admin.waitForSelector(`main [role=status]::-p-text(Акция «${title}» добавлена)`);

    const viewer = await browserPage(site, contexts);
    await viewer.goto(`${site.url}/stocks`);
    const card = await viewer.waitForSelector(`main ::-p-text(${title})`);
    const period = formatPeriod(start, end);
    expect(period).toMatch(/^с \d{1,2} [а-я]+ \d{4} по \d{1,2} [а-я]+ \d{4}$/);
    expect(await card!.evaluate((el) => el.closest('li')?.textContent)).toContain(period);
    expect([...admin.errors, ...viewer.errors]).toEqual([]);
  });
});
