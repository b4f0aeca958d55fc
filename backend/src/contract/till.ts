/**
 * The box office (docs/architecture.md, "The box office"): a cashier's shift (opened with a
 * float, closed with the counted cash), sales at the till to walk-ins (cash, card on the bank's terminal,
 * or a payment link) and refunds at the counter. Money in roubles, as everywhere at the edges.
 */
import { EmailSchema } from './auth';
import {
  CinemaTimeSchema,
  daysBetween,
  IdParamsSchema,
  pageSchema,
  RealDateSchema,
  StaffPageQuerySchema,
} from './common';
import { PAYMENT_METHODS, REFUND_METHODS, SHIFT_STATUSES, TILL_METHODS } from './constants';
import { FiscalDataSchema, RegisterShiftSchema } from './fiscal';
import { formatRoubles } from './format';
import { kopecksOf, roublesOf } from './money';
import { requires, type EndpointMap } from './endpoint';
import { OrderSchema, StaffOrderSchema } from './orders';
import { PushkinVisitorSchema } from './pushkin';
import { QuoteBodySchema } from './prices';
import { OwnTicketSchema } from './tickets';
import { z } from './zod';

const MoneySchema = z.number().nonnegative();
/** An amount of cash typed at the counter: roubles with at most kopecks, up to a million. */
const CashSchema = z
  .number({ error: 'Введите сумму' })
  .nonnegative('Сумма не может быть отрицательной')
  .max(1_000_000, 'Не больше 1 000 000 ₽')
  .refine((n) => Math.round(n * 100) === n * 100, 'Не больше двух знаков после запятой');

export const TillNameSchema = z.string().trim().min(1, 'Назовите кассу').max(40, 'Не больше 40 символов');

export const ShiftOpenBodySchema = z.strictObject({
  /** The cash in the drawer at the start (roubles). */
  float: CashSchema,
  /** The till's name (DEFAULT_TILL when none). */
  till: TillNameSchema.optional(),
});
export type ShiftOpenBody = z.infer<typeof ShiftOpenBodySchema>;

export const ShiftCloseBodySchema = z.strictObject({
  /** The cash counted in the drawer at the end (roubles). */
  counted: CashSchema,
});

const MethodTotalsSchema = z.strictObject({ count: z.number().int(), amount: MoneySchema });
/** Totals under each of the methods, every method present (zeros when nothing was sold that way). */
const totalsByMethod = <M extends string>(methods: readonly M[]) =>
  z.strictObject(
    Object.fromEntries(methods.map((method) => [method, MethodTotalsSchema])) as Record<M, typeof MethodTotalsSchema>,
  );

/** A shift and its report: sales and refunds by method, the cash expected in the drawer, what was counted. */
export const ShiftSchema = z.strictObject({
  id: z.number().int(),
  till: z.string(),
  cashier: z.strictObject({ id: z.number().int(), fio: z.string() }),
  status: z.enum(SHIFT_STATUSES),
  opened_at: CinemaTimeSchema,
  closed_at: CinemaTimeSchema.nullable(),
  float: MoneySchema,
  /** Paid sales counted to the shift, by payment method (count = tickets sold, amount = roubles). */
  sales: totalsByMethod(PAYMENT_METHODS),
  /** Refunds settled by the shift's cashier at the counter, and through the provider, by method. */
  refunds: totalsByMethod(REFUND_METHODS),
  /** float + cash sales − cash refunds: now while open, as fixed at closing once closed. */
  expected: z.number(),
  counted: MoneySchema.nullable(),
  /** counted − expected (negative: cash is missing); null while open. */
  difference: z.number().nullable(),
  /** The cash register's shift (its number, 24-hour deadline, receipts, Z-report); null if it never knew this one. */
  register: RegisterShiftSchema.nullable(),
});
export type ShiftView = z.infer<typeof ShiftSchema>;

/**
 * What the difference says at the count: 'Излишек 10 ₽' (more cash than expected), 'Недостача 10 ₽', or
 * 'Без расхождений' — the page, the close form and the PDF say it alike.
 */
