/**
 * A YooKassa emulator: a real HTTP server on 127.0.0.1 that speaks API v3 (api.ts), shows a payment page
 * (page.ts) and sends notifications with redelivery (notifier.ts), over the state in store.ts. `npm run
 * demo` runs the production payment flow against it when no YOOKASSA_SHOP_ID is set, and the tests use it
 * through the same HTTP; `control` lets a test play the buyer, the bank and the network.
 *
 *   const yk = await startYooKassaEmulator({ notificationUrl: `${api}/api/payments/yookassa/notifications` });
 *   const client = new YooKassaClient({ apiUrl: yk.apiUrl, shopId: yk.shopId, secretKey: yk.secretKey });
 *   yk.control.failNext(1, { status: 500, method: 'POST', path: '/v3/payments', after: true });
 *   yk.control.succeed(paymentId);                       // the buyer paid: payment.succeeded is sent
 *   await yk.control.delivery((d) => d.event === 'payment.succeeded' && d.status === 200);
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Logger } from '../../lib/infra/logger';
import { createApi, type FailureSpec, type RequestRecord } from './api';
import { readBody, sendHtml } from './http';
import { createNotifier, type Delivery } from './notifier';
import { handlePage } from './page';
import {
  createStore,
  partyOf,
  type EmulatorEvent,
  type PaymentObject,
  type RefundObject,
  type RefundOutcome,
} from './store';
import { listenOn } from '../listen';

export type { Delivery, FailureSpec, PaymentObject, RefundObject, RequestRecord, EmulatorEvent };
export { DECLINE_REASONS } from './page';

export interface YooKassaEmulatorOptions {
  /** Default: a random one. */
  shopId?: string;
  /** Default: a random one. */
  secretKey?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1; a container of its own listens on every interface (scripts/payments-emulator.ts). */
  host?: string;
  /** The address the shop and the buyers' browsers reach it at; default the one it listens on. */
  publicUrl?: string;
  /** The shop's notification URL (also control.setNotificationUrl); none → nothing is sent. */
  notificationUrl?: string;
  /** Waits before each redelivery of a notification not answered 200; default [1000, 5000, 15000, 60000]. */
  redeliveryDelaysMs?: readonly number[];
  /** How long a payment waits for the buyer before YooKassa cancels it; default 1 hour. */
  paymentLifetimeMs?: number;
  /** The shop's name on the payment page. */
  shopName?: string;
  logger?: Pick<Logger, 'debug' | 'warn' | 'error'>;
}

export interface YooKassaEmulatorControl {
  setNotificationUrl(url: string | null): void;
  /** The buyer pays without the page: succeeded (or waiting_for_capture with capture: false), notified. */
  succeed(paymentId: string): PaymentObject;
  /**
   * The payment is canceled without the page, for a reason of YooKassa's list (default general_decline);
   * the party follows from the reason (yoo_kassa for expired_on_confirmation, internal_timeout and
   * fraud_suspected, merchant for canceled_by_merchant, otherwise payment_network). Notified.
   */
  decline(paymentId: string, reason?: string): PaymentObject;
  /**
   * The next `count` API requests that match answer `spec.status` (default 500) without doing anything —
   * or, with `after: true`, do the work and then answer it; `hang: true` never answers instead.
   */
  failNext(count: number, spec?: FailureSpec): void;
  /** On: notifications are lost (recorded as dropped, never redelivered); off: sent again. */
  dropNotifications(on: boolean): void;
  /** Sends `event` with the object as it is now (a replay, or one that never happened); the first attempt. */
  notify(event: EmulatorEvent, objectId: string): Promise<Delivery>;
  /** How the next refunds end: succeeded at once (the default), pending, or canceled at once. */
  setRefundOutcome(outcome: RefundOutcome): void;
  /** A pending refund ends; succeeded is notified (YooKassa has no refund.canceled event). */
  settleRefund(refundId: string, outcome: 'succeeded' | 'canceled'): RefundObject;
  payments(): PaymentObject[];
  payment(paymentId: string): PaymentObject | undefined;
  refunds(): RefundObject[];
  refund(refundId: string): RefundObject | undefined;
  /** Every notification attempt, in order. */
  readonly deliveries: readonly Delivery[];
  /** The first attempt (already made or still to come) that matches. */
  delivery(match: (d: Delivery) => boolean): Promise<Delivery>;
  /** Notification attempts under way or waiting to be redelivered (0: nothing more will be sent). */
  pendingNotifications(): number;
  /** Every API request, in order: method, path, idempotence key, body, status answered. */
  readonly requests: readonly RequestRecord[];
}

