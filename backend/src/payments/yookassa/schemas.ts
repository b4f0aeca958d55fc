/**
 * The answers of YooKassa API v3 that the client reads, as the API reference and the official SDKs
 * (yoomoney/yookassa-sdk-php, yookassa-sdk-python) describe them: the payment and refund objects, the
 * error body, the 202 "processing" body and the notification body. Only the fields we use are listed;
 * others are ignored. Amounts become kopecks here, so nothing past this file sees a rouble string.
 */
import { z } from '../../contract/zod';
import { valueToKopecks } from './amount';

/** `{ value: "700.00", currency: "RUB" }` → kopecks. The shop takes roubles only: another currency is unreadable. */
const AmountSchema = z
  .object({ value: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/), currency: z.literal('RUB') })
  .transform(({ value }) => valueToKopecks(value)!);

/** Who cancelled and why; the values are kept as strings, since YooKassa adds reasons over time. */
const CancellationSchema = z.object({ party: z.string(), reason: z.string() });

/** GET /v3/payments/{id}, and the answer of POST /v3/payments. */
export const YkPaymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: AmountSchema,
  /** redirect: `confirmation_url`; qr (SBP): `confirmation_data`, the QR's content. */
  confirmation: z
    .object({ type: z.string(), confirmation_url: z.string().optional(), confirmation_data: z.string().optional() })
    .optional(),
  /** Everything we wrote at creation, values as strings. */
  metadata: z.record(z.string(), z.unknown()).nullish(),
  /** Present once something was refunded. */
  refunded_amount: AmountSchema.optional(),
  cancellation_details: CancellationSchema.optional(),
  /** The card operation's details once authorised: its RRN (the Pushkin card's registry and ЕАИС need it). */
  authorization_details: z.object({ rrn: z.string().optional() }).optional(),
});
export type YkPayment = z.output<typeof YkPaymentSchema>;

/** GET /v3/refunds/{id}, and the answer of POST /v3/refunds. */
export const YkRefundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: AmountSchema,
  cancellation_details: CancellationSchema.optional(),
});
export type YkRefund = z.output<typeof YkRefundSchema>;

/** The body of every 4xx and 500 answer. */
export const YkErrorSchema = z.object({
  type: z.literal('error'),
  id: z.string().optional(),
  code: z.string().optional(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

/** HTTP 202: accepted, not finished; ask again with the same key after `retry_after` milliseconds. */
export const YkProcessingSchema = z.object({
  type: z.literal('processing'),
  retry_after: z.number().nonnegative().optional(),
});

/** An object id as it may appear in a path: YooKassa's ids are UUID-like. */
export const YkObjectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A notification body: only its event and the id of its object are ever read. */
export const YkNotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.object({ id: YkObjectIdSchema }),
});
