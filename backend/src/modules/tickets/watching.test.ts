/** Watching states follow the session's clock, forward only, each move reported once. */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { buildSession, buildTicket, buildUser } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/harness';
import { advanceWatching, watchingStateAt } from './watching';

const MINUTE = 60_000;

describe('advanceWatching', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function sessionWithTickets(start: Date, seats: string[]) {
    const session = await buildSession(ctx.db, { startTime: start, endTime: new Date(start.getTime() + 100 * MINUTE) });
    const user = await buildUser(ctx.db);
    const tickets = [];
    for (const seatNumber of seats)
      tickets.push(await buildTicket(ctx.db, { sessionId: session.id, userId: user.id, seatNumber }));
    return { session, user, tickets };
  }
  const states = async (ids: number[]) =>
    (await ctx.db.select().from(schema.tickets).where(inArray(schema.tickets.id, ids)).orderBy(schema.tickets.id)).map(
      (t) => t.isWatching,
    );

  it('gives 0 before the start, 1 from the start, 2 from the end', () => {
    const session = { startTime: new Date(1000), endTime: new Date(2000) };
    expect([999, 1000, 1999, 2000].map((t) => watchingStateAt(session, new Date(t)))).toEqual([0, 1, 1, 2]);
  });

  it('moves a session’s tickets to 1 at its start and to 2 at its end, answering the tickets it moved', async () => {
    const start = new Date(Date.now() + 7 * 24 * 60 * MINUTE);
    const { session, user, tickets } = await sessionWithTickets(start, ['r1m1', 'r1m2']);
    const ids = tickets.map((t) => t.id);
    expect(await advanceWatching(ctx, new Date(start.getTime() - 1), session.id)).toEqual([]);
    expect(await states(ids)).toEqual([0, 0]);
    const started = await advanceWatching(ctx, start, session.id);
    expect(started.sort((a, b) => a.id - b.id)).toEqual(ids.map((id) => ({ id, userId: user.id, isWatching: 1 })));
    expect(await advanceWatching(ctx, new Date(start.getTime() + MINUTE), session.id)).toEqual([]);
    expect((await advanceWatching(ctx, session.endTime, session.id)).map((t) => t.isWatching)).toEqual([2, 2]);
    expect(await states(ids)).toEqual([2, 2]);
  });

  it('never moves a ticket back, and leaves other sessions alone when one is named', async () => {
    const start = new Date(Date.now() + 8 * 24 * 60 * MINUTE);
    const a = await sessionWithTickets(start, ['r2m1']);
    const b = await sessionWithTickets(start, ['r2m2']);
    await advanceWatching(ctx, a.session.endTime, a.session.id);
    expect(await advanceWatching(ctx, start, a.session.id)).toEqual([]);
    expect(await states([a.tickets[0]!.id, b.tickets[0]!.id])).toEqual([2, 0]);
  });

  it('sweeps every session whose start or end has passed, straight from 0 to 2 for one that is over', async () => {
    const past = await sessionWithTickets(new Date(Date.now() - 300 * MINUTE), ['r3m1']);
    const running = await sessionWithTickets(new Date(Date.now() - 10 * MINUTE), ['r3m2']);
    const coming = await sessionWithTickets(new Date(Date.now() + 10 * MINUTE), ['r3m3']);
    const moved = await advanceWatching(ctx, new Date());
    const ids = [past, running, coming].map((s) => s.tickets[0]!.id);
    expect(moved.filter((t) => ids.includes(t.id)).sort((x, y) => x.id - y.id)).toEqual([
      { id: ids[0], userId: past.user.id, isWatching: 2 },
      { id: ids[1], userId: running.user.id, isWatching: 1 },
    ]);
    expect(await states(ids)).toEqual([2, 1, 0]);
  });

  it('reports each move once when several sweeps run at the same moment', async () => {
    const { tickets } = await sessionWithTickets(new Date(Date.now() - 200 * MINUTE), ['r4m1', 'r4m2', 'r4m3']);
    const ids = tickets.map((t) => t.id);
    const now = new Date();
    const runs = await Promise.all(Array.from({ length: 4 }, () => advanceWatching(ctx, now)));
    const reported = runs.flat().filter((t) => ids.includes(t.id));
    expect(reported.map((t) => t.id).sort()).toEqual([...ids].sort());
    const [row] = await ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, ids[0]!));
    expect(row!.isWatching).toBe(2);
  });
});
