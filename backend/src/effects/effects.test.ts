import { afterAll, describe, expect, it } from 'vitest';
import { schema } from '../db';
import { useTestApi } from '../testing/api';
import { buildSession, buildSignedInUser } from '../testing/factories';
import { connectLiveClient, type LiveClient } from '../testing/live-client';
import { write } from './index';

const api = useTestApi();
const clients: LiveClient[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

const connect = async (token?: string) => {
  const client = await connectLiveClient(api.t.url, token);
  clients.push(client);
  return client;
};

/** Sells a seat the way the purchase does: tickets inserted, the change said, in one write. */
async function sell(userId: number, sessionId: number, seat: string, fail = false) {
  return write(api.ctx, async (tx, changed) => {
    const [ticket] = await tx
      .insert(schema.tickets)
      .values({ sessionId, userId, seatNumber: seat, price: 300 })
      .returning();
    changed({ what: 'tickets', kind: 'sold', userId, sessionId, ticketIds: [ticket!.id], seats: [seat] });
    if (fail) throw new Error('the transaction fails after saying what it changed');
    return ticket!;
  });
}

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
});
