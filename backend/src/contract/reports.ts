/**
 * Sales reports (docs/architecture.md, "Sales reports"): sales grouped by day, film, session, hall, zone, ticket type,
 * channel or payment method over a period of show dates, and the distributor's week of one film.
 * The same table answers as JSON or, with `format`, as a CSV or XLSX file (modules/reports/export.ts).
 */
import { DateSchema, daysBetween, IdSchema, RealDateSchema } from './common';
import { addDays } from './time';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

/** How the sales table is grouped. */
export const REPORT_GROUPINGS = ['day', 'film', 'session', 'hall', 'zone', 'type', 'channel', 'method'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** Groupings made of whole sessions: only their rows have a capacity, so an occupancy. */
export const SESSION_GROUPINGS: ReadonlySet<ReportGrouping> = new Set(['day', 'film', 'session', 'hall']);

/** Column headers, in Russian, as the page and the exported files print them. */
export const GROUPING_LABELS: Record<ReportGrouping, string> = {
  day: 'День',
  film: 'Фильм',
  session: 'Сеанс',
  hall: 'Зал',
  zone: 'Зона',
  type: 'Тип билета',
  channel: 'Канал',
  method: 'Способ оплаты',
};

/** The longest period one report covers (a year and a day: a leap year fits). */
export const MAX_REPORT_DAYS = 367;

/** The file formats a report exports to; without `format` it answers JSON. */
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The exported files' names, with the period: 'sales_day_2026-03-01_2026-03-31.xlsx'. */
export const salesFileName = (q: { by: ReportGrouping; from: string; to: string }, format: ReportFormat): string =>
  `sales_${q.by}_${q.from}_${q.to}.${format}`;
/** The distributor's report as a file: the usual table printed (PDF) or to work with (XLSX). */
export const DISTRIBUTOR_FORMATS = ['pdf', 'xlsx'] as const;
export type DistributorFormat = (typeof DISTRIBUTOR_FORMATS)[number];
export const distributorFileName = (filmId: number, week: string, format: DistributorFormat): string =>
  `distributor_film-${filmId}_${week}.${format}`;

/** The Thursday a distribution week (Thursday to Wednesday) containing this date starts on. */
export const distributionWeekOf = (date: string): string =>
  addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 3) % 7));

const ReportDateSchema = RealDateSchema;

