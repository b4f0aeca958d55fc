/**
 * Structured data on every public page of the demo data, as rendered by the server: the cinema
 * everywhere, a film with its screenings (one Movie a page, as Yandex asks), the bill as a list,
 * news articles and promotions; every required and recommended property present.
 */
import { schema } from '@kino/backend/db';
import { seed } from '@kino/backend/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { jsonLdOf, validateStructuredData } from './support/structured-data';

/**
 * Issues the site cannot act on: a trailer's length, region limits and view counts on its video host are
 * not known; a film nobody has reviewed has no rating or review to show.
 */
const unknowable = (
  issue: { path?: { type?: string }[]; fieldNames?: string[]; rootType?: string },
  reviewed: boolean,
) =>
  (issue.path?.at(-1)?.type === 'VideoObject' &&
    issue.fieldNames?.some((f) =>
      ['duration', 'expires', 'hasPart', 'publication', 'regionsAllowed', 'interactionStatistic'].includes(f),
    )) ||
  (!reviewed &&
    issue.path?.length === 1 &&
    issue.rootType === 'Movie' &&
    issue.fieldNames?.every((f) => ['aggregateRating', 'review'].includes(f)));

describe('structured data of the demo site', () => {
  let site: TestSite;
  let routes: string[];
  beforeAll(async () => {
    site = await startSite();
    await seed({ db: site.ctx.db, storageDir: site.ctx.config.storageDir });
    const { db } = site.ctx;
    const ids = async (
      table: typeof schema.films | typeof schema.news | typeof schema.promotions | typeof schema.persons,
    ) => (await db.select({ id: table.id }).from(table)).map((row) => row.id);
    routes = [
      '/',
      '/films',
      '/films/new',
      '/news',
      '/stocks',
      ...(await ids(schema.films)).map((id) => `/films/${id}`),
      ...(await ids(schema.news)).map((id) => `/news/${id}`),
      ...(await ids(schema.promotions)).map((id) => `/stocks/${id}`),
      ...(await ids(schema.persons)).map((id) => `/persons/${id}`),
    ];
  }, 120_000);
  afterAll(() => site.close());

  it('has every required and recommended property on every public page', async () => {
    for (const route of routes) {
      const html = await (await site.fetch(route)).text();
      const reviewed = jsonLdOf(html).some((item) => item['@type'] === 'Movie' && item.review);
      const issues = (await validateStructuredData(html)).filter((issue) => !unknowable(issue, reviewed));
      expect(
        [
          ...new Set(
            issues.map(
              (i) =>
                `${i.severity} ${i.rootType} ${i.path?.map((p) => p.property ?? p.type).join('.')}: ${i.issueMessage}`,
            ),
          ),
        ],
        route,
      ).toEqual([]);
      expect(
        jsonLdOf(html).filter((item) => item['@type'] === 'MovieTheater'),
        route,
      ).toHaveLength(1);
    }
  });

  it('finds what is missing or wrong: a screening without its place, a review without its author, words schema.org lacks', async () => {
    const page = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'ScreeningEvent',
      name: 'Сеанс',
      startDate: '2026-03-10T19:30:00+03:00',
      startTime: '19:30',
      review: { '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 5 } },
      workPresented: { '@type': 'Movies', name: 'Фильм' },
    })}</script>`;
    const issues = await validateStructuredData(page);
    expect(issues.filter((i) => i.severity === 'ERROR').map((i) => i.issueMessage)).toEqual(
      expect.arrayContaining([
        'Required attribute "location" is missing',
        'Required attribute "location.address" is missing',
        'Required attribute "author" is missing',
        // schema.org's vocabulary: no such type.
        'Type "Movies" is not a valid schema.org type',
      ]),
    );
    // Nor such a property of an event.
    expect(issues.map((i) => i.issueMessage)).toContain(
      'Property "startTime" for type "ScreeningEvent" is not supported by the schema.org specification',
    );
  });

  it('describes a film with one Movie and a screening per coming session, with the live availability', async () => {
    const film = (await site.ctx.db.select().from(schema.films)).find((f) => f.isRent === 1)!;
    const detail = (await (await site.fetch(`/api/films/${film.id}`)).json()) as {
      schedule: { id: number; start_time: string; price: number }[];
    };
    const html = await (await site.fetch(`/films/${film.id}`)).text();
    const items = jsonLdOf(html);
    expect(items.filter((item) => item['@type'] === 'Movie')).toHaveLength(1);
    const screenings = items.filter((item) => item['@type'] === 'ScreeningEvent') as {
      startDate: string;
      offers: { price: number; priceCurrency: string; availability: string; url: string };
      workPresented: { '@id': string };
    }[];
    expect(screenings.length).toBeGreaterThan(0);
    expect(screenings.length).toBeLessThanOrEqual(detail.schedule.length);
    for (const screening of screenings) {
      expect(screening.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+03:00$/);
      expect(screening.offers.priceCurrency).toBe('RUB');
      expect(screening.offers.availability).toBe('https://schema.org/InStock');
      expect(screening.offers.url).toMatch(/\/\?seats=\d+$/);
      expect(screening.workPresented['@id']).toBe(`${site.ctx.config.publicUrl}/films/${film.id}#movie`);
    }
  });

  it('lists the bill on the home page and the catalogue', async () => {
    for (const route of ['/', '/films']) {
      const lists = jsonLdOf(await (await site.fetch(route)).text()).filter((item) => item['@type'] === 'ItemList');
      expect(lists, route).toHaveLength(1);
      expect((lists[0]!.itemListElement as unknown[]).length, route).toBeGreaterThan(0);
    }
  });
});