export function differenceText(difference: number): string {
  if (difference === 0) return 'Без расхождений';
  return `${difference > 0 ? 'Излишек' : 'Недостача'} ${formatRoubles(Math.abs(difference))}`;
}

/** A report's totals by method summed (to the kopeck): the «Итого» row of its sales or its refunds. */
export function methodsTotal(byMethod: Record<string, { count: number; amount: number }>): {
  count: number;
  amount: number;
} {
  let count = 0;
  let kopecks = 0;
  for (const t of Object.values(byMethod)) {
    count += t.count;
    kopecks += kopecksOf(t.amount);
  }
  return { count, amount: roublesOf(kopecks) };
}

/**
 * GET /api/shifts: newest first; shifts opened from–to (the cinema's calendar, both days included), open
 * or closed ones, and `q` searches the cashier's name and the till.
 */
export const ShiftListQuerySchema = StaffPageQuerySchema.extend({
  status: z.enum(SHIFT_STATUSES, { error: 'Статус: open или closed' }).optional(),
  from: RealDateSchema.optional(),
  to: RealDateSchema.optional(),
}).superRefine((q, ctx) => {
  if (q.from && q.to && daysBetween(q.from, q.to) < 0)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец периода раньше начала' });
});
export type ShiftListQuery = z.infer<typeof ShiftListQuerySchema>;

/** The shift report's file name: 'shift_12.pdf'. */
export const shiftPdfName = (id: number) => `shift_${id}.pdf`;

const CONTACT_RULE = 'Почта (name@example.ru) или телефон (+7 900 123-45-67)';

/** A phone typed at the counter as the register sends it (+7XXXXXXXXXX); null when the contact is not one. */
export function contactPhone(contact: string): string | null {
  const text = contact.trim();
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const match = /^(?:\+7|8|7)(\d{10})$/.exec(text.replace(/[\s()-]/g, ''));
  return match ? `+7${match[1]}` : null;
}

/** The buyer's contact typed at the counter: an e-mail (tickets and receipt) or a phone (the receipt). */
const TillContactSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(255, 'Слишком длинный адрес')
  .refine((text) => contactPhone(text) !== null || EmailSchema.safeParse(text).success, CONTACT_RULE);

