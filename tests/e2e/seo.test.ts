/**
 * Found and shared: the public pages answer HTML with their content and head from the server (read
 * here without JavaScript), hydrate into the app (a seat bought from the same page without a
 * reload); unknown addresses are 404s; the sitemap lists every public page.
 */
import { fromCinemaTime, seatLabel } from '@kino/backend/contract';
import { buildHall, buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { buySeats } from '@kino/backend/testing/orders';
import { planOf } from '@kino/backend/testing/plans';
import { connectSeatClient } from '@kino/backend/testing/seat-client';
import { schema } from '@kino/backend/db';
import { announce } from '@kino/backend/effects';
import { cachesOf } from '@kino/backend/lib/http/response-cache';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleProblems } from './support/browser';
import { payAtCheckout } from './support/payment';
import { insertPublicData, type PublicData } from './support/public-data';
import { startSite, type TestSite } from './support/site';
import { jsonLdOf } from './support/structured-data';
import { signInAsNewViewer } from './support/staff';

/** The session buttons of a film page as read aloud: «16:00, 300 ₽, Малый зал, мало мест». */
const sessionTexts = (html: string) =>
  [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)]
    .map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' '))
    .filter((text) => /^\d\d:\d\d, /.test(text));

/** The ScreeningEvent of a session in a page's JSON-LD. */
const screeningOf = (html: string, sessionId: number) =>
  jsonLdOf(html).find(
    (item) =>
      item['@type'] === 'ScreeningEvent' && (item.offers as { url: string }).url.endsWith(`?seats=${sessionId}`),
  );

