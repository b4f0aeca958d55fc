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
    // 110 endpoints: the page lists their groups folded (expanded all at once, Swagger UI stops drawing after
    // the 7th operation); each group opens on a click and shows every endpoint of it.
    const doc = (await (await fetch(`${site.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const byTag = new Map<string, number>();
    for (const op of Object.values(doc.paths).flatMap((methods) => Object.values(methods)))
      byTag.set(op.tags[0]!, (byTag.get(op.tags[0]!) ?? 0) + 1);
    await page.waitForSelector('.opblock-tag');
    expect(await page.$$eval('.opblock-tag', (tags) => tags.map((t) => t.getAttribute('data-tag')))).toEqual([
      ...byTag.keys(),
    ]);
    let shown = 0;
    for (const [tag, operations] of byTag) {
      const header = `.opblock-tag[data-tag="${tag}"]`;
      await page.click(header);
      const section = `.opblock-tag-section:has(${header})`;
      await page.waitForSelector(`${section} .opblock`);
      expect(await page.$$eval(`${section} .opblock`, (blocks) => blocks.length), tag).toBe(operations);
      shown += operations;
      if (tag !== 'health') await page.click(header);
    }
    expect(shown).toBe(Object.keys(API).length);

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
