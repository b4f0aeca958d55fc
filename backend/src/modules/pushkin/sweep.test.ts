/**
 * The Pushkin card registry's sweep (sweep.ts) and a registration whose answer was lost (registry.ts), against real
 * parts: the API, the database, Redis and BullMQ, the real workers and the registry emulator's fault switches, on an
 * injected clock. A registration whose job gave up, or whose job was lost, is sent again once past
 * PUSHKIN_STUCK_MINUTES, under its one job id (nothing registered twice), and the orders list flags it meanwhile; a
 * lost answer followed by the registry's duplicate answer counts as registered, and no money goes back.
 */
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUSHKIN_STUCK_MINUTES } from '../../contract/pushkin';
import { schema } from '../../db';
import { ManualClock } from '../../lib/infra/clock';
import { ticketJobIds } from '../../queues/job-ids/tickets';
import { buildSignedInUser } from '../../testing/factories';
import { startTestApi, type TestApi } from '../../testing/harness';
import { until } from '../../testing/wait';
import { findStuckPushkinTickets, sweepStuckPushkinTickets } from './sweep';
import { pushkinHelpers } from './test-support';

const clock = new ManualClock();
let t: TestApi;
let workers: RunningWorkers | undefined;

beforeAll(async () => {
  t = await startTestApi({ clock });
});
afterEach(async () => {
  await workers?.close();
  workers = undefined;
});
afterAll(async () => {
  await t.close();
});

const { pushkinSession, cashierOnShift, sellAtTill, registryTicket, pushkinRow, waitStatus } = pushkinHelpers(() => t);
const tickets = () => t.ctx.queues.queue('tickets');
const flagged = async (token: string) =>
  (await t.call('GET /orders', { query: { flag: 'pushkin_stuck' } }, token)).body.data.map(
    (o: { id: number; pushkin_stuck: boolean }) => [o.id, o.pushkin_stuck],
  );
const requestsFor = (barcode: string) =>
  t.ctx.registryEmulator.control.requests
    .filter(
      (r) =>
        (r.body as { barcode?: string } | undefined)?.barcode === barcode ||
        decodeURIComponent(r.path).includes(barcode),
    )
    .map((r) => `${r.method} ${r.path.startsWith('/events') ? 'by barcode' : r.path} ${r.status}`);