/** POST /api/till/orders: the quote's lines and promo code, and how the buyer pays. */
export const TillOrderBodySchema = QuoteBodySchema.extend({
  method: z.enum(TILL_METHODS, { error: 'Выберите способ оплаты' }),
  /** Cash: what the buyer handed over (roubles); the exact total when left out. */
  given: CashSchema.optional(),
  /** Card: the terminal's retrieval reference number (RRN), when the cashier types it. */
  rrn: z
    .string()
    .trim()
    .regex(/^\d{12}$/, 'RRN — 12 цифр с чека терминала')
    .optional(),
  /**
   * Where the tickets (and for a link, the payment link) go: an e-mail typed at the counter; or a phone,
   * to which the register's receipt is sent (no tickets by text message).
   */
  contact: TillContactSchema.optional(),
  /** Pushkin card: the holder (full name and phone: the ticket is personal). */
  visitor: PushkinVisitorSchema.optional(),
  /** Pushkin card: the id of the cinema's Pushkin («белый») terminal, from its slip. */
  terminal_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,32}$/, 'ID терминала — латинские буквы и цифры с чека терминала')
    .optional(),
  /**
   * A manager's override: if the cash register cannot print the receipt, sell anyway and queue the sale
   * for a correction receipt, for this reason (managers and the admin only).
   */
  no_receipt_reason: z.string().trim().min(3, 'Напишите причину').max(500, 'Не больше 500 символов').optional(),
}).superRefine((body, ctx) => {
  if (body.given !== undefined && body.method !== 'cash')
    ctx.addIssue({ code: 'custom', path: ['given'], message: 'Полученная сумма — только для оплаты наличными' });
  if (body.rrn !== undefined && body.method !== 'card' && body.method !== 'pushkin')
    ctx.addIssue({ code: 'custom', path: ['rrn'], message: 'RRN — только для оплаты картой' });
  if (body.method === 'pushkin') {
    if (body.lines.length !== 1)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'По Пушкинской карте — один билет на владельца карты' });
    if (!body.visitor)
      ctx.addIssue({ code: 'custom', path: ['visitor'], message: 'Укажите ФИО и телефон владельца Пушкинской карты' });
    if (body.rrn === undefined)
      ctx.addIssue({ code: 'custom', path: ['rrn'], message: 'Введите RRN с чека Пушкинского терминала' });
    if (body.terminal_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['terminal_id'], message: 'Введите ID Пушкинского терминала' });
  } else {
    if (body.visitor !== undefined)
      ctx.addIssue({ code: 'custom', path: ['visitor'], message: 'Владелец карты — только для Пушкинской карты' });
    if (body.terminal_id !== undefined)
      ctx.addIssue({ code: 'custom', path: ['terminal_id'], message: 'ID терминала — только для Пушкинской карты' });
  }
  if (body.no_receipt_reason !== undefined && body.method === 'link')
    ctx.addIssue({ code: 'custom', path: ['no_receipt_reason'], message: 'Чек по ссылке пробивает платёжный сервис' });
  if (body.no_receipt_reason !== undefined && body.method === 'sbp')
    ctx.addIssue({ code: 'custom', path: ['no_receipt_reason'], message: 'Чек за СБП касса пробивает после оплаты' });
  if (body.method === 'link' && (!body.contact || contactPhone(body.contact) !== null))
    ctx.addIssue({ code: 'custom', path: ['contact'], message: 'Укажите почту: на неё придёт ссылка на оплату' });
});
export type TillOrderBody = z.infer<typeof TillOrderBodySchema>;

/** The sale: the order (pending with its confirmation_url for a link), its tickets, the change to give. */
export const TillOrderSchema = OrderSchema.extend({
  payment_method: z.enum(PAYMENT_METHODS),
  till: z.string(),
  shift_id: z.number().int(),
  given: MoneySchema.nullable(),
  change: MoneySchema.nullable(),
  rrn: z.string().nullable(),
  /** The register's receipt of the sale (cash and card); null for a link, paid online with the provider's receipt. */
  fiscal: FiscalDataSchema.nullable(),
  /** Sold without a receipt on a manager's override: its correction receipt is queued. */
  receipt_pending: z.boolean(),
  /** SBP while it waits for the buyer: the provider's QR content to show (till and second screen); else null. */
  qr: z.string().nullable(),
  /** The tickets to print (with their check-in codes), once paid. */
  tickets: z.array(OwnTicketSchema),
});
export type TillOrder = z.infer<typeof TillOrderSchema>;

/** POST /api/till/refunds: a ticket by its number or its QR (check-in) code, and the reason. */
export const TillRefundBodySchema = z
  .strictObject({
    ticket_id: z.number().int().positive().max(2_147_483_647).optional(),
    code: z.string().trim().min(1).max(80).optional(),
    /** Required after the session has started (the admin only). */
    reason: z.string().trim().min(3, 'Напишите причину возврата').max(500, 'Не больше 500 символов').optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.ticket_id === undefined) === (body.code === undefined))
      ctx.addIssue({ code: 'custom', path: ['ticket_id'], message: 'Укажите номер билета или его код' });
  });
export type TillRefundBody = z.infer<typeof TillRefundBodySchema>;

export const TillRefundSchema = z.strictObject({
  ticket_id: z.number().int(),
  /** cash / card: out of the drawer (or back to the card) at once; provider: an online payment goes back. */
  method: z.enum(REFUND_METHODS),
  amount: MoneySchema,
  /** The shift it counts to (cash and card refunds). */
  shift_id: z.number().int().nullable(),
  order: StaffOrderSchema,
});
export type TillRefund = z.infer<typeof TillRefundSchema>;

