/** Promotions (SPEC's stocks): GET /api/stocks, GET /api/stocks/{id}. */
import { CinemaTimeSchema } from './common';
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
