/**
 * The YooKassa emulator as the shop's server and the buyer's browser meet it, over real HTTP on loopback:
 * the API's checks (auth, idempotence keys, bodies), the payment page and its two buttons, notifications
 * with their redelivery, lost notifications, refunds that wait, and payments that expire.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startYooKassaEmulator, type PaymentObject, type YooKassaEmulator } from '.';

/** An object or an error as the API writes it, with the fields these tests read. */
type Json = { id: string; status: string; code?: string; description?: string; [field: string]: unknown };

interface Received {
  body: { type: string; event: string; object: Json };
  remoteAddress: string | undefined;
}

/** The shop's notification route: records what arrives and answers the scripted statuses, then 200. */
async function startShop(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString()), remoteAddress: req.socket.remoteAddress });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`,
    received,
    /** Answer these statuses to the next notifications. */
    answer: (...next: number[]) => statuses.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let yk: YooKassaEmulator;
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
  yk = await startYooKassaEmulator({ notificationUrl: shop.url, redeliveryDelaysMs: [5, 5, 5], shopName: 'Ракета' });
});
afterAll(async () => {
  await yk?.close();
  await shop?.close();
});
afterEach(() => {
  yk.control.dropNotifications(false);
  yk.control.setNotificationUrl(shop.url);
});

let keys = 0;
const newKey = () => `emu-${process.pid}-${++keys}`;

/** A raw API call, as any YooKassa client would make it. */
async function api(
  method: 'GET' | 'POST',
  path: string,
  {
    body,
    key = method === 'POST' ? newKey() : undefined,
    emulator = yk,
    auth = `${emulator.shopId}:${emulator.secretKey}`,
  } = {} as { body?: unknown; key?: string | null; auth?: string | null; emulator?: YooKassaEmulator },
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
  if (key) headers['idempotence-key'] = key;
  const res = await fetch(`${emulator.apiUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const paymentBody = (overrides: Record<string, unknown> = {}) => ({
  amount: { value: '700.00', currency: 'RUB' },
  capture: true,
  confirmation: { type: 'redirect', return_url: 'http://127.0.0.1:3000/orders/7' },
  description: 'Заказ №7 <b>не жирный</b>',
  metadata: { order_id: '7' },
  receipt: {
    customer: { email: 'viewer@kino.local' },
    items: [
      {
        description: 'Ряд 5, место 1',
        quantity: '2.00',
        amount: { value: '350.00', currency: 'RUB' },
        vat_code: 1,
        payment_mode: 'full_payment',
        payment_subject: 'service',
      },
    ],
  },
  ...overrides,
});

async function createPayment(overrides: Record<string, unknown> = {}, emulator = yk): Promise<PaymentObject> {
  const { status, body } = await api('POST', '/payments', { body: paymentBody(overrides), emulator });
  expect(status).toBe(200);
  return body as unknown as PaymentObject;
}

const notificationsOf = (objectId: string) => shop.received.filter((r) => r.body.object.id === objectId);
const deliveriesOf = (objectId: string) => yk.control.deliveries.filter((d) => d.objectId === objectId);

/** The buyer's browser on the payment page: a form POST, redirects not followed. */
const press = (paymentId: string, action: 'pay' | 'decline', form: Record<string, string> = {}) =>
  fetch(`${yk.url}/payments/${paymentId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

describe('API checks', () => {
  it('answers 401 invalid_credentials without the shop’s Basic auth, and to a wrong key', async () => {
    for (const auth of [null, `${yk.shopId}:wrong`]) {
      const { status, body } = await api('POST', '/payments', { body: paymentBody(), auth });
      expect(status).toBe(401);
      expect(body).toMatchObject({ type: 'error', code: 'invalid_credentials', id: expect.any(String) });
    }
  });

  it('answers 400 "Idempotence key is empty" to a POST without the key', async () => {
    const { status, body } = await api('POST', '/payments', { body: paymentBody(), key: null });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_request', description: 'Idempotence key is empty' });
  });

  it('answers the first answer again to the same key and body, even after the payment was paid', async () => {
    const key = newKey();
    const first = await api('POST', '/payments', { body: paymentBody(), key });
    yk.control.succeed(first.body.id);

    const again = await api('POST', '/payments', { body: paymentBody(), key });

    expect(again).toEqual(first);
    expect(again.body.status).toBe('pending');
    expect(yk.control.payment(first.body.id)?.status).toBe('succeeded');
  });

  it('answers 400 naming Idempotence-Key to the same key with another body', async () => {
    const key = newKey();
    await api('POST', '/payments', { body: paymentBody(), key });
    const other = await api('POST', '/payments', { body: paymentBody({ description: 'Другой' }), key });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });
  });

  it.each([
    ['amount.value', { amount: { value: '700', currency: 'RUB' } }],
    ['amount.value', { amount: { value: '0.00', currency: 'RUB' } }],
    ['amount.currency', { amount: { value: '700.00', currency: 'USD' } }],
    ['confirmation.return_url', { confirmation: { type: 'redirect' } }],
    ['confirmation.return_url', { confirmation: { type: 'redirect', return_url: 'javascript:alert(1)' } }],
    ['description', { description: 'д'.repeat(129) }],
    ['receipt', { receipt: undefined }],
    ['receipt.customer', { receipt: { ...paymentBody().receipt, customer: {} } }],
    ['receipt', { amount: { value: '700.01', currency: 'RUB' } }],
    ['confirmation.type', { confirmation: { type: 'qr' } }],
  ])('answers 400 naming %s to a payment that YooKassa refuses', async (parameter, overrides) => {
    const before = yk.control.payments().length;
    const { status, body } = await api('POST', '/payments', { body: paymentBody(overrides) });
    expect(status).toBe(400);
    expect(body).toMatchObject({ type: 'error', code: 'invalid_request', parameter });
    expect(yk.control.payments().length).toBe(before);
  });

  it('takes SBP by QR without a receipt of its own: the QR data, then paid by sbp and refunded in part', async () => {
    const created = await createPayment({
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'qr' },
      receipt: undefined,
    });
    expect(created.status).toBe('pending');
    const confirmation = created.confirmation as { type: string; confirmation_data: string };
    expect(confirmation.type).toBe('qr');
    expect(confirmation.confirmation_data).toMatch(/\/payments\/[\w-]+\?type=02&sum=70000&cur=RUB$/);
    // The QR leads to the page where the "bank app" pays.
    const page = await (await fetch(confirmation.confirmation_data)).text();
    expect(page).toContain('СБП');
    expect(page).not.toContain('<caption>Чек</caption>');

    const paid = yk.control.succeed(created.id);
    expect(paid).toMatchObject({ status: 'succeeded', payment_method: { type: 'sbp' } });
    expect(paid.receipt_registration).toBeUndefined();
    const refund = await api('POST', '/refunds', {
      body: { payment_id: created.id, amount: { value: '350.00', currency: 'RUB' } },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.status).toBe('succeeded');
  });

  it('answers 404 not_found for a payment and a refund the shop does not have', async () => {
    expect((await api('GET', '/payments/2f3b588d-000f-5000-8000-1d6e87c7fbde')).status).toBe(404);
    expect((await api('GET', '/refunds/2f3b588d-0015-5000-8000-1d6e87c7fbde')).body.code).toBe('not_found');
  });
});

describe('the payment page', () => {
  it('shows the shop, the description, the amount in roubles and the receipt, with a label per control', async () => {
    const payment = await createPayment();
    const res = await fetch((payment.confirmation as { confirmation_url: string }).confirmation_url);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Ракета');
    expect(html).toContain('Заказ №7 &lt;b&gt;не жирный&lt;/b&gt;');
    expect(html).toContain('700,00\u00a0₽');
    expect(html).toContain('Ряд 5, место 1');
    expect(html).toContain('350,00\u00a0₽');
    expect(html).toContain('>Оплатить</button>');
    expect(html).toContain('>Отказаться</button>');
    expect(html).toContain('<label for="reason">');
    expect(html).toContain('<select id="reason" name="reason">');
    expect(html).not.toContain('<script');
  });

  it('Оплатить: 303 back to the return URL, succeeded, payment.succeeded sent from 127.0.0.1 with the whole object', async () => {
    const payment = await createPayment();

    const res = await press(payment.id, 'pay');

    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:3000/orders/7');
    expect(yk.control.payment(payment.id)).toMatchObject({ status: 'succeeded', paid: true });
    await yk.control.delivery((d) => d.objectId === payment.id && d.status === 200);
    const [notification] = notificationsOf(payment.id);
    expect(notification!.remoteAddress).toBe('127.0.0.1');
    expect(notification!.body).toEqual({
      type: 'notification',
      event: 'payment.succeeded',
      object: yk.control.payment(payment.id),
    });
  });

  it('Отказаться: 303 back, canceled by yoo_kassa for expired_on_confirmation, payment.canceled sent', async () => {
    const payment = await createPayment();

    const res = await press(payment.id, 'decline');

    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:3000/orders/7');
    expect(yk.control.payment(payment.id)).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellation_details: { party: 'yoo_kassa', reason: 'expired_on_confirmation' },
    });
    const delivery = await yk.control.delivery((d) => d.objectId === payment.id);
    expect(delivery).toMatchObject({ event: 'payment.canceled', status: 200 });
  });

  it('Отказаться with a bank’s reason: canceled by payment_network for insufficient_funds', async () => {
    const payment = await createPayment();
    await press(payment.id, 'decline', { reason: 'insufficient_funds' });
    expect(yk.control.payment(payment.id)?.cancellation_details).toEqual({
      party: 'payment_network',
      reason: 'insufficient_funds',
    });
  });

  it('a finished payment’s page says so and links back; pressing again changes nothing', async () => {
    const payment = await createPayment();
    await press(payment.id, 'decline', { reason: 'card_expired' });

    const res = await press(payment.id, 'pay');
    const html = await (await fetch(`${yk.url}/payments/${payment.id}`)).text();

    expect(res.status).toBe(303);
    expect(yk.control.payment(payment.id)?.status).toBe('canceled');
    expect(html).toContain('Платёж отменён');
    expect(html).toContain('Истёк срок действия карты');
    expect(html).toContain('<a href="http://127.0.0.1:3000/orders/7">Вернуться в магазин</a>');
    expect(html).not.toContain('>Оплатить</button>');
    await yk.control.delivery((d) => d.objectId === payment.id && d.status === 200);
    expect(notificationsOf(payment.id)).toHaveLength(1);
  });

  it('answers 404 for a payment that does not exist', async () => {
    const res = await fetch(`${yk.url}/payments/2f3b588d-000f-5000-8000-1d6e87c7fbde`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Платёж не найден');
  });
});

describe('notifications', () => {
  it('redelivers a notification answered 500 and 503 until the shop answers 200, then stops', async () => {
    const payment = await createPayment();
    shop.answer(500, 503);

    yk.control.succeed(payment.id);
    await yk.control.delivery((d) => d.objectId === payment.id && d.status === 200);

    expect(deliveriesOf(payment.id).map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(notificationsOf(payment.id).map((n) => n.body)).toEqual(Array(3).fill(notificationsOf(payment.id)[0]!.body));
    expect(yk.control.pendingNotifications()).toBe(0);
  });

  it('redelivers after a connection error, to the URL set since', async () => {
    const closed = await startShop();
    const closedUrl = closed.url;
    await closed.close();
    yk.control.setNotificationUrl(closedUrl);
    const payment = await createPayment();

    yk.control.succeed(payment.id);
    const failed = await yk.control.delivery((d) => d.objectId === payment.id);
    yk.control.setNotificationUrl(shop.url);
    const delivered = await yk.control.delivery((d) => d.objectId === payment.id && d.status === 200);

    expect(failed).toMatchObject({ attempt: 1, status: null, error: expect.stringContaining('ECONNREFUSED') });
    expect(delivered.attempt).toBeGreaterThan(1);
  });

  it('gives up after the last redelivery of the schedule', async () => {
    const payment = await createPayment();
    shop.answer(500, 500, 500, 500);

    yk.control.succeed(payment.id);
    await yk.control.delivery((d) => d.objectId === payment.id && d.attempt === 4);

    expect(deliveriesOf(payment.id).map((d) => d.status)).toEqual([500, 500, 500, 500]);
    expect(yk.control.pendingNotifications()).toBe(0);
  });

  it('loses notifications while dropping: the shop receives nothing, and a replay delivers the current object', async () => {
    const payment = await createPayment();
    yk.control.dropNotifications(true);

    yk.control.succeed(payment.id);
    const lost = await yk.control.delivery((d) => d.objectId === payment.id);

    expect(lost).toMatchObject({ event: 'payment.succeeded', status: null, error: 'dropped' });
    expect(notificationsOf(payment.id)).toHaveLength(0);
    expect(yk.control.pendingNotifications()).toBe(0);

    yk.control.dropNotifications(false);
    expect(await yk.control.notify('payment.succeeded', payment.id)).toMatchObject({ status: 200 });
    expect(notificationsOf(payment.id).map((n) => n.body.object.status)).toEqual(['succeeded']);
  });

  it('replays a notification as many times as asked', async () => {
    const payment = await createPayment();
    yk.control.succeed(payment.id);
    await yk.control.delivery((d) => d.objectId === payment.id && d.status === 200);

    for (let i = 0; i < 3; i++) await yk.control.notify('payment.succeeded', payment.id);

    expect(notificationsOf(payment.id)).toHaveLength(4);
  });

  it('stops redelivering when closed', async () => {
    const other = await startYooKassaEmulator({ notificationUrl: shop.url, redeliveryDelaysMs: [60_000] });
    shop.answer(500);
    const payment = await createPayment({}, other);
    other.control.succeed(payment.id);
    await other.control.delivery((d) => d.status === 500);
    expect(other.control.pendingNotifications()).toBe(1);

    await other.close();

    expect(other.control.pendingNotifications()).toBe(0);
  });
});

describe('two-stage payments (capture: false)', () => {
  it('waits for capture once paid, then succeeds on capture; cancel before capture is the merchant’s', async () => {
    const captured = await createPayment({ capture: false });
    yk.control.succeed(captured.id);
    expect(yk.control.payment(captured.id)).toMatchObject({ status: 'waiting_for_capture', paid: true });
    await yk.control.delivery((d) => d.objectId === captured.id && d.event === 'payment.waiting_for_capture');

    const capture = await api('POST', `/payments/${captured.id}/capture`, { body: {} });
    expect(capture.body).toMatchObject({ status: 'succeeded' });

    const canceled = await createPayment({ capture: false });
    yk.control.succeed(canceled.id);
    const cancel = await api('POST', `/payments/${canceled.id}/cancel`, { body: {} });
    expect(cancel.body).toMatchObject({
      status: 'canceled',
      cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
    });
  });

  it('answers 400 to capturing a payment that is not waiting for capture', async () => {
    const payment = await createPayment();
    const { status } = await api('POST', `/payments/${payment.id}/capture`, { body: {} });
    expect(status).toBe(400);
  });
});

describe('refunds', () => {
  const refund = (paymentId: string, value: string) =>
    api('POST', '/refunds', { body: { payment_id: paymentId, amount: { value, currency: 'RUB' } } });

  it('notifies refund.succeeded for a refund that succeeds at once', async () => {
    const payment = await createPayment();
    yk.control.succeed(payment.id);
    const { body } = await refund(payment.id, '700.00');
    const delivery = await yk.control.delivery((d) => d.objectId === body.id && d.status === 200);
    expect(delivery.event).toBe('refund.succeeded');
    expect(notificationsOf(body.id)[0]!.body.object).toMatchObject({ status: 'succeeded', payment_id: payment.id });
  });

  it('keeps a pending refund’s sum: another refund of it is refused, and refund.succeeded comes when it settles', async () => {
    const payment = await createPayment();
    yk.control.succeed(payment.id);
    yk.control.setRefundOutcome('pending');
    const pending = await refund(payment.id, '700.00');
    yk.control.setRefundOutcome('succeeded');

    expect(pending.body.status).toBe('pending');
    expect((await refund(payment.id, '700.00')).body.description).toBe('Payment is already completely refunded');
    expect(deliveriesOf(pending.body.id)).toHaveLength(0);

    yk.control.settleRefund(pending.body.id, 'succeeded');
    const delivery = await yk.control.delivery((d) => d.objectId === pending.body.id);
    expect(delivery).toMatchObject({ event: 'refund.succeeded', status: 200 });
    expect(yk.control.payment(payment.id)).toMatchObject({ refunded_amount: { value: '700.00' }, refundable: false });
  });
});

describe('payment lifetime', () => {
  it('cancels a payment not confirmed in time: yoo_kassa, expired_on_confirmation, notified', async () => {
    const short = await startYooKassaEmulator({ notificationUrl: shop.url, paymentLifetimeMs: 50 });
    try {
      const payment = await createPayment({}, short);
      expect(payment.status).toBe('pending');

      const delivery = await short.control.delivery((d) => d.objectId === payment.id);

      expect(delivery).toMatchObject({ event: 'payment.canceled', status: 200 });
      expect(short.control.payment(payment.id)).toMatchObject({
        status: 'canceled',
        cancellation_details: { party: 'yoo_kassa', reason: 'expired_on_confirmation' },
      });
      expect(short.control.payment(payment.id)?.confirmation).toBeUndefined();
      const page = await (await fetch(`${short.url}/payments/${payment.id}`)).text();
      expect(page).toContain('Покупатель не подтвердил оплату');
    } finally {
      await short.close();
    }
  });
});
