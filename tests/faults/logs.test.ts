/**
 * What an operator reads from a workers process: a job's failure is one JSON line naming the job,
 * its attempt and the API request that enqueued it, and a lost Redis is one line per connection
 * saying "connection refused" — never a stack dump.
 */
import { withRequestId } from '@kino/backend/lib/infra/request-id';
import { freePort } from '@kino/backend/lib/infra/redis';
import { createQueues, type Queues } from '@kino/backend/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietFor, until } from '@kino/backend/testing/wait';
import { PrivateRedis, startKino, type Kino } from './support';

const REFUSED = /^connection refused .*\(ECONNREFUSED\)$/;

type Line = Record<string, unknown> & { msg: string };

/** The process's output as log lines; anything that is not one JSON object fails the test. */
function linesOf(kino: Kino): Line[] {
  return kino
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Line;
      } catch {
        throw new Error(`not a structured log line: ${line}`);
      }
    });
}

describe('a workers process logs', () => {
  let redis: PrivateRedis;
  let kino: Kino;
  let queues: Queues;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    kino = await startKino({
      SERVICES: 'workers',
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'logs',
      // Nothing listens there: every mail is refused.
      SMTP_URL: `smtp://mailer:smtp-password@127.0.0.1:${await freePort()}`,
    });
    queues = createQueues(redis.url, 'logs');
  });
  afterAll(async () => {
    await kino?.stop();
    await redis?.close();
  });

  it('a failed job as one line with the request that enqueued it and the precise reason', async () => {
    await withRequestId('req-logs-1', () =>
      queues.enqueue('mail.send', { to: 'a@example.test', subject: 'S', text: 'T' }, { jobId: 'logged-1' }),
    );
    const failure = () => linesOf(kino).find((l) => l.jobId === 'logged-1' && l.level === 50);
    await until(
      () => failure() !== undefined,
      15_000,
      () => `no failure line:\n${kino.output()}`,
    );
    expect(failure()).toMatchObject({
      queue: 'mail',
      job: 'mail.send',
      requestId: 'req-logs-1',
      attempt: 1,
      attempts: 5,
      final: false,
      reason: expect.stringMatching(REFUSED),
      msg: expect.stringMatching(/^job mail\.send failed \(attempt 1 of 5, will retry\): connection refused /),
    });
  });

  it('a lost Redis as one line per connection, saying refused, and its return as one more', async () => {
    await queues.close();
    await redis.stop();
    const lost = () => linesOf(kino).filter((l) => /Redis connection lost/.test(l.msg));
    await until(
      () => lost().some((l) => l.connection === 'workers'),
      15_000,
      () => `no outage line:\n${kino.output()}`,
    );
    // Retries go on meanwhile; each connection still said it once.
    await quietFor(1500);
    const names = lost().map((l) => l.connection);
    expect(new Set(names).size).toBe(names.length);
    expect(lost().find((l) => l.connection === 'workers')).toMatchObject({
      level: 40,
      reason: expect.stringMatching(REFUSED),
      redis: redis.url,
    });

    await redis.start();
    const restored = () => linesOf(kino).some((l) => l.connection === 'workers' && /connection restored/.test(l.msg));
    await until(restored, 15_000, () => `no restored line:\n${kino.output()}`);
    expect(kino.output()).not.toMatch(/^\s+at /m);
    expect(kino.output()).not.toContain('smtp-password');
  });
});
