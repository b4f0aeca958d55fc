/** Promotions (SPEC's stocks): GET /api/stocks, GET /api/stocks/{id}. */
import { CinemaTimeSchema, IdParamsSchema } from './common';
import { PUBLIC, type EndpointMap } from './endpoint';
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

export const stockEndpoints = {
  'GET /stocks': { summary: 'Акции, которые ещё идут или впереди', access: PUBLIC, response: StockListSchema },
  'GET /stocks/:id': { summary: 'Акция', access: PUBLIC, params: IdParamsSchema, response: StockSchema },
} as const satisfies EndpointMap;