/** The content of a <meta> of the page. */
const meta = (html: string, name: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`))?.[1];

describe('pages rendered on the server', () => {
  let site: TestSite;
  let data: PublicData;
  beforeAll(async () => {
    site = await startSite();
    data = await insertPublicData(site.ctx);
  });
  afterAll(() => site.close());

  it('answers a film page with its content, title, description and link preview', async () => {
    const res = await site.fetch(`/films/${data.film.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain(`<h1 class="`);
    expect(html).toContain(`>${data.film.title}</h1>`);
    expect(html).toContain('Экипаж станции возвращается на Землю');
    expect(html).toContain('<title>Звёздный путь домой — Кинотеатр «Ракета»</title>');
    expect(html).toContain(`<link rel="canonical" href="${site.ctx.config.publicUrl}/films/${data.film.id}" />`);
    expect(meta(html, 'og:title')).toBe(data.film.title);
    expect(meta(html, 'og:image')).toBe(`${site.ctx.config.publicUrl}/storage/images/promo-1.svg`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'description')).toMatch(/^Звёздный путь домой/);
    // The app comes after the first paint: the page names its entry for the loader and preloads no module.
    expect(html).toMatch(/<script defer src="\/paint-first\.js" data-entry="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
  });

  it('answers every public list and page with its own title, description, canonical address and link preview', async () => {
    const news = await site.ctx.db.select().from(schema.news);
    const promotions = await site.ctx.db.select().from(schema.promotions);
    const origin = site.ctx.config.publicUrl;
    const image = (name: string) => `${origin}/storage/images/${name}`;
    // Each route: its title, what its description must name, its preview image.
    const pages: [string, string, RegExp, string][] = [
      ['/', 'Кинотеатр «Ракета»', /^(Сегодня|Завтра) в кино: .*Звёздный путь домой \(\d\d:\d\d/, image('promo-1.svg')],
      ['/films', 'Фильмы', /^Сейчас в кино: (?=.*Звёздный путь домой)(?=.*Лето в Перми)/, image('promo-1.svg')],
      [
        '/films/new',
        'Новинки',
        /^Новинки проката: Лето в Перми \(6\+\), Звёздный путь домой \(12\+\)/,
        image('promo-2.svg'),
      ],
      ['/news', 'Новости', /Последняя: «Открыли второй зал»/, image('news-1.svg')],
      [`/news/${news[0]!.id}`, 'Открыли второй зал', /второй зал на 110 мест/, image('news-1.svg')],
      ['/stocks', 'Акции', /^Акции кинотеатра: «Вторник дешевле» — По вторникам/, image('stock-1.svg')],
      [`/stocks/${promotions[0]!.id}`, 'Вторник дешевле', /^По вторникам все сеансы по 250 ₽/, image('stock-1.svg')],
      [`/persons/${data.actor.id}`, 'Полина Грачёва', /^Полина Грачёва: /, image('person-1.svg')],
      [`/films/${data.film.id}`, 'Звёздный путь домой', /^Звёздный путь домой \(12\+\) — /, image('promo-1.svg')],
    ];
    const descriptions = new Set<string>();
    for (const [path, title, says, picture] of pages) {
      const res = await site.fetch(path);
      const html = await res.text();
      const description = meta(html, 'description');
      const full = path === '/' ? title : `${title} — Кинотеатр «Ракета»`;
      expect([path, res.status, html.match(/<title>([^<]*)<\/title>/)?.[1]]).toEqual([path, 200, full]);
      expect(description, path).toMatch(says);
      descriptions.add(description!);
      expect(html, path).toContain(`<link rel="canonical" href="${origin}${path}" />`);
      expect(
        ['og:title', 'og:description', 'og:url', 'og:image', 'twitter:card', 'twitter:image'].map((tag) =>
          meta(html, tag),
        ),
        path,
      ).toEqual([
        path === '/' ? 'Кинотеатр «Ракета»' : title,
        description,
        `${origin}${path}`,
        picture,
        'summary_large_image',
        picture,
      ]);
    }
    // No two pages share a description.
    expect(descriptions.size).toBe(pages.length);
    const home = await (await site.fetch('/')).text();
    // The bill: today's film with its evening session's price.
    expect(home).toContain(data.film.title);
    expect(home).toContain('450 ₽');
  });

  it('answers 404 with the not-found page for unknown pages, films, news, promotions and persons', async () => {
    for (const [path, text] of [
      ['/no-such-page', 'Страница не найдена'],
      ['/films/99999', 'Фильм не найден'],
      ['/news/99999', 'Новость не найдена'],
      ['/stocks/99999', 'Акция не найдена'],
      ['/persons/99999', 'Персона не найдена'],
    ]) {
      const res = await site.fetch(path!);
      const html = await res.text();
      expect([path, res.status]).toEqual([path, 404]);
      expect(html).toContain(`<h1>${text}</h1>`);
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers 404 for a missing file under /storage, not the page', async () => {
    for (const path of ['/storage/images/nothing.webp', '/storage/nothing.txt', '/assets/nothing.js']) {
      const res = await site.fetch(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).not.toContain('<div id="root">');
    }
  });

  it('lists every public page in the sitemap with its lastmod, and robots.txt names it', async () => {
    const res = await site.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const origin = site.ctx.config.publicUrl;
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>(<lastmod>[^<]+<\/lastmod>)?/g)].map((m) => [
      m[1],
      Boolean(m[2]),
    ]);
    const films = await site.ctx.db.select({ id: schema.films.id }).from(schema.films);
    const persons = await site.ctx.db.select({ id: schema.persons.id }).from(schema.persons);
    for (const film of films) expect(locs).toContainEqual([`${origin}/films/${film.id}`, true]);
    for (const person of persons) expect(locs).toContainEqual([`${origin}/persons/${person.id}`, true]);
    expect(locs.filter(([loc]) => /\/news\/\d+$/.test(String(loc)))).toHaveLength(1);
    expect(locs.filter(([loc]) => /\/stocks\/\d+$/.test(String(loc)))).toHaveLength(1);
    expect(locs).toContainEqual([`${origin}/`, false]);
    const robots = await (await site.fetch('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("moves a film's lastmod in the sitemap when the film is edited, and only that film's", async () => {
    const lastmods = async () =>
      Object.fromEntries(
        [
          ...(await (await site.fetch('/sitemap.xml')).text()).matchAll(
            /<loc>[^<]*(\/films\/\d+)<\/loc><lastmod>([^<]+)</g,
          ),
        ].map((m) => [m[1]!, m[2]!]),
      );
    const film = `/films/${data.film.id}`;
    const other = `/films/${data.tomorrowFilm.id}`;
    const before = await lastmods();
    const [row] = await site.ctx.db.select().from(schema.films).where(eq(schema.films.id, data.film.id));
    expect(before[film]).toBe(row!.updatedAt.toISOString());

    const editor = await buildSignedInUser(site.ctx, { role: 'content-manager' });
    const edited = await site.call(
      'PUT /films/:id/edit',
      {
        params: { id: data.film.id },
        body: {
          title: row!.title,
          description: `${row!.description} Режиссёрская версия.`,
          age: row!.age,
          year: row!.year,
          budget: row!.budget,
          trailer: row!.trailer,
          is_rent: 1,
        },
      },
      editor.token,
    );
    expect(edited.status).toBe(200);
    const after = await lastmods();
    expect(Date.parse(after[film]!)).toBeGreaterThan(Date.parse(before[film]!));
    expect(after[other]).toBe(before[other]);
  });

  it('keeps a rendered page with its ETag until what it shows changes', async () => {
    const path = `/films/${data.tomorrowFilm.id}`;
    const first = await site.fetch(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);
    const again = await site.fetch(path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    await site.ctx.db
      .update(schema.films)
      .set({ title: 'Лето в Перми (реставрация)' })
      .where(eq(schema.films.id, data.tomorrowFilm.id));
    await announce(site.ctx, [{ what: 'films', ids: [data.tomorrowFilm.id] }]);
    const changed = await site.fetch(path, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('Лето в Перми (реставрация)');
  });

  it('drops the rendered film page and home page when a session is added: the new time shows at the next request', async () => {
    const film = `/films/${data.tomorrowFilm.id}`;
    const before = await (await site.fetch(film)).text();
    await site.fetch('/');
    expect(cachesOf(site.ctx).lookupPage(film)?.status).toBe(200);
    expect(before).not.toContain('21:15');

    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });
    const hall = await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Зал 5' });
    const fields = new FormData();
    for (const [name, value] of Object.entries({
      movie_id: data.tomorrowFilm.id,
      hall_id: hall.id,
      start_time: `${data.tomorrow} 21:15:00`,
      end_time: `${data.tomorrow} 23:00:00`,
      price: 520,
    }))
      fields.append(name, String(value));
    const added = await site.call('POST /schedule/store', { body: fields }, manager.token);
    expect(added.status).toBe(201);
    const { id } = added.body as { id: number };

    const after = await (await site.fetch(film)).text();
    expect(sessionTexts(after)).toContainEqual(expect.stringMatching(/^21:15, 520 ₽, /));
    expect(screeningOf(after, id)?.startDate).toBe(`${data.tomorrow}T21:15:00+03:00`);
    // The home page's bill carries it for the day chips (the state the page hydrates from).
    expect(await (await site.fetch('/')).text()).toContain(`${data.tomorrow} 21:15:00`);
  });

  it('drops the rendered film page as seats sell: «мало мест», then «распродано» and SoldOut', async () => {
    const admin = await buildSignedInUser(site.ctx, { role: 'admin' });
    const small = await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Малый зал' });
    const replanned = await site.fetch(`/api/halls/${small.id}/plan`, {
      method: 'PUT',
      json: planOf(1, 4),
      token: admin.token,
    });
    expect(replanned.status).toBeLessThan(300);
    const session = await buildSession(site.ctx.db, {
      filmId: data.tomorrowFilm.id,
      hallId: small.id,
      startTime: fromCinemaTime(`${data.tomorrow} 16:00`),
      price: 300,
    });
    // Scheduled behind the API's back: told as the schedule's own write would.
    await announce(site.ctx, [{ what: 'sessions', ids: [session.id] }]);
    const film = `/films/${data.tomorrowFilm.id}`;
    const button = async () => {
      const html = await (await site.fetch(film)).text();
      return [
        sessionTexts(html).find((text) => text.startsWith('16:00, 300 ₽')),
        (screeningOf(html, session.id)?.offers as { availability: string }).availability,
      ];
    };
    expect(await button()).toEqual(['16:00, 300 ₽, Малый зал', 'https://schema.org/InStock']);

    const buyer = await buildSignedInUser(site.ctx);
    const socket = await connectSeatClient(site.url, buyer.token);
    try {
      await buySeats(site, { token: buyer.token, socket }, session, ['r1m1', 'r1m2', 'r1m3']);
      expect(await button()).toEqual(['16:00, 300 ₽, Малый зал, мало мест', 'https://schema.org/InStock']);
      await buySeats(site, { token: buyer.token, socket }, session, ['r1m4']);
      expect(await button()).toEqual(['16:00, 300 ₽, Малый зал, распродано', 'https://schema.org/SoldOut']);
    } finally {
      socket.close();
    }
  });

  it('sends a page again from memory with the same status, bytes and headers, a 404 too', async () => {
    for (const [path, status] of [
      [`/films/${data.film.id}`, 200],
      ['/films/99999', 404],
    ] as const) {
      const first = await site.fetch(path, { headers: { 'accept-encoding': 'br' } });
      const body = await first.text();
      // Kept for the fast path in front of Express.
      expect(cachesOf(site.ctx).lookupPage(path)?.status).toBe(status);
      const second = await site.fetch(path, { headers: { 'accept-encoding': 'br' } });
      expect([second.status, await second.text()]).toEqual([status, body]);
      const headers = (res: Response) => {
        const kept: Record<string, string> = {};
        res.headers.forEach((value, name) => {
          if (!['date', 'connection', 'keep-alive'].includes(name)) kept[name] = value;
        });
        return kept;
      };
      expect(headers(second)).toEqual(headers(first));
    }
  });

  it('shows the times and prices without JavaScript, then sells a seat from the same page with it', async () => {
    const path = `${site.url}/films/${data.film.id}`;
    const noScript = await site.browser.newPage();
    await noScript.setJavaScriptEnabled(false);
    await noScript.goto(path);
    const times = await noScript.$$eval('#sessions li button', (buttons) =>
      buttons.map((b) => (b as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    // Read aloud with pauses: «12:30, 450 ₽, Зал 1».
    expect(times.at(-1)).toMatch(/^\d\d:\d\d ?, 450 ₽ ?, Зал 1$/);
    await noScript.close();

    const page = await site.browser.newPage();
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(new URL(res.url()).pathname);
    });
    await signInAsNewViewer(site, page);
    await page.goto(path);
    // The page the server sent becomes live where it stands: no second load of the document.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('#sessions li:last-child button:not([disabled])').click();
    const seat = await page.waitForSelector(`dialog[open] button[aria-label="${seatLabel('r1m1')}"]:not([disabled])`);
    await seat!.click();
    await page.waitForSelector(`dialog button[aria-label="${seatLabel('r1m1')}, выбрано"]`);
    await page.click('dialog ::-p-text(ДАЛЕЕ)');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await payAtCheckout(page);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Заказ оплачен');
    expect(failed).toEqual([]);
    expect(consoleProblems(page)).toEqual([]);
  });
});
