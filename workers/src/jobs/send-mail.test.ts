import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { until } from '@kino/backend/testing/wait';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../index';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';

const mail = { to: 'viewer@example.test', subject: 'Восстановление пароля', text: 'Ссылка: http://localhost/reset' };

async function waitForFile(dir: string, timeoutMs = 10_000): Promise<string> {
  const first = () => (fs.existsSync(dir) ? fs.readdirSync(dir)[0] : undefined);
  await until(() => first() !== undefined, timeoutMs, `no file in ${dir}`);
  return path.join(dir, first()!);
}

describe('the mail.send job', () => {
  let ctx: TestContext | undefined;
  let workers: RunningWorkers | undefined;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await workers?.close();
    await ctx?.close();
    await smtp?.close();
    workers = ctx = smtp = undefined;
  });

  it('delivers the mail to the SMTP server of SMTP_URL', async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
    workers = await startWorkers(ctx);
    await ctx.queues.enqueue('mail.send', mail);
    const received = await smtp.nextMail(mail.to);
    expect(received.from?.value[0]?.address).toBe('no-reply@kino.local');
    expect(received.subject).toBe(mail.subject);
    expect(received.text).toContain('Ссылка: http://localhost/reset');
  });

  it('writes the mail to the outbox when SMTP_URL is not set', async () => {
    ctx = await createTestContext();
    workers = await startWorkers(ctx);
    await ctx.queues.enqueue('mail.send', mail);
    const file = await waitForFile(ctx.config.outboxDir);
    const eml = await simpleParser(fs.readFileSync(file));
    expect(eml.subject).toBe(mail.subject);
    expect(eml.text).toContain('Ссылка: http://localhost/reset');
    expect(JSON.stringify(eml.to)).toContain(mail.to);
  });

  it('refuses to enqueue a payload that does not match the job schema', async () => {
    ctx = await createTestContext();
    await expect(ctx.queues.enqueue('mail.send', { ...mail, to: 'not-an-email' })).rejects.toThrow();
    expect(await ctx.queues.queue('mail').count()).toBe(0);
  });
});
