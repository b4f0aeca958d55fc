/**
 * The Kinopoisk API Unofficial (https://kinopoiskapiunofficial.tech), the film database Russian
 * cinema sites import from. Every request carries the key in the `X-API-KEY` header, is bounded by
 * KINOPOISK_TIMEOUT_SECONDS, and its answer is parsed with zod (schemas.ts) before anyone reads it.
 *
 * Modelled on the provider's OpenAPI document ("Kinopoisk Unofficial API" 2.0.1, kept in the
 * azhuravlev/kuapir repository as kinopoiskapiunofficial-openapi.json, with its generated
 * docs/FilmsApi.md): paths and parameters (films/{id}, films/{id}/images?type=STILL&page=,
 * films/{id}/videos, films/{id}/box_office, staff?filmId=, staff/{id}), field names and
 * nullability, the statuses (401 empty or wrong key, 404 not found, 429 over 20 requests a
 * second) and the 20-items image pages. The Emby plugin luzmane/emby.kinopoisk.ru adds what real
 * traffic shows: 402 when the key's daily or total request limit is spent
 * (EmbyKinopoiskRu/Api/KinopoiskApiUnofficial/KinopoiskUnofficialApi.cs), and, in its tests against
 * the live API (EmbyKinopoiskRu.Tests/Utils/KinopoiskUnofficialApiRequests.cs: film 326, staff
 * 7987), coverUrl on films, a 90-person staff list and videos pointing at plain .mp4 files, which
 * set the leniencies of schemas.ts. 403 (a blocked key) is not documented; it is treated like 401.
 *
 * Failures become our error shape (errors.ts): no key → 503 import_not_configured before any
 * request; 404 → kinopoisk_not_found; 401/402/403 → 502 kinopoisk_rejected; 429 → 503
 * kinopoisk_rate_limited; anything else, a timeout or an unreadable answer → 502 kinopoisk_unavailable.
 */
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import {
  importNotConfigured,
  kinopoiskNotFound,
  kinopoiskRateLimited,
  kinopoiskRejected,
  kinopoiskUnavailable,
} from './errors';
import {
  KpBoxOfficeSchema,
  KpFilmSchema,
  KpImagesSchema,
  KpPersonSchema,
  KpStaffSchema,
  KpVideosSchema,
  type KpBoxOffice,
  type KpFilm,
  type KpImages,
  type KpPerson,
  type KpStaffMember,
  type KpVideos,
} from './schemas';

export interface KinopoiskClient {
  film(kinopoiskId: number): Promise<KpFilm>;
  videos(kinopoiskId: number): Promise<KpVideos>;
  boxOffice(kinopoiskId: number): Promise<KpBoxOffice>;
  /** One page (1-based) of the film's stills. */
  stills(kinopoiskId: number, page: number): Promise<KpImages>;
  staff(kinopoiskId: number): Promise<KpStaffMember[]>;
  person(staffId: number): Promise<KpPerson>;
}

type ClientCtx = Pick<AppContext, 'config' | 'logger'>;

/** A client for the configured API; 503 import_not_configured when there is no key. */
export function kinopoiskClient(ctx: ClientCtx): KinopoiskClient {
  const { apiUrl, apiKey, timeoutMs } = ctx.config.kinopoisk;
  if (!apiKey) throw importNotConfigured();
  const base = apiUrl.replace(/\/+$/, '');

  async function get<S extends z.ZodType>(path: string, schema: S, notFoundMessage: string): Promise<z.output<S>> {
    const log = ctx.logger.child({ kinopoisk: path });
    let status: number;
    let body: string;
    let retryAfter: string | null = null;
    try {
      const res = await fetch(base + path, {
        headers: { 'X-API-KEY': apiKey!, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      body = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      log.warn({ err }, timedOut ? `Kinopoisk did not answer within ${timeoutMs} ms` : 'Kinopoisk is unreachable');
      throw kinopoiskUnavailable();
    }
    if (status === 404) throw kinopoiskNotFound(notFoundMessage);
    if (status === 401 || status === 402 || status === 403) {
      log.error(
        { status, body: body.slice(0, 200) },
        'Kinopoisk refused the API key (check KINOPOISK_API_KEY and its quota)',
      );
      throw kinopoiskRejected();
    }
    if (status === 429) {
      log.warn({ retryAfter }, 'Kinopoisk rate limit reached');
      const seconds = Number(retryAfter);
      throw kinopoiskRateLimited(
        retryAfter && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined,
      );
    }
    if (status !== 200) {
      log.warn({ status, body: body.slice(0, 200) }, `Kinopoisk answered HTTP ${status}`);
      throw kinopoiskUnavailable();
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      log.warn({ body: body.slice(0, 200) }, 'Kinopoisk answered something that is not JSON');
      throw kinopoiskUnavailable('Кинопоиск прислал непонятный ответ. Попробуйте позже');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'Kinopoisk answer does not match its documented shape');
      throw kinopoiskUnavailable('Кинопоиск прислал непонятный ответ. Попробуйте позже');
    }
    return parsed.data;
  }

  const id = (n: number) => encodeURIComponent(String(n));
  return {
    film: (kp) => get(`/api/v2.2/films/${id(kp)}`, KpFilmSchema, `На Кинопоиске нет фильма с id ${kp}`),
    videos: (kp) => get(`/api/v2.2/films/${id(kp)}/videos`, KpVideosSchema, `На Кинопоиске нет видео фильма ${kp}`),
    boxOffice: (kp) =>
      get(`/api/v2.2/films/${id(kp)}/box_office`, KpBoxOfficeSchema, `На Кинопоиске нет бюджета фильма ${kp}`),
    stills: (kp, page) =>
      get(
        `/api/v2.2/films/${id(kp)}/images?type=STILL&page=${id(page)}`,
        KpImagesSchema,
        `На Кинопоиске нет кадров фильма ${kp}`,
      ),
    staff: (kp) =>
      get(`/api/v1/staff?filmId=${id(kp)}`, KpStaffSchema, `На Кинопоиске нет съёмочной группы фильма ${kp}`),
    person: (staffId) =>
      get(`/api/v1/staff/${id(staffId)}`, KpPersonSchema, `На Кинопоиске нет человека с id ${staffId}`),
  };
}
