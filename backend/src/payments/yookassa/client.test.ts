/**
 * The YooKassa client over real HTTP against the emulator on loopback: what it sends (amounts in roubles,
 * the receipt, the key), what it reads back, how it repeats a call whose outcome is unknown (always with
 * the same key and body) and how it reports a refusal or an outage.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startYooKassaEmulator, type YooKassaEmulator } from '../../emulators/yookassa';
import { ProviderError, type CreatePaymentInput } from '../provider';
import { kopecksToValue, valueToKopecks } from './amount';
import { YooKassaClient, type YooKassaClientOptions } from './client';

let yk: YooKassaEmulator;
beforeAll(async () => {
  yk = await startYooKassaEmulator();
});
afterAll(async () => {
  await yk?.close();
});
afterEach(() => {
  yk.control.setRefundOutcome('succeeded');
});

let keys = 0;
const newKey = () => `key-${process.pid}-${++keys}`;

const clientFor = (options: Partial<YooKassaClientOptions> = {}) =>
  new YooKassaClient({
    apiUrl: yk.apiUrl,
    shopId: yk.shopId,
    secretKey: yk.secretKey,
    retryDelaysMs: [5, 5, 5],
    ...options,
  });

const ticket = (amountKopecks: number, seat = 1) => ({
  description: `«Дюна: Часть вторая», 14.03 19:30, ряд 5, место ${seat}`,
  amountKopecks,
});

const paymentInput = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  orderId: 42,
  amountKopecks: 70000,
  description: 'Заказ №42: 2 билета',
  returnUrl: 'http://127.0.0.1:3000/orders/42',
  receipt: { email: 'viewer@kino.local', items: [ticket(35000, 1), ticket(35000, 2)] },
  idempotenceKey: newKey(),
  ...overrides,
});

interface SentBody {
  amount: unknown;
  description: string;
  receipt: { items: { description: string }[] };
}

/** The body the emulator received with an idempotence key (the first request with it). */
const sentWith = (key: string) => yk.control.requests.find((r) => r.idempotenceKey === key)?.body as SentBody;

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

/** A paid payment of `amountKopecks` (one ticket). */
async function paidPayment(amountKopecks = 70000) {
  const payment = await clientFor().createPayment(
    paymentInput({ amountKopecks, receipt: { email: 'viewer@kino.local', items: [ticket(amountKopecks)] } }),
  );
  yk.control.succeed(payment.id);
  return payment;
}

describe('amounts', () => {
  it('writes kopecks as roubles with two decimals, on digits', () => {
    expect(kopecksToValue(70000)).toBe('700.00');
    expect(kopecksToValue(1)).toBe('0.01');
    expect(kopecksToValue(12345)).toBe('123.45');
    expect(kopecksToValue(0)).toBe('0.00');
    expect(kopecksToValue(10)).toBe('0.10');
    expect(() => kopecksToValue(1.5)).toThrow(RangeError);
    expect(() => kopecksToValue(-1)).toThrow(RangeError);
  });

  it('reads the roubles YooKassa writes back as kopecks', () => {
    expect(valueToKopecks('700.00')).toBe(70000);
    expect(valueToKopecks('0.01')).toBe(1);
    expect(valueToKopecks('123.4')).toBe(12340);
    expect(valueToKopecks('5')).toBe(500);
    expect(valueToKopecks('0.1 ')).toBeNull();
    expect(valueToKopecks('1e3')).toBeNull();
    expect(valueToKopecks('-1.00')).toBeNull();
  });
});

