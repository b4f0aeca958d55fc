/**
 * YooKassa API v3 (https://yookassa.ru/developers/api) as a PaymentProvider: create a one-stage payment
 * with a 54-FZ receipt, read it, refund it, read the refund. How calls are made and answers read
 * (auth, idempotence keys, retries, refused vs unavailable): transport.ts; the bodies: requests.ts; the
 * answers: schemas.ts. The protocol facts: docs/architecture.md, "YooKassa facts the code relies on".
 */
import type {
  CreatePaymentInput,
  CreateRefundInput,
  PaymentProvider,
  ProviderPayment,
  ProviderRefund,
} from '../provider';
import { ProviderError } from '../provider';
import { paymentBody, refundBody, type PaymentMode, type ReceiptSettings } from './requests';
import { YkObjectIdSchema, YkPaymentSchema, YkRefundSchema, type YkPayment, type YkRefund } from './schemas';
import { createTransport, type TransportLogger } from './transport';
import type { z } from '../../contract/zod';

export interface YooKassaClientOptions {
  /** Default https://api.yookassa.ru/v3 (tests and the demo point it at the emulator). */
  apiUrl?: string;
  shopId: string;
  secretKey: string;
  /** The receipt's VAT code, 1..12; default 1 (без НДС). */
  vatCode?: number;
  /** The receipt's payment mode; default full_payment. */
  paymentMode?: PaymentMode;
  /** Limit of one attempt; default 10 s. */
  timeoutMs?: number;
  /** Waits between attempts on a timeout, network error, 429 or 5xx; default [500, 2000, 5000] (4 attempts). */
  retryDelaysMs?: readonly number[];
  logger?: TransportLogger;
  /** The name stored with its payments; default 'yookassa' (the Pushkin card's second shop: 'yookassa_pushkin'). */
  name?: string;
}

export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3';

/** See the file's comment. Throws ProviderError: `refused` on a 4xx, `unavailable` when the outcome is unknown. */
export class YooKassaClient implements PaymentProvider {
  readonly name: string;
  private readonly settings: ReceiptSettings;
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(options: YooKassaClientOptions) {
    const vatCode = options.vatCode ?? 1;
    if (!Number.isInteger(vatCode) || vatCode < 1 || vatCode > 12) {
      throw new RangeError(`YooKassa vat_code must be an integer from 1 to 12, not ${vatCode}`);
    }
    if (!options.shopId || !options.secretKey) throw new RangeError('YooKassa needs a shop id and a secret key');
    this.name = options.name ?? 'yookassa';
    this.settings = { vatCode, paymentMode: options.paymentMode ?? 'full_payment' };
    this.transport = createTransport({
      apiUrl: options.apiUrl ?? YOOKASSA_API_URL,
      shopId: options.shopId,
      secretKey: options.secretKey,
      timeoutMs: options.timeoutMs ?? 10_000,
      retryDelaysMs: options.retryDelaysMs ?? [500, 2000, 5000],
      logger: options.logger,
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const body = paymentBody(input, this.settings);
    const json = await this.transport.send({
      method: 'POST',
      path: '/payments',
      body,
      idempotenceKey: input.idempotenceKey,
    });
    return toPayment(read(YkPaymentSchema, json, 'POST /payments'));
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const json = await this.transport.send({ method: 'GET', path: `/payments/${pathId(id)}` });
    return toPayment(read(YkPaymentSchema, json, 'GET /payments/{id}'));
  }

  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    const body = refundBody(input, this.settings);
    const json = await this.transport.send({
      method: 'POST',
      path: '/refunds',
      body,
      idempotenceKey: input.idempotenceKey,
    });
    return toRefund(read(YkRefundSchema, json, 'POST /refunds'));
  }

  async getRefund(id: string): Promise<ProviderRefund> {
    const json = await this.transport.send({ method: 'GET', path: `/refunds/${pathId(id)}` });
    return toRefund(read(YkRefundSchema, json, 'GET /refunds/{id}'));
  }
}

/** An id that cannot be one of YooKassa's is refused here rather than sent into a path. */
function pathId(id: string): string {
  if (!YkObjectIdSchema.safeParse(id).success) {
    throw new ProviderError('refused', `Not a YooKassa object id: ${JSON.stringify(id.slice(0, 80))}`);
  }
  return id;
}

/** A 200 whose body is not the documented object: the call happened, its result is unknown. */
function read<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') ?? '';
    throw new ProviderError(
      'unavailable',
      `YooKassa ${what}: the answer does not match the documented object (${where})`,
    );
  }
  return parsed.data;
}

/** Our metadata.order_id back as a number; anything else (absent, edited in the cabinet) is null. */
function orderIdOf(metadata: YkPayment['metadata']): number | null {
  const value = metadata?.order_id;
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

function toPayment(payment: YkPayment): ProviderPayment {
  return {
    id: payment.id,
    status: payment.status,
    amountKopecks: payment.amount,
    // The page is only worth sending the buyer to while the payment waits for them.
    confirmationUrl:
      (payment.status === 'pending' &&
        (payment.confirmation?.confirmation_url ?? payment.confirmation?.confirmation_data)) ||
      null,
    orderId: orderIdOf(payment.metadata),
    cancellation: payment.cancellation_details ?? null,
    refundedKopecks: payment.refunded_amount ?? 0,
    rrn: payment.authorization_details?.rrn ?? null,
  };
}

function toRefund(refund: YkRefund): ProviderRefund {
  return {
    id: refund.id,
    paymentId: refund.payment_id,
    status: refund.status,
    amountKopecks: refund.amount,
    cancellation: refund.cancellation_details ?? null,
  };
}
