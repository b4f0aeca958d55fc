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

/** A database id in a JSON body: a whole positive number within PostgreSQL's integer. */
export const IdNumberSchema = z.number().int().positive().max(MAX_ID, 'Слишком большое число');

/** `/{id}` routes. */
export const IdParamsSchema = z.strictObject({ id: IdSchema });

/** A session's or promotion's time: the cinema's wall clock, 'YYYY-MM-DD HH:mm:ss' (see time.ts). */
export const CinemaTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

/** A calendar date, 'YYYY-MM-DD'. */
export const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const isRealDate = (text: string) => {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
};
/** A day of the calendar a filter names (a report's period): 'YYYY-MM-DD' that exists (no 2026-02-30). */
export const RealDateSchema = DateSchema.refine(isRealDate, 'Дата в формате ГГГГ-ММ-ДД');

/** Days from one calendar date to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** An instant in ISO 8601 (creation times). */
export const InstantSchema = z.iso.datetime({ offset: true });

/** `?page=&per_page=` with SPEC's page size by default. */
export const pageQuerySchema = (defaultSize: number, maxSize = 100) =>
  z.strictObject({
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

/** A staff table's page: `?page=&per_page=` (20 by default) and an optional search text `q`. */
export const StaffPageQuerySchema = pageQuerySchema(20).extend({
  q: z.string().trim().max(100, 'Слишком длинный запрос').optional(),
});
export type StaffPageQuery = z.infer<typeof StaffPageQuerySchema>;

/**
 * A whole number from a form: multipart fields are text ('42'), JSON may send 42. Anything else
 * (fractions, exponents, spaces, beyond PostgreSQL's integer) is refused.
 */
export const FormIntSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,10}$/, 'Введите целое число')
        .transform(Number),
    ],
    {
      error: 'Введите целое число',
    },
  )
  .pipe(z.number().int('Введите целое число').min(-MAX_ID).max(MAX_ID, 'Слишком большое число'));

/** A database id from a form field. */
export const FormIdSchema = FormIntSchema.pipe(z.number().positive('Выберите значение из списка'));

/**
 * A yes/no field: a JSON boolean, or a form's text 'true' / 'false' (multipart sends text). Anything
 * else is refused, naming the field's rule.
 */
export const formBooleanSchema = (message = 'Значение должно быть да или нет') =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: message });

/**
 * A database id picked from a list (a select): an empty or malformed value says what to pick
 * ('Выберите фильм'), not what kind of text it is.
 */
export const chosenIdSchema = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).positive(message).max(MAX_ID, message));
