/**
 * The emulator refuses what YooKassa refuses where it matters to a shop that sells tickets with 54-FZ
 * receipts (a shop with receipts switched on): the amount ("N.NN", RUB, above zero), the redirect
 * confirmation and its return_url (or SBP by QR: `payment_method_data: {type: sbp}` with `confirmation:
 * {type: qr}`, a counter payment whose receipt the shop's own cash register prints, so none is asked), a description of at most 128 characters (250 for a refund), metadata
 * within 16 keys, and a receipt with the buyer's e-mail or phone whose items (unit price × quantity) add up
 * to the amount. Amounts are parsed here on their own, not with the client's code, so a bug there shows.
 * Each refusal is a 400 invalid_request naming the parameter, like the real API's.
 */
import { z } from '../../contract/zod';
import { invalidRequest } from './http';

/** "700.00" → 70000; the emulator accepts exactly two decimals, as the documentation writes amounts. */
function kopecksOf(value: string): number {
  const [roubles, kopecks] = value.split('.') as [string, string];
  return Number(roubles) * 100 + Number(kopecks);
}

const AmountSchema = z.object({
  value: z
    .string()
    .regex(/^\d{1,10}\.\d{2}$/)
    .transform(kopecksOf),
  currency: z.literal('RUB'),
});

/** "1.00", "2", 1 → thousandths (a quantity has up to three decimals). */
const QuantitySchema = z
  .union([z.string(), z.number()])
  .transform((q) => String(q))
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,3})?$/))
  .transform((q) => {
    const [whole, fraction = ''] = q.split('.') as [string, string?];
    return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  })
  .refine((milli) => milli > 0);

const PAYMENT_MODES = [
  'full_prepayment',
  'partial_prepayment',
  'advance',
  'full_payment',
  'partial_payment',
  'credit',
  'credit_payment',
] as const;

const ReceiptSchema = z.object({
  customer: z
    .object({
      email: z.email().optional(),
      phone: z
        .string()
        .regex(/^\d{11,15}$/)
        .optional(),
      full_name: z.string().max(256).optional(),
    })
    .refine((c) => c.email !== undefined || c.phone !== undefined),
  items: z
    .array(
      z.object({
        description: z.string().min(1).max(128),
        quantity: QuantitySchema,
        amount: AmountSchema,
        vat_code: z.number().int().min(1).max(12),
        payment_mode: z.enum(PAYMENT_MODES),
        payment_subject: z.string().min(1).max(64),
      }),
    )
    .min(1),
  tax_system_code: z.number().int().min(1).max(6).optional(),
});
export type ParsedReceipt = z.output<typeof ReceiptSchema>;

const MetadataSchema = z
  .record(z.string().min(1).max(32), z.union([z.string().max(512), z.number(), z.boolean()]).transform(String))
  .refine((m) => Object.keys(m).length <= 16);

const CreatePaymentSchema = z.object({
  amount: AmountSchema,
  capture: z.boolean().default(false),
  payment_method_data: z.object({ type: z.enum(['bank_card', 'sbp']) }).optional(),
  confirmation: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('redirect'),
      return_url: z.url({ protocol: /^https?$/ }).max(2048),
      locale: z.enum(['ru_RU', 'en_US']).optional(),
      enforce: z.boolean().optional(),
    }),
    z.object({ type: z.literal('qr'), locale: z.enum(['ru_RU', 'en_US']).optional() }),
  ]),
  description: z.string().max(128).optional(),
  metadata: MetadataSchema.optional(),
  receipt: ReceiptSchema.optional(),
});
export type PaymentRequest = z.output<typeof CreatePaymentSchema>;

const CreateRefundSchema = z.object({
  payment_id: z.string().min(1).max(64),
  amount: AmountSchema,
  description: z.string().max(250).optional(),
  receipt: ReceiptSchema.optional(),
});
export type RefundRequest = z.output<typeof CreateRefundSchema>;

const CaptureSchema = z.object({ amount: AmountSchema.optional() });

/** `receipt.items[0].amount.value`, as the API names a parameter. */
function parameterOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === 'number') return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, '');
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const parameter = parameterOf(issue.path);
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  throw invalidRequest(
    missing ? `Missing required parameter: ${parameter}` : `Invalid value of parameter: ${parameter}`,
    parameter || undefined,
  );
}

/** The receipt's lines must pay for exactly the amount: Σ unit price × quantity. */
function checkReceiptSum(receipt: ParsedReceipt, amountKopecks: number) {
  const sumMilli = receipt.items.reduce((sum, item) => sum + BigInt(item.amount.value) * BigInt(item.quantity), 0n);
  if (sumMilli !== BigInt(amountKopecks) * 1000n) {
    throw invalidRequest("The sum of the receipt items' amounts does not match the amount", 'receipt');
  }
}

/** POST /v3/payments. */
export function parsePaymentRequest(body: unknown): PaymentRequest {
  const request = parse(CreatePaymentSchema, body);
  if (request.amount.value <= 0) throw invalidRequest('The amount must be above zero', 'amount.value');
  const sbp = request.payment_method_data?.type === 'sbp';
  if (request.confirmation.type === 'qr' && !sbp) {
    throw invalidRequest('A QR confirmation needs payment_method_data.type sbp', 'confirmation.type');
  }
  // The shop's own register fiscalises SBP at its counter; every other payment carries the receipt.
  if (!request.receipt && !sbp) throw invalidRequest('Receipt is missing or illegal', 'receipt');
  if (request.receipt) checkReceiptSum(request.receipt, request.amount.value);
  return request;
}

/** POST /v3/refunds; the payment's state is checked by the store. */
export function parseRefundRequest(body: unknown): RefundRequest {
  const request = parse(CreateRefundSchema, body);
  if (request.amount.value <= 0) throw invalidRequest('The amount must be above zero', 'amount.value');
  if (request.receipt) checkReceiptSum(request.receipt, request.amount.value);
  return request;
}

/** POST /v3/payments/{id}/capture: an optional smaller amount. */
export function parseCaptureRequest(body: unknown): { amountKopecks?: number } {
  const request = parse(CaptureSchema, body);
  return request.amount ? { amountKopecks: request.amount.value } : {};
}