describe('createPayment', () => {
  it('creates a pending payment with its page, the order id and the amount in kopecks', async () => {
    const input = paymentInput();
    const payment = await clientFor().createPayment(input);

    expect(payment).toEqual({
      id: expect.any(String),
      status: 'pending',
      amountKopecks: 70000,
      confirmationUrl: `${yk.url}/payments/${payment.id}`,
      orderId: 42,
      cancellation: null,
      refundedKopecks: 0,
      rrn: null,
    });
    expect(sentWith(input.idempotenceKey)).toEqual({
      amount: { value: '700.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'http://127.0.0.1:3000/orders/42' },
      description: 'Заказ №42: 2 билета',
      metadata: { order_id: '42' },
      receipt: {
        customer: { email: 'viewer@kino.local' },
        items: [1, 2].map((seat) => ({
          description: `«Дюна: Часть вторая», 14.03 19:30, ряд 5, место ${seat}`,
          quantity: '1.00',
          amount: { value: '350.00', currency: 'RUB' },
          vat_code: 1,
          payment_mode: 'full_payment',
          payment_subject: 'service',
        })),
      },
    });
  });

  it.each([
    [1, '0.01'],
    [12345, '123.45'],
    [70000, '700.00'],
  ])('sends %i kopecks as "%s" roubles and reads them back', async (kopecks, value) => {
    const input = paymentInput({
      amountKopecks: kopecks,
      receipt: { email: 'viewer@kino.local', items: [ticket(kopecks)] },
    });
    const payment = await clientFor().createPayment(input);
    expect(sentWith(input.idempotenceKey).amount).toEqual({ value, currency: 'RUB' });
    expect(payment.amountKopecks).toBe(kopecks);
  });

  it('uses the configured VAT code and payment mode in every receipt line', async () => {
    const input = paymentInput();
    await clientFor({ vatCode: 4, paymentMode: 'full_prepayment' }).createPayment(input);
    for (const item of sentWith(input.idempotenceKey).receipt.items) {
      expect(item).toMatchObject({ vat_code: 4, payment_mode: 'full_prepayment' });
    }
  });

  it('cuts descriptions to the 128 characters YooKassa accepts', async () => {
    const long = 'Очень длинное название фильма '.repeat(10);
    const input = paymentInput({
      description: long,
      receipt: { email: 'viewer@kino.local', items: [{ description: long, amountKopecks: 70000 }] },
    });
    const payment = await clientFor().createPayment(input);
    const sent = sentWith(input.idempotenceKey);
    expect(payment.status).toBe('pending');
    expect([...sent.description]).toHaveLength(128);
    expect(sent.description.endsWith('…')).toBe(true);
    expect([...sent.receipt.items[0]!.description]).toHaveLength(128);
  });

  it('is refused (400 naming receipt) when the receipt lines do not add up to the amount', async () => {
    const err = await refusal(
      clientFor().createPayment(paymentInput({ receipt: { email: 'viewer@kino.local', items: [ticket(35000)] } })),
    );
    expect(err.kind).toBe('refused');
    expect(err.details).toEqual({ status: 400, code: 'invalid_request', parameter: 'receipt' });
  });

  it('is refused (400 naming amount.value) for an amount of zero', async () => {
    const err = await refusal(
      clientFor().createPayment(
        paymentInput({ amountKopecks: 0, receipt: { email: 'viewer@kino.local', items: [ticket(0)] } }),
      ),
    );
    expect(err.kind).toBe('refused');
    expect(err.details).toEqual({ status: 400, code: 'invalid_request', parameter: 'amount.value' });
  });

  it('is refused (400 naming Idempotence-Key) when a key is reused for a different payment', async () => {
    const key = newKey();
    await clientFor().createPayment(paymentInput({ idempotenceKey: key }));
    const err = await refusal(
      clientFor().createPayment(
        paymentInput({ idempotenceKey: key, orderId: 43, returnUrl: 'http://127.0.0.1:3000/orders/43' }),
      ),
    );
    expect(err.kind).toBe('refused');
    expect(err.details).toMatchObject({ status: 400, parameter: 'Idempotence-Key' });
  });

  it('is refused (401 invalid_credentials) with a wrong secret key, and logs neither key', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(JSON.stringify(args));
    const wrongKey = 'test_wrong-secret-key-0123456789';
    const client = clientFor({ secretKey: wrongKey, logger: { warn: capture, error: capture } as never });

    const err = await refusal(client.createPayment(paymentInput()));

    expect(err.kind).toBe('refused');
    expect(err.details).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain(wrongKey);
      expect(line).not.toContain(Buffer.from(`${yk.shopId}:${wrongKey}`).toString('base64'));
    }
  });
});

