/**
 * Promotions (SPEC's stocks): GET /api/stocks, GET /api/stocks/{id}; the back office's
 * GET /api/stocks/admin and POST /api/stocks/create.
 */
import { CinemaTimeSchema, IdParamsSchema, pageSchema, StaffPageQuerySchema } from './common';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { fromCinemaTime } from './time';
import { z } from './zod';

export const StockSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  img: z.string(),
  /** Cinema wall-clock time, 'YYYY-MM-DD HH:mm:ss'. */
  date_start: CinemaTimeSchema,
  date_end: CinemaTimeSchema,
});
export type Stock = z.infer<typeof StockSchema>;

/** GET /api/stocks: promotions that have not ended, by start date (running ones before coming ones). */
export const StockListSchema = z.array(StockSchema);

export const STOCK_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const STOCK_TITLE_MAX = 255;
export const STOCK_TEXT_MAX = 5000;

/** A promotion's start or end from the form: the cinema's wall clock, 'YYYY-MM-DD HH:mm[:ss]' or with 'T'. */
const PromotionTimeSchema = (what: string) =>
  z.string({ error: `Укажите дату и время ${what}` }).transform((text, ctx) => {
    // An empty picker (or a half-filled one, which reads as empty) says what to do, not a format.
    if (!text.trim()) {
      ctx.addIssue({ code: 'custom', message: `Укажите дату и время ${what}` });
      return z.NEVER;
    }
    try {
      return fromCinemaTime(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `Укажите дату и время ${what}: ГГГГ-ММ-ДД ЧЧ:ММ` });
      return z.NEVER;
    }
  });

/** POST /api/stocks/create (multipart; img is the file): everything required, the end after the start. */
export const StockCreateBodySchema = z
  .strictObject({
    title: z
      .string({ error: 'Введите название' })
      .trim()
      .min(1, 'Введите название')
      .max(STOCK_TITLE_MAX, `Не больше ${STOCK_TITLE_MAX} символов`),
    text: z
      .string({ error: 'Введите текст' })
      .trim()
      .min(1, 'Введите текст')
      .max(STOCK_TEXT_MAX, `Не больше ${STOCK_TEXT_MAX} символов`),
    date_start: PromotionTimeSchema('начала'),
    date_end: PromotionTimeSchema('окончания'),
  })
  .refine((b) => b.date_end > b.date_start, { path: ['date_end'], message: 'Окончание должно быть позже начала' });
export type StockCreateBody = z.input<typeof StockCreateBodySchema>;

export const stockEndpoints = {
  'GET /stocks': { summary: 'Акции, которые ещё идут или впереди', access: PUBLIC, response: StockListSchema },
  'GET /stocks/admin': {
    summary: 'Все акции для панели, прошедшие и будущие, новые первыми; q — поиск по названию',
    access: requires('stock', 'list'),
    query: StaffPageQuerySchema,
    response: pageSchema(StockSchema),
  },
  'GET /stocks/:id': { summary: 'Акция', access: PUBLIC, params: IdParamsSchema, response: StockSchema },
  'POST /stocks/create': {
    summary: 'Добавить акцию: title, text, img, date_start, date_end',
    access: requires('stock', 'create'),
    body: StockCreateBodySchema,
    upload: { files: { img: { maxBytes: STOCK_IMAGE_MAX_BYTES, required: true } } },
    response: StockSchema,
    status: 201,
  },
} as const satisfies EndpointMap;