/** The till prints an order's tickets on its 80 mm thermal printer or on A4. */
export const TillTicketsPdfQuerySchema = z.strictObject({
  format: z.enum(['80mm', 'a4'], { error: 'Формат: 80mm или a4' }).default('80mm'),
});

export const tillEndpoints = {
  /** 409 shift_open when the caller (or the till) has an open shift already. */
  'POST /shifts/open': {
    summary: 'Открыть смену в кассе с разменной суммой',
    access: requires('shifts', 'create'),
    body: ShiftOpenBodySchema,
    response: ShiftSchema,
    status: 201,
  },
  /** The caller's open shift; 404 when none is open. */
  'GET /shifts/current': {
    summary: 'Открытая смена текущего кассира',
    access: requires('shifts', 'read'),
    response: ShiftSchema,
  },
  /** A cashier reads their own shifts only (404 for another's); managers and the admin read all. */
  'GET /shifts/:id': {
    summary: 'Отчёт смены: продажи по способам оплаты, возвраты, ожидаемая и пересчитанная наличность',
    access: requires('shifts', 'read'),
    params: IdParamsSchema,
    response: ShiftSchema,
  },
  /** Newest first; a cashier gets their own shifts only, managers and the admin every shift. */
  'GET /shifts': {
    summary: 'Смены кассиров: касса, кассир, открытие и закрытие, ожидаемая и пересчитанная наличность',
    access: requires('shifts', 'read'),
    query: ShiftListQuerySchema,
    response: pageSchema(ShiftSchema),
  },
  /** The report as a PDF (shift_{id}.pdf); whose shift, as for GET /shifts/{id} (404 for another's). */
  'GET /shifts/:id/pdf': {
    summary: 'Отчёт смены в PDF (shift_{id}.pdf)',
    access: requires('shifts', 'read'),
    params: IdParamsSchema,
    response: z.never(),
    produces: 'application/pdf',
  },
  /** 409 shift_closed when it is closed already. */
  'POST /shifts/:id/close': {
    summary: 'Закрыть смену с пересчитанной наличностью',
    access: requires('shifts', 'update'),
    params: IdParamsSchema,
    body: ShiftCloseBodySchema,
    response: ShiftSchema,
  },
  /**
   * 201 with the order: cash and card are paid at once, a link is pending with its confirmation_url, SBP
   * is pending with its `qr`. 409 no_open_shift, seat_taken, session_started; 400 when the cash given is
   * less than the total.
   */
  'POST /till/orders': {
    summary: 'Продать билеты в кассе: наличные, карта, СБП по QR-коду или ссылка на оплату',
    access: requires('till', 'sell'),
    body: TillOrderBodySchema,
    response: TillOrderSchema,
    status: 201,
  },
  /** A till order as the till asks again while it waits (SBP by QR): paid, its receipt, or cancelled. */
  'GET /till/orders/:id': {
    summary: 'Заказ кассы: оплачен ли (СБП), чек, билеты',
    access: requires('till', 'sell'),
    params: IdParamsSchema,
    response: TillOrderSchema,
  },
  /** The order's sold tickets, one a page; 404 for an order not sold at the till or with nothing sold. */
  'GET /till/orders/:id/tickets': {
    summary: 'Билеты заказа кассы для печати (PDF: чековая лента 80 мм или A4)',
    access: requires('till', 'sell'),
    params: IdParamsSchema,
    query: TillTicketsPdfQuerySchema,
    response: z.never(),
    produces: 'application/pdf',
  },
  /**
   * Before the session any staff with the right; after its start the admin only, with a reason (409
   * refund_closed otherwise). 409 no_open_shift for a cash or card sale without an open shift.
   */
  'POST /till/refunds': {
    summary: 'Вернуть билет в кассе по номеру или QR-коду',
    access: requires('till', 'refund'),
    body: TillRefundBodySchema,
    response: TillRefundSchema,
  },
} as const satisfies EndpointMap;
