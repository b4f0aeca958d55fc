/**
 * A fake Kinopoisk API Unofficial on loopback, speaking the endpoints the film import uses with the
 * provider's field names, statuses and paging (see modules/films/kinopoisk/client.ts):
 *   GET /api/v2.2/films/{id}, /films/{id}/videos, /films/{id}/box_office,
 *       /films/{id}/images?type=STILL&page=N (20 a page), /api/v1/staff?filmId={id}, /api/v1/staff/{id}
 *   GET /images/<name>: image bytes (real JPEG/PNG made with sharp, or a refusal case), no key needed.
 * Every /api request must carry the key in X-API-KEY (401 otherwise, like the real service).
 *
 *   const kp = await startFakeKinopoisk();
 *   kp.addFilm(kp.sampleFilm(301, { nameRu: 'Матрица' }));
 *   kp.fail('/api/v2.2/films/301', 'rate_limited');      // the next request there answers 429
 *   const ctx = await createTestContext({ env: kp.env });
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeVideo {
  url: string;
  name?: string;
  site?: string;
}

export interface FakeBoxOffice {
  type: string;
  amount: number;
  currencyCode: string;
  name?: string;
  symbol?: string;
}

export interface FakeStaffMember {
  staffId: number;
  nameRu: string | null;
  nameEn: string | null;
  description: string | null;
  posterUrl: string;
  professionText: string;
  professionKey: string;
}

export interface FakePerson {
  personId: number;
  nameRu: string | null;
  nameEn: string | null;
  posterUrl: string;
  birthday: string | null;
  birthplace: string | null;
  profession: string | null;
}

/** The film document (GET /api/v2.2/films/{id}) plus what the sub-resources answer. */
export interface FakeFilm {
  kinopoiskId: number;
  nameRu: string | null;
  nameEn: string | null;
  nameOriginal: string | null;
  posterUrl: string | null;
  posterUrlPreview?: string | null;
  coverUrl: string | null;
  ratingKinopoisk: number | null;
  year: number | null;
  filmLength: number | null;
  description: string | null;
  shortDescription: string | null;
  ratingAgeLimits: string | null;
  type: string;
  countries: { country: string }[];
  genres: { genre: string }[];
  videos: FakeVideo[];
  boxOffice: FakeBoxOffice[];
  /** Image URLs of the stills, in the provider's order. */
  stills: string[];
  staff: FakeStaffMember[];
}

/** What the fake does to a request instead of answering it. */
export type FakeFailure =
  | 'unauthorized' // 401
  | 'quota' // 402
  | 'not_found' // 404
  | 'rate_limited' // 429 with Retry-After: 1
  | 'server_error' // 500
  | 'hang' // accepts the request and never answers
  | 'malformed'; // 200 with a body that is not JSON

/** How /images/<name> answers: real image bytes or one of the cases an import must refuse. */
export type FakeImageKind = 'jpeg' | 'png' | 'svg' | 'not_an_image' | 'oversized' | 'missing' | 'server_error' | 'hang';

