import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, type JobHandler } from './define-job';
import { handlerMap, HANDLERS, startWorkers } from './index';

describe('the workers process job table', () => {
  it('has exactly one handler for every job of the contract', () => {
    expect(() => handlerMap(HANDLERS)).not.toThrow();
  });

  it('refuses to start when a job has no handler', () => {
    expect(() => handlerMap([])).toThrow(/No handler for job\(s\): mail\.send/);
  });

  it('refuses to start when a job has two handlers', () => {
    const twin = defineJob('mail.send', async () => undefined);
    expect(() => handlerMap([...HANDLERS, twin])).toThrow(/more than one handler/);
  });
});

describe('stopping the workers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('hands a job still running at the end of the drain back to its queue, waiting for another worker', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const stuck = defineJob('mail.send', async () => {
      started();
      await new Promise(() => undefined);
    });
    const others = HANDLERS.filter((h) => h.name !== 'mail.send');
    const workers = await startWorkers(ctx, [stuck as JobHandler, ...others]);
    await ctx.queues.enqueue('mail.send', { to: 'a@example.test', subject: 'S', text: 'T' }, { jobId: 'stuck-1' });
    await running;
    await workers.close(200);
    expect(await ctx.queues.queue('mail').getJobState('stuck-1')).toBe('waiting');
  });

  it('lets a job finish within the drain', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = defineJob('mail.send', async () => {
      started();
      await gate;
    });
    const others = HANDLERS.filter((h) => h.name !== 'mail.send');
    const workers = await startWorkers(ctx, [slow as JobHandler, ...others]);
    await ctx.queues.enqueue('mail.send', { to: 'b@example.test', subject: 'S', text: 'T' }, { jobId: 'slow-1' });
    await running;
    const closing = workers.close(10_000);
    release();
    await closing;
    expect(await ctx.queues.queue('mail').getJobState('slow-1')).toBe('completed');
  });
});
