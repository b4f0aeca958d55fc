/** The staff dashboard (docs/product.md §2 and §3): GET /api/dashboard, today's sales and the ЕАИС reporting. */
import { CinemaTimeSchema, pageQuerySchema, pageSchema } from './common';
import { EAIS_REPORT_STATUSES } from './constants';
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
  /** Orders whose refused refund staff must still return by hand (the orders list's manual_refund filter). */
  manual_refunds: z.number().int().nonnegative(),
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

/** ЕАИС must have every sale and refund within the hour: undelivered past 45 minutes, a session is overdue (the tile turns red while there is time to act). */
export const EAIS_DEADLINE_MINUTES = 45;

/** A session ЕАИС does not have in full: its last delivery failed, or a sale or refund waits past the hour. */
export const EaisProblemSchema = z.strictObject({
  session: z.strictObject({
    id: z.number().int(),
    title: z.string(),
    start_time: CinemaTimeSchema,
    hall: z.string(),
  }),
  /** Its sales and refunds not yet reported. */
  unreported: z.number().int().positive(),
  /** When the oldest of them happened (sold or refunded). */
  waiting_since: CinemaTimeSchema,
  /** Waiting longer than EAIS_DEADLINE_MINUTES. */
  overdue: z.boolean(),
  /** Its last delivery, when it failed: the error, when, and how many attempts it was. */
  failure: z.strictObject({ error: z.string(), at: CinemaTimeSchema, attempts: z.number().int() }).nullable(),
});
export type EaisProblem = z.infer<typeof EaisProblemSchema>;

/** The most problems listed; `problems_count` says how many there are. */
export const EAIS_PROBLEMS_SHOWN = 20;

/** GET /api/dashboard/eais: how reporting to ЕАИС stands. */
export const DashboardEaisSchema = z.strictObject({
  /** The last document delivered; null before the first. */
  last_delivered_at: CinemaTimeSchema.nullable(),
  /** Sales and refunds not yet reported, every session together (problems or not: the next run takes them). */
  unreported: z.number().int().nonnegative(),
  /** The sessions in trouble: failed ones first, then overdue, the longest waiting first. */
  problems: z.array(EaisProblemSchema),
  problems_count: z.number().int().nonnegative(),
});
export type DashboardEais = z.infer<typeof DashboardEaisSchema>;

/** One file delivered (or being delivered) to ЕАИС, with its last reply: the staff page «Передачи в ЕАИС». */
export const EaisDeliverySchema = z.strictObject({
  id: z.number().int(),
  /** pending: formed, not yet answered (or the reply was lost); failed: refused, sent again; delivered: accepted. */
  status: z.enum(EAIS_REPORT_STATUSES),
  file_name: z.string(),
  /** 'http' (EAIS_URL) or 'file' (DATA_DIR/eais/). */
  destination: z.string(),
  session: z
    .strictObject({ id: z.number().int(), title: z.string(), start_time: CinemaTimeSchema, hall: z.string() })
    .nullable(),
  sales: z.number().int().nonnegative(),
  refunds: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  /** ЕАИС's last reply, as it answered; null before the first or when the reply was lost. */
  reply: z.string().nullable(),
  error: z.string().nullable(),
  created_at: CinemaTimeSchema,
  last_attempt_at: CinemaTimeSchema.nullable(),
  delivered_at: CinemaTimeSchema.nullable(),
});
export type EaisDelivery = z.infer<typeof EaisDeliverySchema>;

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
  'GET /dashboard/eais': {
    summary: 'ЕАИС: последняя доставка, сеансы с ошибкой отправки и с продажами, не переданными дольше часа',
    access: requires('reports', 'read'),
    response: DashboardEaisSchema,
  },
  'GET /eais/deliveries': {
    summary: 'Передачи в ЕАИС постранично, новые первыми: файл, сеанс, попытки и ответ ЕАИС',
    access: requires('reports', 'read'),
    query: pageQuerySchema(20),
    response: pageSchema(EaisDeliverySchema),
  },
} as const satisfies EndpointMap;
