/**
 * Prices (docs/architecture.md, "Prices and halls"): ticket types, price cards (zone × ticket type → price), the
 * rules that suggest a card for a session's day and time, promo codes, and the quote — what a set of
 * seats costs — made by the one pure `quote()` (quote.ts) on both sides. Money in roubles here (two
 * decimals at most), kopecks inside.
 */
import { IdNumberSchema, IdParamsSchema, InstantSchema, pageSchema, StaffPageQuerySchema } from './common';
import {
  ADULT_TICKET_TYPE,
  MAX_SEATS_PER_PURCHASE,
  MAX_TICKET_PRICE,
  PROMO_KINDS,
  TICKET_TYPE_RULES,
} from './constants';
import { PUBLIC, requires, type EndpointMap } from './endpoint';
import { ZoneCodeSchema } from './plans';
import { SeatCodeSchema } from './seats';
import { z } from './zod';

const MoneySchema = z.number().nonnegative();
/** A price typed by staff: roubles with at most two decimals. */
export const PriceInputSchema = z
  .number({ error: 'Введите цену в рублях' })
  .positive('Цена должна быть больше нуля')
  .max(MAX_TICKET_PRICE, `Не больше ${MAX_TICKET_PRICE} ₽`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Не больше двух знаков после запятой');

export const TicketTypeCodeSchema = z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'Неизвестный тип билета');

/** A ticket type: its rule makes its price from the zone's adult price; value is % for percent, roubles for fixed. */
export const TicketTypeSchema = z.strictObject({
  code: TicketTypeCodeSchema,
  name: z.string(),
  rule: z.enum(TICKET_TYPE_RULES),
  value: z.number().nonnegative(),
  /** 'Покажите документ на входе': the door checks it. */
  check_document: z.boolean(),
  active: z.boolean(),
});
export type TicketType = z.infer<typeof TicketTypeSchema>;

export const TicketTypeBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Введите название').max(60, 'Не длиннее 60 символов'),
    rule: z.enum(TICKET_TYPE_RULES, { error: 'Выберите правило' }),
    value: z.number({ error: 'Введите число' }).nonnegative('Не меньше нуля').max(MAX_TICKET_PRICE),
    check_document: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((t, ctx) => {
    if (t.rule === 'percent' && !(Number.isInteger(t.value) && t.value >= 1 && t.value <= 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Скидка — целое число процентов от 1 до 100' });
    if (t.rule === 'fixed' && !(t.value > 0))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Укажите цену' });
  });
export type TicketTypeBody = z.infer<typeof TicketTypeBodySchema>;

export const CardPriceSchema = z.strictObject({
  zone: ZoneCodeSchema,
  ticket_type: TicketTypeCodeSchema,
  price: MoneySchema,
});

/** A price card: the adult price of each zone, and, where a type should not follow its rule, its own price. */
export const PriceCardSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  prices: z.array(CardPriceSchema),
  /** Future sessions sold on this card. */
  sessions: z.number().int().nonnegative(),
});
export type PriceCard = z.infer<typeof PriceCardSchema>;