describe('repeating a call whose outcome is unknown', () => {
  it('makes one payment when the provider created it but answered 500, then answers the same key', async () => {
    yk.control.failNext(1, { status: 500, method: 'POST', path: '/v3/payments', after: true });
    const input = paymentInput();
    const before = yk.control.payments().length;

    const payment = await clientFor().createPayment(input);

    const attempts = yk.control.requests.filter((r) => r.idempotenceKey === input.idempotenceKey);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts[1]!.body).toEqual(attempts[0]!.body);
    expect(yk.control.payments().length).toBe(before + 1);
    expect(yk.control.payment(payment.id)?.status).toBe('pending');
  });

  it('makes one payment after two 503s that did nothing, all with the same key', async () => {
    yk.control.failNext(2, { status: 503, method: 'POST', path: '/v3/payments' });
    const input = paymentInput();
    const before = yk.control.payments().length;

    await clientFor().createPayment(input);

    const attempts = yk.control.requests.filter((r) => r.idempotenceKey === input.idempotenceKey);
    expect(attempts.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(yk.control.payments().length).toBe(before + 1);
  });

  it('waits out a 202 (processing) and a 429 and repeats with the same key', async () => {
    yk.control.failNext(1, { status: 202, retryAfterMs: 10, method: 'POST', path: '/v3/payments' });
    yk.control.failNext(1, { status: 429, method: 'POST', path: '/v3/payments' });
    const input = paymentInput();

    const payment = await clientFor().createPayment(input);

    const attempts = yk.control.requests.filter((r) => r.idempotenceKey === input.idempotenceKey);
    expect(attempts.map((r) => r.status)).toEqual([202, 429, 200]);
    expect(payment.status).toBe('pending');
  });

  it('makes one payment when the first answer never came (timeout) but the payment was created', async () => {
    yk.control.failNext(1, { hang: true, after: true, method: 'POST', path: '/v3/payments' });
    const input = paymentInput();
    const before = yk.control.payments().length;

    const payment = await clientFor({ timeoutMs: 1000 }).createPayment(input);

    const attempts = yk.control.requests.filter((r) => r.idempotenceKey === input.idempotenceKey);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts[0]!.status).toBeNull();
    expect(yk.control.payments().length).toBe(before + 1);
    expect(yk.control.payment(payment.id)).toBeDefined();
  });

  it('is unavailable when every attempt answers 500, having used one key throughout', async () => {
    yk.control.failNext(4, { status: 500, method: 'POST', path: '/v3/payments' });
    const input = paymentInput();

    const err = await refusal(clientFor().createPayment(input));

    expect(err.kind).toBe('unavailable');
    expect(err.details).toEqual({ status: 500 });
    const attempts = yk.control.requests.filter((r) => r.idempotenceKey === input.idempotenceKey);
    expect(attempts.map((r) => r.status)).toEqual([500, 500, 500, 500]);
  });

  it('is unavailable when nothing listens at the API address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const err = await refusal(clientFor({ apiUrl: `http://127.0.0.1:${port}/v3` }).getPayment('abc'));

    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('ECONNREFUSED');
  });

  it('retries a GET that answered 500 and reads the payment', async () => {
    const created = await clientFor().createPayment(paymentInput());
    yk.control.failNext(1, { status: 500, method: 'GET', path: `/v3/payments/${created.id}` });
    expect((await clientFor().getPayment(created.id)).id).toBe(created.id);
  });
});

describe('getPayment', () => {
  it('reads a succeeded payment without a page to send the buyer to, with the bank’s RRN', async () => {
    const created = await clientFor().createPayment(paymentInput());
    const paid = yk.control.succeed(created.id);

    expect(await clientFor().getPayment(created.id)).toEqual({
      ...created,
      status: 'succeeded',
      confirmationUrl: null,
      rrn: paid.authorization_details!.rrn,
    });
    expect(paid.authorization_details!.rrn).toMatch(/^\d{12}$/);
  });

  it('reads a canceled payment with the party and reason of its cancellation', async () => {
    const created = await clientFor().createPayment(paymentInput());
    yk.control.decline(created.id, 'insufficient_funds');

    const payment = await clientFor().getPayment(created.id);

    expect(payment.status).toBe('canceled');
    expect(payment.cancellation).toEqual({ party: 'payment_network', reason: 'insufficient_funds' });
    expect(payment.confirmationUrl).toBeNull();
  });

  it('is refused (404 not_found) for a payment the shop does not have', async () => {
    const err = await refusal(clientFor().getPayment('2f3b588d-000f-5000-8000-1d6e87c7fbde'));
    expect(err.kind).toBe('refused');
    expect(err.details).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses an id that cannot be YooKassa’s without sending it', async () => {
    const before = yk.control.requests.length;
    const err = await refusal(clientFor().getPayment('../refunds/x'));
    expect(err.kind).toBe('refused');
    expect(yk.control.requests.length).toBe(before);
  });
});

