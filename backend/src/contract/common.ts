/** Building blocks shared by the domain contracts: ids in paths and queries, paging, time text. */
import { z } from './zod';

/** PostgreSQL `integer` upper bound: larger ids cannot exist, so they are refused as malformed. */
const MAX_ID = 2_147_483_647;

/** A positive database id written as digits (a path segment or a query value), e.g. '42' → 42. */
export const IdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Ожидается положительное целое число')
  .transform(Number)
  .pipe(z.number().max(MAX_ID, 'Слишком большое число'));

/** `/{id}` routes. */
export const IdParamsSchema = z.object({ id: IdSchema });

/** A session's or promotion's time: the cinema's wall clock, 'YYYY-MM-DD HH:mm:ss' (see time.ts). */
export const CinemaTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** A calendar date, 'YYYY-MM-DD'. */
export const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An instant in ISO 8601 (creation times). */
export const InstantSchema = z.iso.datetime({ offset: true });

/** `?page=&per_page=` with SPEC's page size by default. */
export const pageQuerySchema = (defaultSize: number, maxSize = 100) =>
  z.object({
    page: IdSchema.default(1),
    per_page: IdSchema.pipe(z.number().max(maxSize, `Не больше ${maxSize} на странице`)).default(defaultSize),
  });

/** A page of a long list: `{data, total, last_page}`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    total: z.number().int().nonnegative(),
    last_page: z.number().int().positive(),
  });
