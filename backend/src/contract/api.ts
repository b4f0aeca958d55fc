/**
 * Every endpoint of the API under /api, merged from the domain files. The server mounts exactly
 * these; the web client is typed from `Api` (a type-only import: the public bundle carries no schemas).
 */
import { achievementEndpoints } from './achievements';
import { authEndpoints } from './auth';
import { catalogEndpoints } from './catalog';
import { dashboardEndpoints } from './dashboard';
import { docsEndpoints } from './docs';
import { documentEndpoints } from './documents';
import type { EndpointKey, EndpointMap, InputOf, NeedsNoInput, OutputOf } from './endpoint';
import { favouriteEndpoints } from './favourites';
import { filmEndpoints } from './films';
import { fiscalEndpoints } from './fiscal';
import { healthEndpoints } from './health';
import { newsEndpoints } from './news';
import { orderEndpoints } from './orders';
import { personEndpoints } from './persons';
import { planEndpoints } from './plans';
import { priceEndpoints } from './prices';
import { privacyEndpoints } from './privacy';
import { profileEndpoints } from './profile';
import { queueEndpoints } from './queues';
import { reportEndpoints } from './reports';
import { reviewEndpoints } from './reviews';
import { scheduleEndpoints } from './schedules';
import { seatEndpoints } from './seats';
import { settingsEndpoints } from './settings';
import { stockEndpoints } from './stocks';
import { ticketEndpoints } from './tickets';
import { tillEndpoints } from './till';
import { userEndpoints } from './users';

/** The domain maps, kept apart so a key declared twice is caught (see api.test.ts). */
export const ENDPOINT_GROUPS = [
  healthEndpoints,
  authEndpoints,
  profileEndpoints,
  privacyEndpoints,
  favouriteEndpoints,
  reviewEndpoints,
  filmEndpoints,
  catalogEndpoints,
  scheduleEndpoints,
  personEndpoints,
  newsEndpoints,
  stockEndpoints,
  seatEndpoints,
  ticketEndpoints,
  orderEndpoints,
  tillEndpoints,
  fiscalEndpoints,
  planEndpoints,
  priceEndpoints,
  dashboardEndpoints,
  userEndpoints,
  achievementEndpoints,
  docsEndpoints,
  queueEndpoints,
  reportEndpoints,
  documentEndpoints,
  settingsEndpoints,
] as const satisfies readonly EndpointMap[];

type Merged<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & Merged<R>
  : unknown;

export const API = Object.assign({}, ...ENDPOINT_GROUPS) as Merged<typeof ENDPOINT_GROUPS>;

export type Api = typeof API;
export type ApiKey = keyof Api & EndpointKey;
/** What a caller sends to `key`. */
export type ApiInput<K extends ApiKey> = InputOf<Api[K]>;
/** What `key` answers on success. */
export type ApiOutput<K extends ApiKey> = OutputOf<Api[K]>;
/** Keys that take no input at all. */
export type ApiKeyWithoutInput = { [K in ApiKey]: NeedsNoInput<Api[K]> extends true ? K : never }[ApiKey];