describe('refunds', () => {
  const refundInput = (paymentId: string, amountKopecks: number, withReceipt: boolean) => ({
    paymentId,
    amountKopecks,
    description: 'Возврат билета: ряд 5, место 1',
    ...(withReceipt && { receipt: { email: 'viewer@kino.local', items: [ticket(amountKopecks)] } }),
    idempotenceKey: newKey(),
  });

  it('refunds a whole payment without a receipt: succeeded, and the payment shows it refunded', async () => {
    const payment = await paidPayment(70000);
    const input = refundInput(payment.id, 70000, false);

    const refund = await clientFor().createRefund(input);

    expect(refund).toEqual({
      id: expect.any(String),
      paymentId: payment.id,
      status: 'succeeded',
      amountKopecks: 70000,
      cancellation: null,
    });
    expect(sentWith(input.idempotenceKey)).toEqual({
      payment_id: payment.id,
      amount: { value: '700.00', currency: 'RUB' },
      description: 'Возврат билета: ряд 5, место 1',
    });
    expect((await clientFor().getPayment(payment.id)).refundedKopecks).toBe(70000);
    expect(await clientFor().getRefund(refund.id)).toEqual(refund);
  });

  it('refunds part of a payment with a refund receipt of the returned ticket', async () => {
    const payment = await paidPayment(70000);
    const input = refundInput(payment.id, 35000, true);

    const refund = await clientFor().createRefund(input);

    expect(refund.status).toBe('succeeded');
    expect(sentWith(input.idempotenceKey).receipt).toEqual({
      customer: { email: 'viewer@kino.local' },
      items: [
        {
          description: ticket(35000).description,
          quantity: '1.00',
          amount: { value: '350.00', currency: 'RUB' },
          vat_code: 1,
          payment_mode: 'full_payment',
          payment_subject: 'service',
        },
      ],
    });
    expect((await clientFor().getPayment(payment.id)).refundedKopecks).toBe(35000);
  });

  it('is refused (400 naming receipt) for a partial refund without a receipt', async () => {
    const payment = await paidPayment(70000);
    const err = await refusal(clientFor().createRefund(refundInput(payment.id, 35000, false)));
    expect(err.details).toMatchObject({ status: 400, parameter: 'receipt' });
  });

  it('is refused (400 "Refund sum exceeded") for more than is left of the payment', async () => {
    const payment = await paidPayment(70000);
    await clientFor().createRefund(refundInput(payment.id, 50000, true));

    const err = await refusal(clientFor().createRefund(refundInput(payment.id, 30000, true)));

    expect(err.kind).toBe('refused');
    expect(err.message).toContain('Refund sum exceeded');
    expect(err.details).toMatchObject({ status: 400, parameter: 'amount' });
  });

  it('is refused (400 "Payment is already completely refunded") once everything is refunded', async () => {
    const payment = await paidPayment(70000);
    await clientFor().createRefund(refundInput(payment.id, 70000, false));

    const err = await refusal(clientFor().createRefund(refundInput(payment.id, 100, true)));

    expect(err.message).toContain('Payment is already completely refunded');
  });

  it('is refused (400) for a payment that has not succeeded', async () => {
    const pending = await clientFor().createPayment(paymentInput());
    const err = await refusal(clientFor().createRefund(refundInput(pending.id, 70000, false)));
    expect(err.details).toMatchObject({ status: 400, parameter: 'payment_id' });
  });

  it('makes one refund when the provider made it but answered 500, then answers the same key', async () => {
    const payment = await paidPayment(70000);
    yk.control.failNext(1, { status: 500, method: 'POST', path: '/v3/refunds', after: true });
    const input = refundInput(payment.id, 70000, false);

    const refund = await clientFor().createRefund(input);

    expect(refund.status).toBe('succeeded');
    expect(yk.control.refunds().filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  });

  it('reads a pending refund, then the same refund succeeded once the provider settles it', async () => {
    const payment = await paidPayment(70000);
    yk.control.setRefundOutcome('pending');

    const refund = await clientFor().createRefund(refundInput(payment.id, 70000, false));
    expect(refund.status).toBe('pending');
    expect((await clientFor().getPayment(payment.id)).refundedKopecks).toBe(0);

    yk.control.settleRefund(refund.id, 'succeeded');
    expect((await clientFor().getRefund(refund.id)).status).toBe('succeeded');
    expect((await clientFor().getPayment(payment.id)).refundedKopecks).toBe(70000);
  });

  it('reads a canceled refund with the party and reason, and the money can be refunded again', async () => {
    const payment = await paidPayment(70000);
    yk.control.setRefundOutcome('canceled');

    const refund = await clientFor().createRefund(refundInput(payment.id, 70000, false));

    expect(refund.status).toBe('canceled');
    expect(refund.cancellation).toEqual({ party: 'refund_network', reason: 'rejected_by_payee' });
    yk.control.setRefundOutcome('succeeded');
    expect((await clientFor().createRefund(refundInput(payment.id, 70000, false))).status).toBe('succeeded');
  });
});
