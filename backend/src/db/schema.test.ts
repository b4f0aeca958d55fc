import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFilm, buildOrder, buildSession, buildUser } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/harness';
import { PG_CHECK_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode, schema } from './index';

/** The rules the database itself enforces, whatever code path writes. */
describe('data model constraints', () => {
  let ctx: TestContext;
  let userId: number;
  let sessionId: number;
  let orderId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    userId = (await buildUser(ctx.db)).id;
    sessionId = (await buildSession(ctx.db)).id;
    orderId = (await buildOrder(ctx.db, { sessionId, userId })).id;
  });
  afterAll(() => ctx.close());

  const failure = async (write: Promise<unknown>) => {
    try {
      await write;
    } catch (err) {
      return pgErrorCode(err);
    }
    return 'no error';
  };
  const line = { priceKopecks: 35_000, basePriceKopecks: 35_000, status: 'paid' as const };
  const ticket = (seatNumber: string, status: 'pending' | 'paid' | 'refunded' | 'cancelled' = 'paid') =>
    ctx.db.insert(schema.tickets).values({
      ...line,
      userId,
      orderId,
      sessionId,
      seatNumber,
      status,
      refundedAt: status === 'refunded' ? new Date() : null,
    });

  it.each(['r0m1', 'r11m1', 'r1m12', 'r1m0', 'R1M1', 'r1m1 ', 'a1b2'])('refuses the seat code %j', async (seat) => {
    expect(await failure(ticket(seat))).toBe(PG_CHECK_VIOLATION);
  });

  it('accepts every seat of the 10 × 11 hall', async () => {
    const seats = Array.from({ length: 110 }, (_, i) => `r${Math.floor(i / 11) + 1}m${(i % 11) + 1}`);
    const other = await buildSession(ctx.db);
    const order = await buildOrder(ctx.db, { sessionId: other.id, userId });
    await ctx.db
      .insert(schema.tickets)
      .values(seats.map((seatNumber) => ({ ...line, userId, orderId: order.id, sessionId: other.id, seatNumber })));
    expect((await ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, other.id))).length).toBe(110);
  });

  it('sells a seat of a session only once among live tickets', async () => {
    await ticket('r5m5');
    expect(await failure(ticket('r5m5'))).toBe(PG_UNIQUE_VIOLATION);
  });

  it("keeps a seat for a pending order's line as for a sold ticket", async () => {
    await ticket('r4m4', 'pending');
    expect(await failure(ticket('r4m4'))).toBe(PG_UNIQUE_VIOLATION);
    expect(await failure(ticket('r4m4', 'pending'))).toBe(PG_UNIQUE_VIOLATION);
  });

  it('refunds a line once: a second refund under way or done is refused', async () => {
    await ticket('r7m7');
    const [row] = await ctx.db.select().from(schema.tickets).where(eq(schema.tickets.seatNumber, 'r7m7'));
    const refund = (key: string, status: 'creating' | 'canceled' | 'succeeded') =>
      ctx.db.insert(schema.refunds).values({
        orderId,
        ticketId: row!.id,
        idempotenceKey: key,
        status,
        amountKopecks: 35_000,
        reason: 'Проверка',
      });
    expect(await failure(refund('k1', 'canceled'))).toBe('no error');
    expect(await failure(refund('k2', 'creating'))).toBe('no error');
    expect(await failure(refund('k3', 'succeeded'))).toBe(PG_UNIQUE_VIOLATION);
    expect(await failure(refund('k2', 'canceled'))).toBe(PG_UNIQUE_VIOLATION);
  });

  it('refuses an order in an unknown state, and a paid one without its payment time', async () => {
    expect(await failure(buildOrder(ctx.db, { sessionId, status: 'lost' as never }))).toBe(PG_CHECK_VIOLATION);
    expect(await failure(buildOrder(ctx.db, { sessionId, status: 'pending', paidAt: new Date() }))).toBe(
      PG_CHECK_VIOLATION,
    );
  });

  it('lets a refunded or cancelled seat be sold again', async () => {
    await ticket('r6m6', 'refunded');
    await ticket('r6m7', 'cancelled');
    expect(await failure(ticket('r6m6'))).toBe('no error');
    expect(await failure(ticket('r6m7'))).toBe('no error');
  });

  it('refuses unknown roles, reactions, watching states and non-lower-case emails', async () => {
    expect(await failure(buildUser(ctx.db, { role: 'root' as never }))).toBe(PG_CHECK_VIOLATION);
    expect(await failure(buildUser(ctx.db, { email: 'Upper@Example.test' }))).toBe(PG_CHECK_VIOLATION);
    const film = await buildFilm(ctx.db);
    const review = { filmId: film.id, userId, title: 'Отлично', comment: 'Смотреть всем' };
    expect(await failure(ctx.db.insert(schema.reviews).values({ ...review, typeRating: 3 }))).toBe(PG_CHECK_VIOLATION);
    expect(await failure(ctx.db.insert(schema.reviews).values({ ...review, typeRating: 1 }))).toBe('no error');
    expect(
      await failure(
        ctx.db
          .insert(schema.tickets)
          .values({ ...line, userId, orderId, sessionId, seatNumber: 'r9m9', isWatching: 3 }),
      ),
    ).toBe(PG_CHECK_VIOLATION);
  });

  it('keeps a refund time exactly on refunded tickets, and admissions on live ones only', async () => {
    const row = { ...line, userId, orderId, sessionId };
    const now = new Date();
    const insert = (values: Partial<typeof schema.tickets.$inferInsert>) =>
      failure(ctx.db.insert(schema.tickets).values({ ...row, seatNumber: 'r10m1', ...values }));
    expect(await insert({ status: 'refunded' })).toBe(PG_CHECK_VIOLATION);
    expect(await insert({ status: 'paid', refundedAt: now })).toBe(PG_CHECK_VIOLATION);
    expect(await insert({ status: 'refunded', refundedAt: now, usedAt: now })).toBe(PG_CHECK_VIOLATION);
    expect(await insert({ status: 'cancelled', usedAt: now })).toBe(PG_CHECK_VIOLATION);
    expect(await insert({ status: 'paid', usedAt: now })).toBe('no error');
  });

  it('refuses a ticket for a session that does not exist, and a session ending before it starts', async () => {
    expect(
      await failure(
        ctx.db.insert(schema.tickets).values({ ...line, userId, orderId, sessionId: 999_999, seatNumber: 'r1m1' }),
      ),
    ).toBe(PG_CHECK_VIOLATION); // no such session: the seat is in no hall's plan (tickets_seat_in_plan)
    const start = new Date();
    expect(await failure(buildSession(ctx.db, { startTime: start, endTime: start }))).toBe(PG_CHECK_VIOLATION);
  });

  it('keeps one account per email', async () => {
    await buildUser(ctx.db, { email: 'twin@example.test' });
    expect(await failure(buildUser(ctx.db, { email: 'twin@example.test' }))).toBe(PG_UNIQUE_VIOLATION);
  });
});
