/**
 * The cash register's part of the till's answers (docs/architecture.md, "The cash register"): a receipt's fiscal data
 * on a counter order, and the register's shift beside Kino's on a shift report. Money in roubles.
 */
import { CinemaTimeSchema, IdParamsSchema } from './common';
import { requires, type EndpointMap } from './endpoint';
import { z } from './zod';

const MoneySchema = z.number().nonnegative();

/** A receipt as the register fiscalised it: what the viewer's paper receipt and the tax office know it by. */
export const FiscalDataSchema = z.strictObject({
  document_number: z.number().int(),
  fiscal_sign: z.string(),
  fn_number: z.string(),
  registration_number: z.string(),
  shift_number: z.number().int(),
  receipt_number: z.number().int(),
  /** As the register printed it, in the cinema's time. */
  datetime: CinemaTimeSchema,
});
export type FiscalData = z.infer<typeof FiscalDataSchema>;

/** Money by the receipt's payment type: cash, or electronically (card, SBP). */
const PaymentTotalsSchema = z.strictObject({ cash: MoneySchema, electronically: MoneySchema });

export const RegisterShiftSchema = z.strictObject({
  /** The register's own shift number (on every receipt and the Z-report). */
  shift_number: z.number().int(),
  /** When the register's shift turns 24 hours old and refuses sales until closed; null once closed. */
  expires_at: CinemaTimeSchema.nullable(),
  /** Receipts and return receipts Kino had fiscalised in this shift. */
  receipts: z.number().int(),
  /** Their money: sales (приход) and returns (возврат прихода). */
  totals: z.strictObject({ sell: PaymentTotalsSchema, sell_return: PaymentTotalsSchema }),
  /** The register's Z-report when this shift closed it: its own count and totals, to compare with Kino's. */
  z_report: z
    .strictObject({
      document_number: z.number().int(),
      receipts: z.number().int(),
      totals: z.strictObject({ sell: PaymentTotalsSchema, sell_return: PaymentTotalsSchema }),
    })
    .nullable(),
});
export type RegisterShift = z.infer<typeof RegisterShiftSchema>;

/**
 * A counter sale taken without its receipt, or a counter refund without its return receipt, waiting for its
 * correction receipt (REGISTRIES.md §1.7).
 */
export const FiscalCorrectionSchema = z.strictObject({
  id: z.number().int(),
  /** sale: a sellCorrection; return: a sellReturnCorrection. */
  kind: z.enum(['sale', 'return']),
  /** Null for a receipt printed for a sale that was refused (no order was made): `reason` says so. */
  order_id: z.number().int().nullable(),
  total: MoneySchema,
  reason: z.string(),
  requested_by: z.strictObject({ id: z.number().int(), fio: z.string() }),
  created_at: CinemaTimeSchema,
  /** The correction receipt once issued; null while it waits. */
  fiscal: FiscalDataSchema.nullable(),
});
export type FiscalCorrection = z.infer<typeof FiscalCorrectionSchema>;

/** An X-report the register printed: the shift's figures so far, the shift left open. */
export const XReportSchema = z.strictObject({
  shift_number: z.number().int(),
  document_number: z.number().int(),
  /** Receipts in the register's shift so far. */
  receipts: z.number().int(),
  datetime: CinemaTimeSchema,
});
export type XReport = z.infer<typeof XReportSchema>;

export const fiscalEndpoints = {
  /** On the caller's open shift; 409 no_open_shift without one, register_refused / 503 as for a sale. */
  'POST /fiscal/report-x': {
    summary: 'Напечатать X-отчёт кассы (итоги смены без её закрытия)',
    access: requires('till', 'sell'),
    response: XReportSchema,
  },
  /** Oldest first: the sales taken without a receipt whose correction receipt is still to be issued. */
  'GET /fiscal/corrections': {
    summary: 'Продажи без чека, ждущие чека коррекции',
    access: requires('shifts', 'list'),
    response: z.array(FiscalCorrectionSchema),
  },
  /** Sends sellCorrection to the register; 409 register_refused, 503 register_unavailable, 409 conflict once issued. */
  'POST /fiscal/corrections/:id/issue': {
    summary: 'Пробить чек коррекции за продажу без чека',
    access: requires('shifts', 'list'),
    params: IdParamsSchema,
    response: FiscalCorrectionSchema,
  },
} as const satisfies EndpointMap;