export const PriceCardBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Введите название').max(120, 'Не длиннее 120 символов'),
    prices: z
      .array(z.strictObject({ zone: ZoneCodeSchema, ticket_type: TicketTypeCodeSchema, price: PriceInputSchema }))
      .max(200),
  })
  .superRefine(({ prices }, ctx) => {
    if (!prices.some((p) => p.zone === 'standard' && p.ticket_type === ADULT_TICKET_TYPE))
      ctx.addIssue({ code: 'custom', path: ['prices'], message: 'Укажите цену взрослого билета в зоне «Стандарт»' });
    const seen = new Set<string>();
    for (const [i, p] of prices.entries()) {
      // It is SPEC's `price` of the card's sessions, a whole number of roubles.
      if (p.zone === 'standard' && p.ticket_type === ADULT_TICKET_TYPE && !Number.isInteger(p.price))
        ctx.addIssue({
          code: 'custom',
          path: ['prices', i, 'price'],
          message: 'Цена взрослого билета в зоне «Стандарт» — целое число рублей: это цена сеанса',
        });
      const key = `${p.zone}/${p.ticket_type}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['prices', i], message: 'Цена указана дважды' });
      seen.add(key);
    }
  });
export type PriceCardBody = z.infer<typeof PriceCardBodySchema>;

const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Время ЧЧ:ММ');

/** Weekdays as a bit mask: Monday = 1, Tuesday = 2, … Sunday = 64. */
export const PriceRuleSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  weekdays: z.number().int().min(1).max(127),
  from_time: z.string(),
  until_time: z.string(),
  card_id: z.number().int(),
  position: z.number().int(),
});
export type PriceRule = z.infer<typeof PriceRuleSchema>;

export const PriceRuleBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Введите название').max(120, 'Не длиннее 120 символов'),
    weekdays: z.number().int().min(1, 'Выберите хотя бы один день').max(127),
    from_time: TimeOfDaySchema,
    until_time: TimeOfDaySchema,
    card_id: IdNumberSchema,
    position: z.number().int().min(0).max(1000).default(0),
  })
  .refine((r) => r.from_time < r.until_time, { path: ['until_time'], message: 'Конец позже начала' });
export type PriceRuleBody = z.input<typeof PriceRuleBodySchema>;

/**
 * The card the rules suggest for a session starting at this cinema wall-clock time: the first rule (by
 * position, then id) whose weekdays and hours hold; null when none does.
 */
export function suggestCard(
  rules: readonly Pick<PriceRule, 'weekdays' | 'from_time' | 'until_time' | 'card_id' | 'position' | 'id'>[],
  cinemaTime: string,
): number | null {
  const [date, time] = cinemaTime.split(' ') as [string, string | undefined];
  const hhmm = (time ?? '00:00').slice(0, 5);
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const rule = rules
    .toSorted((a, b) => a.position - b.position || a.id - b.id)
    .find((r) => (r.weekdays & (1 << weekday)) !== 0 && r.from_time <= hhmm && hhmm < r.until_time);
  return rule?.card_id ?? null;
}

export const PromoCodeTextSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, 'Промокод — от 3 до 32 латинских букв, цифр или дефисов');

export const PromoCodeSchema = z.strictObject({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** percent: 1–100; amount: roubles off the order. */
  value: z.number(),
  valid_from: InstantSchema,
  valid_until: InstantSchema,
  total_limit: z.number().int().nullable(),
  per_buyer_limit: z.number().int().nullable(),
  active: z.boolean(),
  film_ids: z.array(z.number().int()),
  session_ids: z.array(z.number().int()),
  /** Orders that used it (paid or waiting for payment). */
  used: z.number().int().nonnegative(),
});
export type PromoCode = z.infer<typeof PromoCodeSchema>;

const LimitSchema = z.number().int('Целое число').positive('Больше нуля').max(1_000_000).nullable();

export const PromoCodeBodySchema = z
  .strictObject({
    code: PromoCodeTextSchema,
    kind: z.enum(PROMO_KINDS, { error: 'Выберите вид скидки' }),
    value: z.number({ error: 'Введите число' }).positive('Больше нуля').max(MAX_TICKET_PRICE),
    valid_from: InstantSchema,
    valid_until: InstantSchema,
    total_limit: LimitSchema.default(null),
    per_buyer_limit: LimitSchema.default(null),
    active: z.boolean().default(true),
    film_ids: z.array(IdNumberSchema).max(100).default([]),
    session_ids: z.array(IdNumberSchema).max(100).default([]),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && !(Number.isInteger(p.value) && p.value <= 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Скидка — целое число процентов от 1 до 100' });
    if (new Date(p.valid_until) <= new Date(p.valid_from))
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'Конец действия позже начала' });
  });
export type PromoCodeBody = z.input<typeof PromoCodeBodySchema>;

export const QuoteLineInputSchema = z.strictObject({
  seat_number: SeatCodeSchema,
  ticket_type: TicketTypeCodeSchema.default(ADULT_TICKET_TYPE),
});

/** POST /api/orders/quote (and the `lines` and `promo_code` of POST /api/tickets/store). */
export const QuoteBodySchema = z.strictObject({
  schedule_id: IdNumberSchema,
  lines: z
    .array(QuoteLineInputSchema)
    .min(1, 'Выберите хотя бы одно место')
    .max(MAX_SEATS_PER_PURCHASE, `Максимальное количество билетов ${MAX_SEATS_PER_PURCHASE}`)
    .refine((lines) => new Set(lines.map((l) => l.seat_number)).size === lines.length, 'Места не должны повторяться'),
  promo_code: z.union([PromoCodeTextSchema, z.literal('')]).optional(),
});
export type QuoteBody = z.input<typeof QuoteBodySchema>;

export const QuotedLineSchema = z.strictObject({
  seat_number: SeatCodeSchema,
  zone: z.string(),
  ticket_type: z.string(),
  /** The zone's adult price. */
  base: MoneySchema,
  type_discount: MoneySchema,
  promo_discount: MoneySchema,
  price: MoneySchema,
});
export type QuotedLineView = z.infer<typeof QuotedLineSchema>;

export const QuoteSchema = z.strictObject({
  lines: z.array(QuotedLineSchema),
  total: MoneySchema,
  /** The code applied and what it took off in all. */
  promo: z.strictObject({ code: z.string(), discount: MoneySchema }).nullable(),
  /** Why the code typed does not apply (in Russian); null when none was typed or it applies. */
  promo_error: z.string().nullable(),
  /** The film's distributor forbids discounts for this session ('без скидок'). */
  discounts_forbidden: z.boolean(),
});
export type QuoteView = z.infer<typeof QuoteSchema>;

export const PromoQuerySchema = StaffPageQuerySchema;

export const priceEndpoints = {
  'GET /ticket-types': { summary: 'Типы билетов и их правила', access: PUBLIC, response: z.array(TicketTypeSchema) },
  'PUT /ticket-types/:code': {
    summary: 'Изменить или добавить тип билета',
    access: requires('prices', 'update'),
    params: z.strictObject({ code: TicketTypeCodeSchema }),
    body: TicketTypeBodySchema,
    response: TicketTypeSchema,
  },
  'GET /price-cards': {
    summary: 'Ценовые карты',
    access: requires('prices', 'list'),
    response: z.array(PriceCardSchema),
  },
  'POST /price-cards': {
    summary: 'Новая ценовая карта',
    access: requires('prices', 'create'),
    body: PriceCardBodySchema,
    response: PriceCardSchema,
    status: 201,
  },
  'PUT /price-cards/:id': {
    summary: 'Изменить ценовую карту (проданные билеты не меняются)',
    access: requires('prices', 'update'),
    params: IdParamsSchema,
    body: PriceCardBodySchema,
    response: PriceCardSchema,
  },
  'DELETE /price-cards/:id': {
    summary: 'Удалить ценовую карту; 409, если по ней продаются сеансы',
    access: requires('prices', 'delete'),
    params: IdParamsSchema,
    response: z.strictObject({ ok: z.literal(true) }),
  },
  'GET /price-rules': {
    summary: 'Правила выбора карты по дню и времени',
    access: requires('prices', 'list'),
    response: z.array(PriceRuleSchema),
  },
  'POST /price-rules': {
    summary: 'Новое правило',
    access: requires('prices', 'create'),
    body: PriceRuleBodySchema,
    response: PriceRuleSchema,
    status: 201,
  },
  'PUT /price-rules/:id': {
    summary: 'Изменить правило',
    access: requires('prices', 'update'),
    params: IdParamsSchema,
    body: PriceRuleBodySchema,
    response: PriceRuleSchema,
  },
  'DELETE /price-rules/:id': {
    summary: 'Удалить правило',
    access: requires('prices', 'delete'),
    params: IdParamsSchema,
    response: z.strictObject({ ok: z.literal(true) }),
  },
  'GET /promo-codes': {
    summary: 'Промокоды постранично; q — поиск по коду',
    access: requires('promo', 'list'),
    query: PromoQuerySchema,
    response: pageSchema(PromoCodeSchema),
  },
  'POST /promo-codes': {
    summary: 'Новый промокод; 409, если такой код уже есть',
    access: requires('promo', 'create'),
    body: PromoCodeBodySchema,
    response: PromoCodeSchema,
    status: 201,
  },
  'PUT /promo-codes/:id': {
    summary: 'Изменить промокод',
    access: requires('promo', 'update'),
    params: IdParamsSchema,
    body: PromoCodeBodySchema,
    response: PromoCodeSchema,
  },
  'DELETE /promo-codes/:id': {
    summary: 'Удалить промокод; использованный только выключается',
    access: requires('promo', 'delete'),
    params: IdParamsSchema,
    response: z.strictObject({ ok: z.literal(true) }),
  },
  'POST /orders/quote': {
    summary: 'Цена выбранных мест: зона, тип билета, карта сеанса, промокод',
    access: PUBLIC,
    body: QuoteBodySchema,
    response: QuoteSchema,
  },
} as const satisfies EndpointMap;
