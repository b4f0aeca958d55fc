/**
 * Watching states through the real queue: delayed jobs at each session's start and end, the sweep
 * at start-up and on demand, and the owner's open pages told over their user room.
 */
import { schema } from '@kino/backend/db';
import type { TicketsChanged } from '@kino/backend/contract';
import { scheduleWatchingJobs } from '@kino/backend/modules/tickets/duties';
import { ticketJobIds } from '@kino/backend/queues/job-ids/tickets';
import { buildSession, buildSignedInUser, buildTicket } from '@kino/backend/testing/factories';
import { startTestApi, type TestApi } from '@kino/backend/testing/harness';
import { eq, inArray } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface Owner {
  userId: number;
  socket: Socket;
  /** Every 'tickets:changed' the owner's page heard, flattened to [ticket id, is_watching]. */
  heard: [number, number][];
}

describe('watching states', () => {
  let t: TestApi;
  let workers: RunningWorkers;
  const sockets: Socket[] = [];
  let pastOwner: Owner;
  let pastTicketIds: number[];

  async function owner(): Promise<Owner> {
    const { user, token } = await buildSignedInUser(t.ctx);
    const socket = io(t.url, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
    sockets.push(socket);
    const heard: [number, number][] = [];
    socket.on('tickets:changed', (payload: TicketsChanged) =>
      heard.push(...payload.tickets.map((x) => [x.id, x.is_watching] as [number, number])),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { userId: user.id, socket, heard };
  }

  async function ticketsOf(userId: number, start: Date, end: Date, seats = ['r1m1', 'r1m2']) {
    const session = await buildSession(t.ctx.db, { startTime: start, endTime: end });
    const ids = [];
    for (const seatNumber of seats)
      ids.push((await buildTicket(t.ctx.db, { sessionId: session.id, userId, seatNumber })).id);
    return { session, ids };
  }
  const states = async (ids: number[]) =>
    (
      await t.ctx.db.select().from(schema.tickets).where(inArray(schema.tickets.id, ids)).orderBy(schema.tickets.id)
    ).map((x) => x.isWatching);

  beforeAll(async () => {
    t = await startTestApi();
    // Tickets of a session that ended while no worker ran (the demo's past), and their owner's open page.
    pastOwner = await owner();
    const past = await ticketsOf(
      pastOwner.userId,
      new Date(Date.now() - 300 * MINUTE),
      new Date(Date.now() - 180 * MINUTE),
    );
    pastTicketIds = past.ids;
    workers = await startWorkers(t.ctx);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await workers.close();
    await t.close();
  });

  it('moves the tickets of sessions that ended while no worker ran to 2 at start-up, telling the owner once', async () => {
    await expect.poll(() => states(pastTicketIds)).toEqual([2, 2]);
    await expect.poll(() => pastOwner.heard).toEqual(pastTicketIds.map((id) => [id, 2]));
  });

  it('moves tickets to 1 at the session’s start and to 2 at its end by its delayed jobs, live on the owner’s page', async () => {
    const viewer = await owner();
    const start = new Date(Date.now() + 2 * SECOND);
    // Longer than the jobs' allowance for clock skew (2 s), so that the start job finds it running.
    const { session, ids } = await ticketsOf(viewer.userId, start, new Date(start.getTime() + 5 * SECOND));
    await scheduleWatchingJobs(t.ctx, [session.id]);
    expect(await states(ids)).toEqual([0, 0]);

    await expect.poll(() => viewer.heard, { timeout: 10_000 }).toEqual(ids.map((id) => [id, 1]));
    expect(await states(ids)).toEqual([1, 1]);
    await expect.poll(() => viewer.heard.length, { timeout: 15_000 }).toBe(4);
    expect(viewer.heard.slice(2)).toEqual(ids.map((id) => [id, 2]));
    expect(await states(ids)).toEqual([2, 2]);

    const queue = t.ctx.queues.queue('tickets');
    for (const edge of ['start', 'end'] as const) {
      const job = await queue.getJob(ticketJobIds.watching(session.id, edge));
      expect([await job!.getState(), job!.returnvalue]).toEqual(['completed', { moved: 2 }]);
    }
  });

  it('replaces a session’s jobs when it is scheduled again, and moves its tickets at the new time', async () => {
    const viewer = await owner();
    const first = { start: new Date(Date.now() + 60 * MINUTE), end: new Date(Date.now() + 180 * MINUTE) };
    const { session, ids } = await ticketsOf(viewer.userId, first.start, first.end);
    await scheduleWatchingJobs(t.ctx, [session.id]);
    const moved = { ...session, startTime: new Date(Date.now() + 2 * SECOND), endTime: first.end };
    await t.ctx.db
      .update(schema.sessions)
      .set({ startTime: moved.startTime })
      .where(eq(schema.sessions.id, session.id));
    await scheduleWatchingJobs(t.ctx, [moved.id]);

    const queue = t.ctx.queues.queue('tickets');
    const jobs = (await queue.getJobs(['delayed', 'wait', 'active', 'completed'])).filter(
      (job) => job.name === 'tickets.watching' && job.data.sessionId === session.id,
    );
    expect(jobs.map((job) => job.id).sort()).toEqual([
      ticketJobIds.watching(session.id, 'end'),
      ticketJobIds.watching(session.id, 'start'),
    ]);
    const startJob = jobs.find((job) => job.id === ticketJobIds.watching(session.id, 'start'))!;
    expect(startJob.timestamp + startJob.delay).toBeLessThan(first.start.getTime() - 50 * MINUTE);
    // The database follows the new time (as the back office saves it), and the moved job fires then.
    await t.ctx.db
      .update(schema.sessions)
      .set({ startTime: moved.startTime })
      .where(inArray(schema.sessions.id, [session.id]));
    await expect.poll(() => states(ids), { timeout: 10_000 }).toEqual([1, 1]);
  });

  it('heals by the sweep what no delayed job moved', async () => {
    const viewer = await owner();
    // Started ten minutes ago, never scheduled: as if its job was lost.
    const { ids } = await ticketsOf(
      viewer.userId,
      new Date(Date.now() - 10 * MINUTE),
      new Date(Date.now() + 100 * MINUTE),
    );
    await t.ctx.queues.enqueue('tickets.watching-sweep', {});
    await expect.poll(() => states(ids)).toEqual([1, 1]);
    await expect.poll(() => viewer.heard).toEqual(ids.map((id) => [id, 1]));
  });
});