export interface FakeKinopoisk {
  url: string;
  apiKey: string;
  /** KINOPOISK_API_URL and KINOPOISK_API_KEY pointing at this fake (with a short timeout). */
  env: Record<string, string>;
  /** Delay before every answer, to measure imports with a network-like latency. */
  latencyMs: number;
  addFilm(film: FakeFilm): FakeFilm;
  addPerson(person: FakePerson): FakePerson;
  /** A complete film with a poster, a cover, genres, countries, videos and a budget; add it with addFilm. */
  sampleFilm(kinopoiskId: number, overrides?: Partial<FakeFilm>): FakeFilm;
  /**
   * Gives the film a cast — `directors` directors then `actors` actors, each with a photo and a
   * person page — and answers its staff members. Staff ids are `firstStaffId`, +1, …
   */
  castFilm(film: FakeFilm, options: { directors?: number; actors?: number; firstStaffId?: number }): FakeStaffMember[];
  /** Registers /images/<name> and answers its URL. */
  image(name: string, kind?: FakeImageKind): string;
  /** The next `times` requests whose path (with query) starts with `pathPrefix` fail this way. */
  fail(pathPrefix: string, failure: FakeFailure, times?: number): void;
  /** Requests received so far, in order, with the key they carried. */
  requests: { path: string; apiKey: string | undefined }[];
  /** How many requests so far had a path (with query) starting with `pathPrefix`. */
  hits(pathPrefix: string): number;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

const STILLS_PER_PAGE = 20;
/** Over the import's 10 MB image limit. */
const OVERSIZED_BYTES = 12 * 1024 * 1024;

/** A small real picture, in a colour derived from its name so that different images differ. */
async function pictureBytes(name: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const seed = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const image = sharp({
    create: { width: 120, height: 180, channels: 3, background: { r: seed & 255, g: (seed >> 8) & 255, b: 90 } },
  });
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

export async function startFakeKinopoisk(options: { apiKey?: string } = {}): Promise<FakeKinopoisk> {
  const apiKey = options.apiKey ?? randomBytes(8).toString('hex');
  const films = new Map<number, FakeFilm>();
  const persons = new Map<number, FakePerson>();
  const images = new Map<string, FakeImageKind>();
  const failures: { prefix: string; failure: FakeFailure; remaining: number }[] = [];

  function takeFailure(path: string): FakeFailure | undefined {
    const rule = failures.find((f) => f.remaining > 0 && path.startsWith(f.prefix));
    if (!rule) return undefined;
    rule.remaining--;
    return rule.failure;
  }

  function answerFailure(res: http.ServerResponse, failure: FakeFailure) {
    switch (failure) {
      case 'unauthorized':
        return json(res, 401, { message: "You don't have permissions. See https://kinopoiskapiunofficial.tech" });
      case 'quota':
        return json(res, 402, {
          message: 'You exceeded the quota. You have sent 501 request, but available 500 per day',
        });
      case 'not_found':
        return json(res, 404, { message: 'Not found' });
      case 'rate_limited':
        return res
          .writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' })
          .end('{"message":"Too many requests"}');
      case 'server_error':
        return json(res, 500, { message: 'Internal server error' });
      case 'malformed':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>502 Bad Gateway</html>');
      case 'hang':
        return; // the socket stays open until the client gives up or the fake closes
    }
  }

  async function answerImage(res: http.ServerResponse, name: string) {
    const kind = images.get(name);
    switch (kind) {
      case undefined:
      case 'missing':
        return res.writeHead(404).end();
      case 'server_error':
        return res.writeHead(500).end();
      case 'hang':
        return;
      case 'jpeg':
      case 'png': {
        const bytes = await pictureBytes(name, kind);
        return res.writeHead(200, { 'content-type': `image/${kind}`, 'content-length': bytes.length }).end(bytes);
      }
      case 'svg':
        return res
          .writeHead(200, { 'content-type': 'image/jpeg' })
          .end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      case 'not_an_image':
        // Claims to be a JPEG; the bytes are a web page.
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<!doctype html><title>Not found</title>');
      case 'oversized': {
        // A real JPEG followed by padding, streamed without a Content-Length: only counting stops it.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(await pictureBytes(name, 'jpeg'));
        const chunk = Buffer.alloc(256 * 1024);
        for (let sent = 0; sent < OVERSIZED_BYTES && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
        }
        return res.end();
      }
    }
  }

  function answerApi(res: http.ServerResponse, url: URL) {
    const parts = url.pathname.split('/').filter(Boolean); // ['api', 'v2.2', 'films', id, sub?]
    if (parts[0] !== 'api') return json(res, 404, { message: 'Not found' });
    if (parts[1] === 'v2.2' && parts[2] === 'films' && parts[3]) {
      const film = films.get(Number(parts[3]));
      if (!film || parts.length > 5) return json(res, 404, { message: 'Film not found' });
      switch (parts[4]) {
        case undefined: {
          const { videos: _v, boxOffice: _b, stills: _s, staff: _st, ...document } = film;
          return json(res, 200, { ...document, webUrl: `https://www.kinopoisk.ru/film/${film.kinopoiskId}/` });
        }
        case 'videos':
          return json(res, 200, { total: film.videos.length, items: film.videos });
        case 'box_office':
          return json(res, 200, { total: film.boxOffice.length, items: film.boxOffice });
        case 'images': {
          const all = (url.searchParams.get('type') ?? 'STILL') === 'STILL' ? film.stills : [];
          const page = Number(url.searchParams.get('page') ?? '1');
          if (!Number.isInteger(page) || page < 1) return json(res, 400, { message: 'page must be >= 1' });
          const items = all.slice((page - 1) * STILLS_PER_PAGE, page * STILLS_PER_PAGE);
          return json(res, 200, {
            total: all.length,
            totalPages: Math.ceil(all.length / STILLS_PER_PAGE),
            items: items.map((imageUrl) => ({ imageUrl, previewUrl: imageUrl })),
          });
        }
        default:
          return json(res, 404, { message: 'Not found' });
      }
    }
    if (parts[1] === 'v1' && parts[2] === 'staff') {
      if (parts[3]) {
        const person = persons.get(Number(parts[3]));
        return person
          ? json(res, 200, { ...person, facts: [], spouses: [], films: [] })
          : json(res, 404, { message: 'Not found' });
      }
      const filmId = url.searchParams.get('filmId');
      if (!filmId) return json(res, 400, { message: 'filmId is required' });
      const film = films.get(Number(filmId));
      return film ? json(res, 200, film.staff) : json(res, 404, { message: 'Not found' });
    }
    return json(res, 404, { message: 'Not found' });
  }

  const fake: FakeKinopoisk = {
    url: '',
    apiKey,
    env: {},
    latencyMs: 0,
    requests: [],
    addFilm(film) {
      films.set(film.kinopoiskId, film);
      return film;
    },
    addPerson(person) {
      persons.set(person.personId, person);
      return person;
    },
    sampleFilm(kinopoiskId, overrides = {}) {
      return {
        kinopoiskId,
        nameRu: `Фильм ${kinopoiskId}`,
        nameEn: null,
        nameOriginal: `Film ${kinopoiskId}`,
        // Registered only when not overridden: an override may have registered the same name as a refusal case.
        posterUrl: 'posterUrl' in overrides ? null : fake.image(`posters/kp/${kinopoiskId}.jpg`),
        coverUrl: 'coverUrl' in overrides ? null : fake.image(`covers/${kinopoiskId}.png`, 'png'),
        ratingKinopoisk: 7.9,
        year: 2024,
        filmLength: 128,
        description: 'Жизнь героя разделена на две части.',
        shortDescription: 'Коротко о фильме.',
        ratingAgeLimits: 'age16',
        type: 'FILM',
        countries: [{ country: 'Россия' }],
        genres: [{ genre: 'драма' }, { genre: 'фантастика' }],
        videos: [
          {
            url: `https://widgets.kinopoisk.ru/discovery/trailer/${kinopoiskId}?onlyPlayer=1`,
            name: 'Трейлер',
            site: 'KINOPOISK_WIDGET',
          },
          { url: 'https://www.youtube.com/watch?v=gbcVZgO4n4E', name: 'Трейлер (дублированный)', site: 'YOUTUBE' },
        ],
        boxOffice: [
          { type: 'BUDGET', amount: 63_000_000, currencyCode: 'USD', name: 'US Dollar', symbol: '$' },
          { type: 'WORLD', amount: 463_517_383, currencyCode: 'USD', name: 'US Dollar', symbol: '$' },
        ],
        stills: [],
        staff: [],
        ...overrides,
      };
    },
    castFilm(film, { directors = 1, actors = 5, firstStaffId = film.kinopoiskId * 1000 }) {
      const members: FakeStaffMember[] = [];
      for (let i = 0; i < directors + actors; i++) {
        const staffId = firstStaffId + i;
        const director = i < directors;
        const posterUrl = fake.image(`actor_posters/kp/${staffId}.jpg`);
        members.push({
          staffId,
          nameRu: `${director ? 'Режиссёр' : 'Актёр'} ${staffId}`,
          nameEn: `Person ${staffId}`,
          description: director ? null : `Персонаж ${staffId}`,
          posterUrl,
          professionText: director ? 'Режиссеры' : 'Актеры',
          professionKey: director ? 'DIRECTOR' : 'ACTOR',
        });
        fake.addPerson({
          personId: staffId,
          nameRu: `${director ? 'Режиссёр' : 'Актёр'} ${staffId}`,
          nameEn: `Person ${staffId}`,
          posterUrl,
          birthday: '1965-04-04',
          birthplace: 'Москва, СССР',
          profession: director ? 'Режиссер, Сценарист' : 'Актер',
        });
      }
      film.staff.push(...members);
      return members;
    },
    image(name, kind = name.endsWith('.png') ? 'png' : 'jpeg') {
      images.set(name, kind);
      return `${fake.url}/images/${name}`;
    },
    fail(pathPrefix, failure, times = 1) {
      failures.push({ prefix: pathPrefix, failure, remaining: times });
    },
    hits: (prefix) => fake.requests.filter((r) => r.path.startsWith(prefix)).length,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname + url.search;
    const key = req.headers['x-api-key'];
    fake.requests.push({ path, apiKey: typeof key === 'string' ? key : undefined });
    const answer = async () => {
      if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
      if (req.method !== 'GET') return json(res, 405, { message: 'Method not allowed' });
      if (url.pathname.startsWith('/images/')) return answerImage(res, url.pathname.slice('/images/'.length));
      const failure = takeFailure(path);
      if (failure) return answerFailure(res, failure);
      if (key !== apiKey) return answerFailure(res, 'unauthorized');
      return answerApi(res, url);
    };
    answer().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = { KINOPOISK_API_URL: fake.url, KINOPOISK_API_KEY: apiKey, KINOPOISK_TIMEOUT_SECONDS: '2' };
  return fake;
}