describe('the sweep of registry calls that never arrived', () => {
  it('a registration whose job gave up goes again past the bound, once, and the orders list flags it meanwhile', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const admin = await buildSignedInUser(t.ctx, { role: 'admin' });
    const sale = await sellAtTill(cashier.token, session.id, 'r2m3');
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const ticketId = sale.body.tickets[0]!.id as number;
    const jobId = ticketJobIds.pushkin('register', ticketId);
    // No worker yet: the sale's job waits. It is given a single attempt, and the registry fails it.
    await until(async () => (await tickets().getJob(jobId)) !== undefined, 5_000, 'the registration job never came');
    await tickets().remove(jobId);
    await tickets().add('pushkin.register', { ticketId }, { jobId, attempts: 1 });
    t.ctx.registryEmulator.control.failNext(1, { status: 503, method: 'POST', path: '/tickets' });
    workers = await startWorkers(t.ctx);
    await until(async () => (await (await tickets().getJob(jobId))?.getState()) === 'failed', 10_000, 'never failed');
    expect((await pushkinRow(ticketId))!.status).toBe('registering');

    // Within the bound: neither swept nor flagged.
    clock.advance((PUSHKIN_STUCK_MINUTES - 1) * 60_000);
    expect(await findStuckPushkinTickets(t.ctx, clock.now())).toEqual([]);
    expect(await flagged(admin.token)).not.toContainEqual([sale.body.id, true]);

    clock.advance(2 * 60_000);
    expect(await flagged(admin.token)).toContainEqual([sale.body.id, true]);
    const swept = await sweepStuckPushkinTickets(t.ctx);
    expect(swept.requeued).toEqual([{ ticketId, action: 'register' }]);
    await waitStatus(ticketId, 'active');
    // A second sweep finds nothing to do; the registry holds the ticket once.
    expect((await sweepStuckPushkinTickets(t.ctx)).requeued).toEqual([]);
    expect(t.ctx.registryEmulator.control.tickets().filter((r) => r.barcode === sale.body.tickets[0]!.qr)).toHaveLength(
      1,
    );
    expect(requestsFor(sale.body.tickets[0]!.qr)).toEqual([
      'POST /tickets 503',
      'GET by barcode 404',
      'POST /tickets 201',
    ]);
    expect(await flagged(admin.token)).not.toContainEqual([sale.body.id, true]);
  });

  it('a lost job is added again under its id; swept twice, it is one job, and one ticket in the registry', async () => {
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const sale = await sellAtTill(cashier.token, session.id, 'r2m4');
    const ticketId = sale.body.tickets[0]!.id as number;
    const jobId = ticketJobIds.pushkin('register', ticketId);
    await until(async () => (await tickets().getJob(jobId)) !== undefined, 5_000, 'the registration job never came');
    // Redis lost it (a restart without persistence, a flush): nothing would ever register the ticket.
    await tickets().remove(jobId);
    clock.advance((PUSHKIN_STUCK_MINUTES + 1) * 60_000);
    expect(await findStuckPushkinTickets(t.ctx, clock.now())).toContainEqual({ ticketId, action: 'register' });
    const first = await sweepStuckPushkinTickets(t.ctx);
    const second = await sweepStuckPushkinTickets(t.ctx);
    expect(first.requeued).toContainEqual({ ticketId, action: 'register' });
    expect(second.requeued).not.toContainEqual({ ticketId, action: 'register' });
    expect(second.inFlight).toBeGreaterThanOrEqual(1);
    workers = await startWorkers(t.ctx);
    await waitStatus(ticketId, 'active');
    expect(registryTicket((r) => r.barcode === sale.body.tickets[0]!.qr)).toMatchObject({ status: 'active' });
    expect(t.ctx.registryEmulator.control.tickets().filter((r) => r.barcode === sale.body.tickets[0]!.qr)).toHaveLength(
      1,
    );
  });

  it('a refund the registry never heard of goes again past the bound', async () => {
    workers = await startWorkers(t.ctx);
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    const sale = await sellAtTill(cashier.token, session.id, 'r2m5');
    const ticketId = sale.body.tickets[0]!.id as number;
    await waitStatus(ticketId, 'active');
    await workers.close();
    workers = undefined;
    const refund = await t.call('POST /till/refunds', { body: { ticket_id: ticketId } }, cashier.token);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const jobId = ticketJobIds.pushkin('refund', ticketId);
    await until(async () => (await tickets().getJob(jobId)) !== undefined, 5_000, 'the refund job never came');
    await tickets().remove(jobId);
    clock.advance((PUSHKIN_STUCK_MINUTES + 1) * 60_000);
    expect((await sweepStuckPushkinTickets(t.ctx)).requeued).toContainEqual({ ticketId, action: 'refund' });
    workers = await startWorkers(t.ctx);
    await waitStatus(ticketId, 'refunded');
    const row = await pushkinRow(ticketId);
    expect(t.ctx.registryEmulator.control.ticket(row!.registryId!)).toMatchObject({ status: 'refunded' });
  });
});

describe('a registration whose answer was lost', () => {
  it('the registry’s duplicate answer to the retry counts as registered: no second ticket, no money back', async () => {
    workers = await startWorkers(t.ctx);
    const session = await pushkinSession();
    const cashier = await cashierOnShift();
    // The registry stores the ticket and the answer is lost; on the retry its inspector view misses the ticket once.
    t.ctx.registryEmulator.control.failNext(1, { method: 'POST', path: '/tickets', after: true });
    t.ctx.registryEmulator.control.failNext(1, { method: 'GET', path: '/events', status: 404 });
    const sale = await sellAtTill(cashier.token, session.id, 'r2m6');
    const ticketId = sale.body.tickets[0]!.id as number;
    const barcode = sale.body.tickets[0]!.qr as string;
    await waitStatus(ticketId, 'active');
    expect(requestsFor(barcode)).toEqual([
      'POST /tickets dropped',
      'GET by barcode 404',
      'POST /tickets 400',
      'GET by barcode 200',
    ]);
    expect(t.ctx.registryEmulator.control.tickets().filter((r) => r.barcode === barcode)).toHaveLength(1);
    const [ticket] = await t.ctx.db.select().from(schema.tickets).where(eq(schema.tickets.id, ticketId));
    expect(ticket!.status).toBe('paid');
    expect(await pushkinRow(ticketId)).toMatchObject({ status: 'active', registryId: null, error: null });
  });
});
