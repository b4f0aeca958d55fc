/**
 * Buying in tests as a viewer does: hold seats on the live map, make the order (POST
 * /api/tickets/store), pay on the provider's side (the emulator plays the buyer and the bank), and
 * wait until the provider's notification has been answered.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OrderView } from '../contract/orders';
import type { TicketStoreBody } from '../contract/tickets';
import { toCinemaTime } from '../contract/time';
import { schema } from '../db';
import { buildSignedInUser } from './factories';
import { startTestApi, type TestApi, type TestContext, type TestContextOptions } from './harness';
import { request, socketPool, type SeatClient } from './seat-client';

type Session = typeof schema.sessions.$inferSelect;

export interface Shop {
  /** The test file's API (started in beforeAll). */
  readonly t: TestApi;
  /** A new signed-in viewer with a seat-map socket of their own (closed after the file). */
  buyer(overrides?: Parameters<typeof buildSignedInUser>[1]): Promise<Buyer>;
}
export type Buyer = Awaited<ReturnType<typeof buildSignedInUser>> & { socket: SeatClient };

/** One API per test file, and its buyers: `const shop = useShop(); const b = await shop.buyer();`. */
export function useShop(options: TestContextOptions = {}): Shop {
  let current: TestApi | undefined;
  const sockets = socketPool(() => shop.t.url);
  beforeAll(async () => {
    current = await startTestApi(options);
  });
  afterAll(async () => {
    sockets.closeAll();
    await current?.close();
  });
  const shop: Shop = {
    get t() {
      if (!current) throw new Error('useShop: the API starts in beforeAll; use it inside tests');
      return current;
    },
    async buyer(overrides) {
      const signedIn = await buildSignedInUser(shop.t.ctx, overrides);
      return { ...signedIn, socket: await sockets.connect(signedIn.token) };
    },
  };
  return shop;
}

/** The session's fields an order names. */
type OrderedSession = Pick<Session, 'id' | 'price' | 'startTime'>;

export const orderBody = (session: OrderedSession, seats: string[]): TicketStoreBody => ({
  price: session.price,
  schedule_id: session.id,
  seat_number: seats,
  purchase_date: toCinemaTime(session.startTime),
});

/**
 * The order as the web client makes it, against any API's address (a test's, a child process's):
 * POST /api/tickets/store with the buyer's token for seats they hold.
 */
export function purchase(apiUrl: string, token: string, session: OrderedSession, seats: string[]): Promise<Response> {
  return fetch(`${apiUrl}/api/tickets/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(orderBody(session, seats)),
  });
}

/** Joins the session's map and holds the seats (each must be granted). */
export async function holdSeats(socket: SeatClient, sessionId: number, seats: string[]): Promise<void> {
  await socket.join(sessionId);
  for (const seat of seats)
    expect(await request(socket, 'seats:hold', { sessionId, seat })).toMatchObject({ ok: true });
}

/** Holds the seats and makes the order; answers the pending order (201). */
export async function orderSeats(
  t: TestApi,
  buyer: { token: string; socket: SeatClient },
  session: Session,
  seats: string[],
): Promise<OrderView> {
  await holdSeats(buyer.socket, session.id, seats);
  const { status, body } = await t.call('POST /tickets/store', { body: orderBody(session, seats) }, buyer.token);
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** The provider's id of the order's (latest) payment. */
export async function providerPaymentOf(ctx: Pick<TestContext, 'db'>, orderId: number): Promise<string> {
  const [payment] = await ctx.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.orderId, orderId))
    .orderBy(desc(schema.payments.id));
  if (!payment?.providerPaymentId) throw new Error(`order ${orderId} has no payment at the provider`);
  return payment.providerPaymentId;
}

/** The buyer pays at the provider; resolves once our API has answered the notification 200. */
export async function payOrder(ctx: TestContext, orderId: number): Promise<string> {
  const paymentId = await providerPaymentOf(ctx, orderId);
  ctx.emulator.control.succeed(paymentId);
  const delivery = await ctx.emulator.control.delivery(
    (d) => d.objectId === paymentId && d.event === 'payment.succeeded' && d.status !== null,
  );
  expect(delivery.status).toBe(200);
  return paymentId;
}

/** Holds, orders and pays: the order as its buyer then sees it (paid, with its tickets). */
export async function buySeats(
  t: TestApi,
  buyer: { token: string; socket: SeatClient },
  session: Session,
  seats: string[],
): Promise<OrderView> {
  const order = await orderSeats(t, buyer, session, seats);
  await payOrder(t.ctx, order.id);
  const { body } = await t.call('GET /orders/:id', { params: { id: order.id } }, buyer.token);
  expect(body.status).toBe('paid');
  return body;
}

export const ordersOf = (ctx: Pick<TestContext, 'db'>, sessionId: number) =>
  ctx.db.select().from(schema.orders).where(eq(schema.orders.sessionId, sessionId));
