/**
 * Which lock guards what (docs/architecture.md): a move of a session racing a sale of it, and a refund at
 * the counter racing its shift's close. On a PostgreSQL server the test holds a row the way a slow
 * transaction would, so each race is played in its worst order; on the embedded database (one connection,
 * its transactions one after another) the two requests are sent together.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { toCinemaTime } from '../../contract/time';
import { schema, type Tx } from '../../db';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { holdSeats, orderBody, useShop } from '../../testing/orders';
import { until } from '../../testing/wait';

const shop = useShop();
const onServer = Boolean(inject('databaseUrl'));
const inHours = (h: number) => toCinemaTime(new Date(Date.now() + h * 3600_000)).slice(0, 16);

/** A transaction of the test's own that holds a row lock until released (PostgreSQL server only). */
async function holdLock(statement: ReturnType<typeof sql>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: (tx: Tx) => void;
  const ready = new Promise<Tx>((resolve) => (locked = resolve));
  const done = shop.t.ctx.db.transaction(async (tx) => {
    await tx.execute(statement);
    locked(tx);
    await released;
  });
  const tx = await ready;
  return {
    /** How many statements of this database wait on a lock on `table`. */
    async waiting(table: string): Promise<number> {
      await tx.execute(sql`select pg_stat_clear_snapshot()`);
      const rows = await tx.execute(
        sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()
            and query like ${`%"${table}"%`}`,
      );
      return (rows as unknown as { rows: unknown[] }).rows.length;
    },
    async release() {
      release();
      await done;
    },
  };
}

/** Waits until the check holds (a request parked on a lock, or answered). */
const parked = (check: () => Promise<boolean>) => until(check, 20_000, 'the race did not reach its lock');

describe('a move racing a sale', () => {
  it('ends with one of them refused, never both done', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600 });
    const manager = (await buildSignedInUser(shop.t.ctx, { role: 'manager' })).token;
    const buyer = await shop.buyer();
    const move = () =>
      shop.t.call('PUT /schedules/:id', { params: { id: session.id }, body: { start_time: inHours(40) } }, manager);
    const sale = async () => {
      // A map that cannot hold the seat (the session moved under it) is a refused sale too.
      const held = await holdSeats(buyer.socket, session.id, ['r2m2']).then(
        () => true,
        () => false,
      );
      if (!held) return { status: 409 };
      return shop.t.call('POST /tickets/store', { body: orderBody(session, ['r2m2']) }, buyer.token);
    };

    let answers: [number, number];
    if (onServer) {
      // The move is parked on the session's row, after whatever it checked before its transaction…
      const lock = await holdLock(sql`select id from sessions where id = ${session.id} for no key update`);
      const moving = move();
      await parked(async () => (await lock.waiting('sessions')) >= 1);
      // …while the buyer holds a seat and orders it.
      let sold = false;
      const selling = sale().finally(() => (sold = true));
      await parked(async () => sold || (await lock.waiting('sessions')) >= 2);
      await lock.release();
      const [moved, bought] = await Promise.all([moving, selling]);
      answers = [moved.status, bought.status];
    } else {
      const [moved, bought] = await Promise.all([move(), sale()]);
      answers = [moved.status, bought.status];
    }

    expect(
      answers.filter((s) => s >= 200 && s < 300),
      JSON.stringify(answers),
    ).toHaveLength(1);
    const [row] = await shop.t.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.id, session.id));
    const sold = await shop.t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.sessionId, session.id));
    // Never a ticket for a session that moved under it.
    expect(sold.length === 0 || row!.startTime.getTime() === session.startTime.getTime()).toBe(true);
  });
});

describe('a refund at the counter racing the shift’s close', () => {
  it('is counted in the closed shift’s expected cash, or refused', async () => {
    const session = await buildSession(shop.t.ctx.db, { startsInMinutes: 600, price: 300 });
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const open = await shop.t.call('POST /shifts/open', { body: { float: 1000, till: 'Касса гонки' } }, cashier.token);
    expect(open.status).toBe(201);
    const shiftId = open.body.id;
    const sale = await shop.t.call(
      'POST /till/orders',
      { body: { schedule_id: session.id, lines: [{ seat_number: 'r1m1' }], method: 'cash' } },
      cashier.token,
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const refund = () =>
      shop.t.call('POST /till/refunds', { body: { ticket_id: sale.body.tickets[0]!.id } }, cashier.token);
    const close = () =>
      shop.t.call('POST /shifts/:id/close', { params: { id: shiftId }, body: { counted: 1000 } }, cashier.token);

    let answers: [number, number];
    if (onServer) {
      // The refund is parked on its order's row, after whatever it checked before its transaction…
      const lock = await holdLock(sql`select id from orders where id = ${sale.body.id} for no key update`);
      const refunding = refund();
      await parked(async () => (await lock.waiting('orders')) >= 1);
      // …while the cashier closes the shift.
      let closedNow = false;
      const closing = close().finally(() => (closedNow = true));
      await parked(async () => closedNow || (await lock.waiting('shifts')) >= 1);
      await lock.release();
      const [refunded, closed] = await Promise.all([refunding, closing]);
      answers = [refunded.status, closed.status];
    } else {
      const [refunded, closed] = await Promise.all([refund(), close()]);
      answers = [refunded.status, closed.status];
    }

    expect(answers[1], JSON.stringify(answers)).toBe(200);
    const [shift] = await shop.t.ctx.db.select().from(schema.shifts).where(eq(schema.shifts.id, shiftId));
    const refunds = await shop.t.ctx.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, sale.body.id));
    if (answers[0] === 200) {
      // Given back before the close: the drawer's expected cash leaves it out.
      expect(refunds.map((r) => [r.status, r.shiftId])).toEqual([['succeeded', shiftId]]);
      expect(shift!.expectedKopecks).toBe(100_000);
    } else {
      // Refused: nothing went out of a closed drawer.
      expect(answers[0]).toBe(409);
      expect(refunds).toEqual([]);
      expect(shift!.expectedKopecks).toBe(130_000);
    }
  });
});
