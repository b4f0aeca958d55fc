import { startWorkers, type RunningWorkers } from '@kino/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailedJobRowSchema } from '../../contract/queues';
import { freePort } from '../../lib/infra/redis';
import { useTestApi } from '../../testing/api';
import { buildSignedInUser, buildUser } from '../../testing/factories';
import { shownData } from './presenter';

// Mail goes to an SMTP port where nothing listens: every mail job fails, refused.
const smtpPort = await freePort();
const api = useTestApi({ env: { SMTP_URL: `smtp://mailer:mail-password@127.0.0.1:${smtpPort}` } });
let workers: RunningWorkers;
let admin: string;
beforeAll(async () => {
  workers = await startWorkers(api.ctx);
  admin = (await buildSignedInUser(api.ctx, { role: 'admin' })).token;
});
afterAll(() => workers.close(1000));

const mail = () => api.ctx.queues.queue('mail');

/** A mail job that fails for good at its first attempt (the default is five, backed off). */
async function failedMail(jobId: string) {
  await mail().add(
    'mail.send',
    {
      to: 'viewer@example.test',
      subject: 'Сброс пароля',
      text: 'https://kino.test/reset?token=secret',
      requestId: 'req-7',
    },
    { jobId, attempts: 1 },
  );
  await expect.poll(() => mail().getJobState(jobId), { timeout: 10_000, interval: 50 }).toBe('failed');
}

describe('GET /api/queues', () => {
  it('returns 200 with every queue and its counts by state', async () => {
    await failedMail('counted-1');
    const { status, body } = await api.t.call('GET /queues', {}, admin);
    expect(status).toBe(200);
    expect(body.map((q) => q.name)).toEqual(['mail', 'tickets', 'orders']);
    expect(body[0]!.counts).toMatchObject({ failed: expect.any(Number), waiting: expect.any(Number) });
    expect(body[0]!.counts.failed).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/queues/{queue}/failed', () => {
  it('returns 200 with the failed jobs, their errors, attempts and request, and no mail text', async () => {
    await failedMail('listed-1');
    const { status, body } = await api.t.call('GET /queues/:queue/failed', { params: { queue: 'mail' } }, admin);
    expect(status).toBe(200);
    const row = body.data.find((r) => r.id === 'listed-1');
    expect(FailedJobRowSchema.parse(row)).toMatchObject({
      name: 'mail.send',
      attemptsMade: 1,
      requestId: 'req-7',
      data: { to: 'viewer@example.test', subject: 'Сброс пароля' },
    });
    expect(row!.failedReason).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(body)).not.toMatch(/secret|mail-password/);
  });

  it('returns 404 for a queue that does not exist', async () => {
    const { status, body } = await api.t.call('GET /queues/:queue/failed', { params: { queue: 'nope' } }, admin);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('POST /api/queues/{queue}/jobs/{id}/retry', () => {
  it('returns 403 for a manager, and changes nothing', async () => {
    await failedMail('guarded-1');
    const { token } = await buildSignedInUser(api.ctx, { role: 'manager' });
    const { status } = await api.t.call(
      'POST /queues/:queue/jobs/:id/retry',
      { params: { queue: 'mail', id: 'guarded-1' } },
      token,
    );
    expect(status).toBe(403);
    expect(await mail().getJobState('guarded-1')).toBe('failed');
  });

  it('returns 200 and puts the job back; 409 once it is no longer failed', async () => {
    await failedMail('retried-1');
    // No worker takes it again before it is looked at.
    await workers.close(1000);
    const retry = () =>
      api.t.call('POST /queues/:queue/jobs/:id/retry', { params: { queue: 'mail', id: 'retried-1' } }, admin);
    const first = await retry();
    expect(first).toMatchObject({ status: 200, body: { id: 'retried-1', queue: 'mail', state: 'waiting' } });
    expect(await mail().getJobState('retried-1')).toBe('waiting');
    const again = await retry();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
  });

  it('returns 404 for a job that does not exist', async () => {
    const { status } = await api.t.call(
      'POST /queues/:queue/jobs/:id/retry',
      { params: { queue: 'mail', id: 'no-such-job' } },
      admin,
    );
    expect(status).toBe(404);
  });
});

describe('jobs enqueued by a request', () => {
  it('carry its x-request-id in their data', async () => {
    const user = await buildUser(api.ctx.db, { email: 'forgetful@example.test' });
    const res = await api.t.fetch('/api/forgot-password', {
      method: 'POST',
      json: { email: user.email },
      headers: { 'x-request-id': 'reset-request-42' },
    });
    expect(res.status).toBe(200);
    // The reset mail's job carries the reset's id (never the address or the link) and the request's id.
    const job = (await mail().getJobs(['waiting', 'active', 'delayed', 'failed', 'completed'])).find(
      (j) => j.name === 'mail.password-reset',
    );
    expect(job?.data).not.toHaveProperty('to');
    expect(job?.data.requestId).toBe('reset-request-42');
  });
});

describe('the data an admin sees', () => {
  it('is the fields each job declares shown, never the others', () => {
    expect(shownData('mail.send', { to: 'a@b.test', subject: 'S', text: 'link', html: '<a>' })).toEqual({
      to: 'a@b.test',
      subject: 'S',
    });
    expect(shownData('tickets.render-pdf', { ticketIds: [1, 2], requestId: 'r' })).toEqual({ ticketIds: [1, 2] });
    expect(shownData('unknown.job', { secret: 'x' })).toEqual({});
  });
});
