import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { useTestApi } from '../testing/api';
import { buildOrder, buildSession, buildSignedInUser, buildTicket, soldChange } from '../testing/factories';
import { connectLiveClient, type LiveClient } from '../testing/live-client';
import { startEffectsDrain, write, type Change } from './index';
import { drainOutbox } from './outbox';

const api = useTestApi();
const clients: LiveClient[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

const connect = async (token?: string) => {
  const client = await connectLiveClient(api.t.url, token);
  clients.push(client);
  return client;
};

/** Sells a seat the way a paid order does: its ticket written, the change said, in one write. */
async function sell(userId: number, sessionId: number, seat: string, fail = false) {
  const order = await buildOrder(api.ctx.db, { userId, sessionId, totalKopecks: 30_000 });
  return write(api.ctx, async (tx, changed) => {
    const [ticket] = await tx
      .insert(schema.tickets)
      .values({
        orderId: order.id,
        sessionId,
        userId,
        seatNumber: seat,
        priceKopecks: 30_000,
        basePriceKopecks: 30_000,
        status: 'paid',
      })
      .returning();
    changed(soldChange([ticket!]));
    if (fail) throw new Error('the transaction fails after saying what it changed');
    return ticket!;
  });
}

const outboxRows = () => api.ctx.db.select().from(schema.outbox);

describe('writes and their after-commit duties', () => {
  it('after a committed sale: the buyer hears tickets:changed, staff hear dashboard:changed once, the PDF job is queued', async () => {
    const buyer = await buildSignedInUser(api.ctx);
    const cashier = await buildSignedInUser(api.ctx, { role: 'cashier' });
    const [mine, staff] = [await connect(buyer.token), await connect(cashier.token)];
    const session = await buildSession(api.ctx.db);

    const ticket = await sell(buyer.user.id, session.id, 'r1m1');

    expect(await mine.waitFor('tickets:changed')).toEqual({
      tickets: [{ id: ticket.id, status: 'paid', is_watching: 0, used_at: null }],
    });
    await staff.waitFor('dashboard:changed');
    const job = await api.ctx.queues.queue('tickets').getJob(`tickets-pdf-${ticket.id}`);
    expect(job?.data).toEqual({ ticketIds: [ticket.id] });
  });

  it("pushes a person's events only to that person, and the dashboard only to staff", async () => {
    const [anna, boris] = [await buildSignedInUser(api.ctx), await buildSignedInUser(api.ctx)];
    const [annas, boriss] = [await connect(anna.token), await connect(boris.token)];
    const session = await buildSession(api.ctx.db);

    await sell(anna.user.id, session.id, 'r2m2');
    await sell(boris.user.id, session.id, 'r2m3');

    // Boris's own push comes after Anna's sale was pushed: by then he would have heard hers.
    await boriss.waitFor('tickets:changed');
    await annas.waitFor('tickets:changed');
    expect(boriss.count('tickets:changed')).toBe(1);
    expect(annas.count('tickets:changed')).toBe(1);
    expect(boriss.count('dashboard:changed') + annas.count('dashboard:changed')).toBe(0);
  });

  it('does nothing when the transaction fails: no push, no job, no row', async () => {
    const buyer = await buildSignedInUser(api.ctx);
    const mine = await connect(buyer.token);
    const session = await buildSession(api.ctx.db);

    await expect(sell(buyer.user.id, session.id, 'r3m3', true)).rejects.toThrow(/fails/);
    const kept = await sell(buyer.user.id, session.id, 'r3m4');

    expect(await mine.waitFor('tickets:changed')).toMatchObject({ tickets: [{ id: kept.id }] });
    expect(mine.count('tickets:changed')).toBe(1);
    const jobs = await api.ctx.queues.queue('tickets').getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.map((j) => j.id)).not.toContain(`tickets-pdf-${kept.id - 1}`);
    const rows = await api.ctx.db.select().from(schema.tickets);
    expect(rows.filter((t) => t.seatNumber === 'r3m3')).toEqual([]);
  });

  it('leaves no outbox entry behind once the duties are done', async () => {
    const buyer = await buildSignedInUser(api.ctx);
    const session = await buildSession(api.ctx.db);
    await sell(buyer.user.id, session.id, 'r4m4');
    expect(await outboxRows()).toEqual([]);
  });
});

describe('effects left in the outbox by a process that died after its commit', () => {
  it("are performed by another process's drain: the owner is told, the jobs queued, the entry gone", async () => {
    const buyer = await buildSignedInUser(api.ctx);
    const mine = await connect(buyer.token);
    const session = await buildSession(api.ctx.db);
    const ticket = await buildTicket(api.ctx.db, { sessionId: session.id, userId: buyer.user.id, seatNumber: 'r5m5' });
    // What a writer killed between its commit and its duties leaves: the entry, unclaimed, a moment old.
    const [entry] = await api.ctx.db
      .insert(schema.outbox)
      .values({ changes: [soldChange([ticket])], createdAt: sql`now() - interval '5 seconds'` })
      .returning();

    const drain = startEffectsDrain(api.ctx);
    try {
      expect(await mine.waitFor('tickets:changed')).toMatchObject({ tickets: [{ id: ticket.id, status: 'paid' }] });
      await expect.poll(async () => (await outboxRows()).filter((r) => r.id === entry!.id)).toEqual([]);
    } finally {
      await drain.stop();
    }
    const job = await api.ctx.queues.queue('mail').getJob(`mail-order-paid-${ticket.orderId}`);
    expect(job?.data).toMatchObject({ orderId: ticket.orderId });
  });

  it('are left alone while their writer holds its claim (it is still performing them)', async () => {
    const session = await buildSession(api.ctx.db);
    const ticket = await buildTicket(api.ctx.db, { sessionId: session.id, seatNumber: 'r6m6' });
    const [entry] = await api.ctx.db
      .insert(schema.outbox)
      .values({
        changes: [soldChange([ticket])],
        createdAt: sql`now() - interval '5 seconds'`,
        claimedUntil: sql`now() + interval '30 seconds'`,
        attempts: 1,
      })
      .returning();
    // Two rounds of the drain (it runs one a second in each process), one after the other.
    const performed: Change[][] = [];
    const run = async (changes: Change[]) => {
      performed.push(changes);
      return 0;
    };
    expect(await drainOutbox(api.ctx, run)).toBe(0);
    expect(await drainOutbox(api.ctx, run)).toBe(0);
    expect(performed).toEqual([]);
    expect((await outboxRows()).find((r) => r.id === entry!.id)).toMatchObject({ attempts: 1 });
    await api.ctx.db.delete(schema.outbox).where(eq(schema.outbox.id, entry!.id));
  });
});
