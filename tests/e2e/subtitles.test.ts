/**
 * Subtitled sessions of national films (REGISTRIES.md §4.3), as a manager and a viewer meet them: the schedule
 * editor warns that a week falls short of Минкультуры's rule and names the films; the manager marks a session
 * subtitled in the editor and the warning drops that film; the subtitles report (reached from the warning's
 * link) shows the film meeting the rule and the other one not, and an empty week as empty; the public
 * /accessibility page lists the session with «С субтитрами». axe finds nothing on the schedule with its warning,
 * the editor's dialog, the report and /accessibility.
 */
import { addDays, formatShortTime, fromCinemaTime, isoWeekOf, toCinemaDate } from '@kino/backend/contract';
import { schema } from '@kino/backend/db';
import {
  buildCountry,
  buildFilm,
  buildHall,
  buildSession,
  buildSignedInUser,
  linkFilm,
  TEST_PASSWORD,
} from '@kino/backend/testing/factories';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { startSite, type TestSite } from './support/site';
import { browserPage, signIn } from './support/staff';

let site: TestSite;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site.close();
});

const WARNING = 'main [role=note][aria-label="Сеансы с субтитрами"]';
const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
/** The report's row of a film, as read. */
const reportRow = (page: Page, filmId: number) => textOf(page, `main tr[data-film="${filmId}"]`);

describe('subtitled sessions of national films', () => {
  it('a manager marks a session subtitled: the warning, the report and /accessibility follow', async () => {
    const { db } = site.ctx;
    // Three days ahead: the sessions are still to come (editable, public) whatever the hour.
    const day = addDays(toCinemaDate(new Date()), 3);
    const week = isoWeekOf(day);
    const at = (time: string) => fromCinemaTime(`${day} ${time}`);
    const hall = await buildHall(db, { name: 'Зал Доступный' });
    // National by its ПУ ('111…': a Russian feature), and by its country.
    const marked = await buildFilm(db, { title: 'Ледокол', puNumber: '111002625', time: 110 });
    const other = await buildFilm(db, { title: 'Северный ветер', puNumber: null });
    const [existing] = await db.select().from(schema.countries).where(eq(schema.countries.name, 'Россия'));
    await linkFilm(db, other.id, { countryIds: [(existing ?? (await buildCountry(db, { name: 'Россия' }))).id] });
    await buildSession(db, { filmId: marked.id, hallId: hall.id, startTime: at('12:00'), subtitles: true });
    const evening = await buildSession(db, { filmId: marked.id, hallId: hall.id, startTime: at('19:00') });
    await buildSession(db, { filmId: other.id, hallId: hall.id, startTime: at('15:00') });

    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });
    const page = await browserPage(site, contexts, { width: 1366, height: 900 });
    await signIn(site, page, manager.user.email, TEST_PASSWORD);
    await page.goto(`${site.url}/admin/dashboard/schedule?date=${day}`);
    await page.waitForSelector(`${WARNING} ::-p-text(«Ледокол»: с субтитрами 1 из 2, нет вечернего)`);
    expect(await textOf(page, WARNING)).toContain('«Северный ветер»: с субтитрами 0 из 1, нет вечернего');
    await page.waitForFunction(() => !document.querySelector('main [role="status"]'), { timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);

    // The editor's box: the 19:00 session gets subtitles.
    await page
      .locator(
        `main button[aria-label="Изменить сеанс «Ледокол» ${formatShortTime(`${day} 19:00:00`)}, Зал Доступный"]`,
      )
      .click();
    await page.waitForSelector('dialog[open] input[name=subtitles]');
    expect(await page.$eval('dialog[open] input[name=subtitles]', (i) => (i as HTMLInputElement).checked)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('dialog[open] input[name=subtitles]').click();
    await page.locator('dialog[open] button[type=submit]').click();
    await page.waitForSelector('main [role=status]::-p-text(сохранён)');
    // The warning is asked again: «Ледокол» now meets the rule, «Северный ветер» still does not.
    await page.waitForFunction(
      (selector) => !document.querySelector(selector)?.textContent?.includes('Ледокол'),
      { timeout: 10_000 },
      WARNING,
    );
    expect(await textOf(page, WARNING)).toContain('«Северный ветер»');
    const [saved] = await site.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, evening.id));
    expect(saved!.subtitles).toBe(true);

    // The warning's link opens the report at the same week.
    await page.locator(`${WARNING} a::-p-text(Отчёт о субтитрах)`).click();
    await page.waitForSelector('main h1::-p-text(Субтитры)');
    await page.waitForSelector(`main tr[data-film="${other.id}"]`);
    expect(new URL(page.url()).searchParams.get('week')).toBe(week);
    expect(await reportRow(page, marked.id)).toMatch(/Ледокол\s+111002625\s+по ПУ\s+2\s+2\s+Да\s+Да/);
    expect(await reportRow(page, other.id)).toMatch(
      /Северный ветер\s+не указано\s+по стране\s+1\s+0\s+Нет\s+Нет: с субтитрами 0 из 2, нет вечернего/,
    );
    expect(await textOf(page, 'main [role=note]')).toBe('Не по правилам: 1 из 2.');
    expect(await axeViolations(page)).toEqual([]);
    // A week later nothing is scheduled: the empty state, not an error.
    await page.locator('main button[aria-label="Следующая неделя"]').click();
    await page.waitForSelector('main ::-p-text(На этой неделе сеансов национальных фильмов нет)');
    expect(new URL(page.url()).searchParams.get('week')).toBe(isoWeekOf(addDays(day, 7)));
    expect(await page.$('main [role="alert"]')).toBeNull();
    expect(page.errors).toEqual([]);

    // The public page lists the 19:00 session with its start, duration and «С субтитрами».
    const viewer = await browserPage(site, contexts, { width: 390, height: 844 });
    await viewer.goto(`${site.url}/accessibility`, { waitUntil: 'networkidle0' });
    await viewer.waitForSelector('main tbody tr');
    const rows = await viewer.$$eval('main tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    const row = rows.find((r) => r.includes('Ледокол') && r.includes('19:00'));
    expect(row, rows.join('\n')).toBeDefined();
    expect(row).toContain('С субтитрами');
    expect(row).toContain('1ч 50м');
    expect(rows.some((r) => r.includes('Северный ветер'))).toBe(false);
    expect(await axeViolations(viewer)).toEqual([]);
  });
});