/** GET /api/reports/sales: show dates from–to (both included, the cinema's calendar). */
export const SalesReportQuerySchema = z
  .strictObject({
    from: ReportDateSchema,
    to: ReportDateSchema,
    by: z.enum(REPORT_GROUPINGS),
    format: z.enum(REPORT_FORMATS).optional(),
  })
  .superRefine((q, ctx) => {
    const days = daysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец периода раньше начала' });
    else if (days >= MAX_REPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Период не длиннее ${MAX_REPORT_DAYS} дней` });
    }
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

/** Roubles with kopecks (350.5 = 350 ₽ 50 коп.). */
const Roubles = z.number();

/** One line of the table: the group's figures. */
export const SalesRowSchema = z.strictObject({
  /** What the row groups: a date, a film id, a session id, a zone code… (stable, for links and charts). */
  key: z.string(),
  /** What people read: '2026-03-10', the film's title, 'Дюна · 10.03 19:30 · Зал 1', 'Наличные'… */
  label: z.string(),
  /** Tickets sold (paid, including those refunded since) and their sum. */
  tickets: z.number().int().nonnegative(),
  gross: Roubles,
  /** Of them, refunded: how many and their sum. */
  refunds: z.number().int().nonnegative(),
  refunds_sum: Roubles,
  /** gross − refunds_sum: what stayed. */
  net: Roubles,
  /** net per ticket kept; null when every ticket went back. */
  average_price: Roubles.nullable(),
  /**
   * Seats the sessions could sell (their halls' sellable seats, cancelled sessions left out); null on the rows of
   * groupings across sessions (zone, type, channel, method). The total always has it: the period's sessions.
   */
  capacity: z.number().int().nonnegative().nullable(),
  /** Tickets kept ÷ capacity, percent with one decimal; null without a capacity. */
  occupancy: z.number().nonnegative().nullable(),
});
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const SalesReportSchema = z.strictObject({
  from: DateSchema,
  to: DateSchema,
  by: z.enum(REPORT_GROUPINGS),
  rows: z.array(SalesRowSchema),
  total: SalesRowSchema,
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

const isThursday = (text: string) => new Date(`${text}T00:00:00Z`).getUTCDay() === 4;

/** The week's Thursday, 'YYYY-MM-DD': Russian distribution weeks run Thursday to Wednesday. */
const WeekSchema = ReportDateSchema.refine(isThursday, 'Прокатная неделя начинается в четверг: укажите дату четверга');

/** GET /api/reports/distributor: one film's distribution week, Thursday to Wednesday. */
export const DistributorReportQuerySchema = z.strictObject({
  film_id: IdSchema,
  week: WeekSchema,
  format: z.enum(DISTRIBUTOR_FORMATS).optional(),
});
export type DistributorReportQuery = z.infer<typeof DistributorReportQuerySchema>;

export const DistributorDaySchema = z.strictObject({
  date: DateSchema,
  sessions: z.number().int().nonnegative(),
  /** Tickets kept (sold and not refunded) and their sum, roubles. */
  tickets: z.number().int().nonnegative(),
  gross: Roubles,
});
export type DistributorDay = z.infer<typeof DistributorDaySchema>;

/** GET /api/reports/distributor/films: the films shown in a week (sessions not cancelled), to pick one. */
export const DistributorFilmsQuerySchema = z.strictObject({ week: WeekSchema });
export const DistributorFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  pu_number: z.string().nullable(),
});
export const DistributorFilmsSchema = z.array(DistributorFilmSchema);
export type DistributorFilm = z.infer<typeof DistributorFilmSchema>;

export const DistributorReportSchema = z.strictObject({
  film: DistributorFilmSchema,
  week: DateSchema,
  /** Seven days, Thursday first. */
  days: z.array(DistributorDaySchema).length(7),
  total: DistributorDaySchema.omit({ date: true }),
});
export type DistributorReport = z.infer<typeof DistributorReportSchema>;

/** The Monday an ISO week 'YYYY-Www' starts on, 'YYYY-MM-DD'; null when the year has no such week. */
export function isoWeekMonday(week: string): string | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const [year, number] = [Number(match[1]), Number(match[2])];
  // 4 January is always in week 1; its week's Monday starts the ISO year.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = addDays(jan4.toISOString().slice(0, 10), -((jan4.getUTCDay() + 6) % 7) + (number - 1) * 7);
  // A week belongs to the year its Thursday falls in: week 53 exists in some years only.
  return number >= 1 && addDays(monday, 3).startsWith(`${year}-`) ? monday : null;
}

/** The ISO week 'YYYY-Www' a date 'YYYY-MM-DD' falls in (the week of its Thursday). */
export function isoWeekOf(date: string): string {
  const thursday = addDays(date, 3 - ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
  const year = Number(thursday.slice(0, 4));
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - jan1) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** GET /api/reports/accessibility: one ISO week, Monday to Sunday ('2026-W48'). */
export const AccessibilityReportQuerySchema = z.strictObject({
  week: z
    .string({ error: 'Укажите неделю: ГГГГ-Wнн, например 2026-W48' })
    .regex(/^\d{4}-W\d{2}$/, 'Неделя в формате ГГГГ-Wнн, например 2026-W48')
    .refine((week) => isoWeekMonday(week) !== null, 'Такой недели в этом году нет'),
});
export type AccessibilityReportQuery = z.infer<typeof AccessibilityReportQuerySchema>;

/**
 * A Russian film's ПУ (REGISTRIES.md §3.6): nine digits, the second 1 ('111…' feature, '114…' animation;
 * foreign releases have 2 there, '121…').
 */
export const NATIONAL_PU_PATTERN = /^\d1\d{7}$/;
export const isNationalPu = (pu: string | null) => pu !== null && NATIONAL_PU_PATTERN.test(pu);

/** Минкультуры's number: subtitled sessions of a national film a week, one of them in the evening. */
export const SUBTITLED_PER_WEEK = 2;

/** Why a film counts as national: its ПУ number, else a production country that is Россия. */
export const NATIONAL_BY = ['pu', 'country'] as const;

/**
 * A national film of the week's repertoire against Минкультуры's rule (REGISTRIES.md §4.3): at least two
 * subtitled sessions a week, one of them starting between 18:00 and 22:00 (cinema time).
 */
export const AccessibilityFilmSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  pu_number: z.string().nullable(),
  national_by: z.enum(NATIONAL_BY),
  /** Its sessions that week (cancelled ones left out). */
  sessions: z.number().int().nonnegative(),
  /** Of them, with subtitles. */
  subtitled_sessions: z.number().int().nonnegative(),
  /** Whether a subtitled session starts from 18:00 to before 22:00. */
  evening_subtitled: z.boolean(),
  /** Two subtitled sessions or more, one of them in the evening. */
  compliant: z.boolean(),
});
export type AccessibilityFilm = z.infer<typeof AccessibilityFilmSchema>;

export const AccessibilityReportSchema = z.strictObject({
  week: z.string(),
  /** Monday and Sunday of the week. */
  from: DateSchema,
  to: DateSchema,
  /** The national films with sessions that week, by title. */
  films: z.array(AccessibilityFilmSchema),
  /** Every film of the list compliant (true for an empty list). */
  compliant: z.boolean(),
});
export type AccessibilityReport = z.infer<typeof AccessibilityReportSchema>;

export const reportEndpoints = {
  'GET /reports/sales': {
    summary:
      'Продажи за период (даты сеансов) по дням, фильмам, сеансам, залам, зонам, типам билетов, каналам или способам оплаты; format=csv|xlsx — файлом',
    access: requires('reports', 'read'),
    query: SalesReportQuerySchema,
    response: SalesReportSchema,
    alsoProduces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  'GET /reports/distributor': {
    summary: 'Отчёт прокатчику: фильм за прокатную неделю (четверг–среда) по дням; format=pdf|xlsx — файлом',
    access: requires('reports', 'read'),
    query: DistributorReportQuerySchema,
    response: DistributorReportSchema,
    alsoProduces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  'GET /reports/distributor/films': {
    summary: 'Фильмы с сеансами в прокатную неделю (четверг–среда), по названию: выбор фильма для отчёта прокатчику',
    access: requires('reports', 'read'),
    query: DistributorFilmsQuerySchema,
    response: DistributorFilmsSchema,
  },
  'GET /reports/accessibility': {
    summary:
      'Субтитры для национальных фильмов (по ПУ или стране) за неделю (ГГГГ-Wнн): сеансы, сеансы с субтитрами, вечерний (18:00–22:00), соответствие правилам Минкультуры',
    access: requires('subtitles', 'read'),
    query: AccessibilityReportQuerySchema,
    response: AccessibilityReportSchema,
  },
} as const satisfies EndpointMap;
