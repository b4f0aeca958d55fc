/** The staff dashboard (docs/product.md §2 and §3): GET /api/dashboard and today's sales. */
import { CinemaTimeSchema } from './common';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

/** One count of the dashboard, e.g. { name: 'В прокате', value: 12 }. */
export const NamedValueSchema = z.strictObject({ name: z.string(), value: z.number().int().nonnegative() });
export type NamedValue = z.infer<typeof NamedValueSchema>;

/** The nine lists, in SPEC's order: films (in rental / not), users, people, genres, reviews, news, halls, promotions, countries. */
export const DASHBOARD_LISTS = [
  'films',
  'users',
  'people',
  'genres',
  'reviews',
  'news',
  'halls',
  'promotions',
  'countries',
] as const;

/** GET /api/dashboard: an array of nine name/value lists (docs/product.md §3). */
export const DashboardSchema = z.array(z.array(NamedValueSchema)).length(DASHBOARD_LISTS.length);
export type Dashboard = z.infer<typeof DashboardSchema>;

/** GET /api/dashboard/sales: today's sales and the seats sold for the sessions to come. */
export const DashboardSalesSchema = z.strictObject({
  /** The cinema's today, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Tickets sold today and not refunded. */
  tickets: z.number().int().nonnegative(),
  /** Their sum, roubles (kopecks as decimals: a discounted ticket need not cost whole roubles). */
  revenue: z.number().nonnegative(),
  /** Today's tickets by seat zone and by ticket type (name → tickets), largest first. */
  by_zone: z.array(NamedValueSchema),
  by_type: z.array(NamedValueSchema),
  /** The next sessions, soonest first. */
  sessions: z.array(
    z.strictObject({
      id: z.number().int(),
      title: z.string(),
      start_time: CinemaTimeSchema,
      hall: z.string(),
      sold: z.number().int().nonnegative(),
      capacity: z.number().int().positive(),
    }),
  ),
});
export type DashboardSales = z.infer<typeof DashboardSalesSchema>;

export const dashboardEndpoints = {
  'GET /dashboard': {
    summary:
      'Счётчики панели: фильмы в прокате и нет, пользователи, персоны, жанры, отзывы, новости, залы, акции, страны',
    access: requires('dashboard', 'read'),
    response: DashboardSchema,
  },
  'GET /dashboard/sales': {
    summary: 'Продажи за сегодня и занятые места ближайших сеансов',
    access: requires('dashboard', 'read'),
    response: DashboardSalesSchema,
  },
} as const satisfies EndpointMap;