export interface YooKassaEmulator {
  /** http://127.0.0.1:<port>; the payment pages live under it. */
  url: string;
  /** url + '/v3': YOOKASSA_API_URL. */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  /** YOOKASSA_API_URL, YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY pointing at this emulator. */
  env: Record<string, string>;
  control: YooKassaEmulatorControl;
  /** Stops the server, its timers and its deliveries. */
  close(): Promise<void>;
}

const orUndefined = <T>(get: () => T): T | undefined => {
  try {
    return get();
  } catch {
    return undefined;
  }
};

/** Starts the emulator, on 127.0.0.1 unless told otherwise (see the file's comment). */
export async function startYooKassaEmulator(options: YooKassaEmulatorOptions = {}): Promise<YooKassaEmulator> {
  const shopId = options.shopId ?? String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
  const secretKey = options.secretKey ?? `test_${randomBytes(24).toString('base64url')}`;
  const shopName = options.shopName ?? `Магазин ${shopId}`;
  let url = '';

  const notifier = createNotifier({
    redeliveryDelaysMs: options.redeliveryDelaysMs ?? [1000, 5000, 15000, 60000],
    notificationUrl: options.notificationUrl,
    logger: options.logger,
  });
  const store = createStore({
    shopId,
    baseUrl: () => url,
    paymentLifetimeMs: options.paymentLifetimeMs ?? 60 * 60 * 1000,
    onEvent: (event, object) => void notifier.send(event, object),
  });
  const api = createApi({ shopId, secretKey, store, logger: options.logger });

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://emulator').pathname;
    readBody(req)
      .then((raw) => {
        if (path.startsWith('/v3/')) return api.handle(req, res, path, raw);
        if (handlePage(req, res, path, raw, { store, shopName })) return;
        sendHtml(res, 404, '<!doctype html><html lang="ru"><title>Не найдено</title><p>Не найдено</p></html>');
      })
      .catch((err: unknown) => {
        options.logger?.error({ err, path }, 'YooKassa emulator: request failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  const port = await listenOn(server, options);
  url = options.publicUrl ?? `http://127.0.0.1:${port}`;

  const control: YooKassaEmulatorControl = {
    setNotificationUrl: (next) => notifier.setUrl(next),
    succeed: (paymentId) => store.confirm(paymentId),
    decline: (paymentId, reason = 'general_decline') => store.decline(paymentId, { party: partyOf(reason), reason }),
    failNext: (count, spec = {}) => api.fail(count, spec),
    dropNotifications: (on) => notifier.setDropping(on),
    notify: (event, objectId) =>
      notifier.send(event, event.startsWith('refund.') ? store.refundObject(objectId) : store.paymentObject(objectId)),
    setRefundOutcome: (outcome) => store.setRefundOutcome(outcome),
    settleRefund: (refundId, outcome) => store.settleRefund(refundId, outcome),
    payments: () => store.allPayments(),
    payment: (paymentId) => orUndefined(() => store.paymentObject(paymentId)),
    refunds: () => store.allRefunds(),
    refund: (refundId) => orUndefined(() => store.refundObject(refundId)),
    deliveries: notifier.deliveries,
    delivery: (match) => notifier.delivery(match),
    pendingNotifications: () => notifier.pending(),
    requests: api.requests,
  };

  return {
    url,
    apiUrl: `${url}/v3`,
    shopId,
    secretKey,
    env: { YOOKASSA_API_URL: `${url}/v3`, YOOKASSA_SHOP_ID: shopId, YOOKASSA_SECRET_KEY: secretKey },
    control,
    close: () =>
      new Promise<void>((resolve) => {
        store.close();
        notifier.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
