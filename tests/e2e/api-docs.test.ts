import { API } from '@kino/backend/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';

describe('the API documentation page', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.close());

  it('shows every endpoint and calls one with "Try it out", all within its Content-Security-Policy', async () => {
    const page = await site.browser.newPage({ width: 1200, height: 900 });
    await page.goto(`${site.url}/api/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.opblock');
    expect(await page.$$eval('.opblock', (blocks) => blocks.length)).toBe(Object.keys(API).length);

    const health = await page.waitForSelector('.opblock:has(.opblock-summary-path[data-path="/health"])');
    await (await health!.$('.opblock-summary-control'))!.click();
    await (await health!.waitForSelector('.try-out__btn'))!.click();
    await (await health!.waitForSelector('.execute'))!.click();
    const status = await health!.waitForSelector('.live-responses-table tbody .response-col_status');
    expect(await status!.evaluate((cell) => cell.textContent?.trim())).toBe('200');

    // A refused script, style or call is a console error (CSP violations are reported there).
    expect(page.errors).toEqual([]);
    await page.close();
  });
});
