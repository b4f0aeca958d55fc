import { startTestApi, type TestApi } from '@kino/backend/testing/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, type JobHandler } from './define-job';
import { HANDLERS, startWorkers, type RunningWorkers } from './index';

describe('job durations in /metrics', () => {
  let t: TestApi;
  let workers: RunningWorkers;
  beforeAll(async () => {
    t = await startTestApi();
    // Fails its first attempt, succeeds on the retry.
    const flaky = defineJob('mail.send', async (_payload, { job }) => {
      if (job.attemptsMade === 0) throw new Error('SMTP said no');
    });
    workers = await startWorkers(t.ctx, [flaky as JobHandler, ...HANDLERS.filter((h) => h.name !== 'mail.send')]);
  });
  afterAll(async () => {
    await workers.close(1000);
    await t.close();
  });

  it('observes each attempt by queue, job and outcome', async () => {
    await t.ctx.queues.enqueue('mail.send', { to: 'a@example.test', subject: 'S', text: 'T' }, { jobId: 'flaky-1' });
    const queue = t.ctx.queues.queue('mail');
    await expect.poll(() => queue.getJobState('flaky-1'), { timeout: 15_000, interval: 100 }).toBe('completed');
    const text = await (await t.fetch('/metrics')).text();
    const series = (outcome: string) =>
      `kino_job_duration_seconds_count{queue="mail",job="mail.send",outcome="${outcome}"} 1`;
    expect(text).toContain(series('failed'));
    expect(text).toContain(series('completed'));
    expect(text).toContain('kino_queue_jobs{queue="mail",state="completed"} 1');
  });
});
