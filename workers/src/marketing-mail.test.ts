import { createTestContext, type TestContext } from '@kino/backend/testing/harness';
import { buildUser } from '@kino/backend/testing/factories';
import { captureLogs } from '@kino/backend/testing/logs';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';
import { schema } from '@kino/backend/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMarketing } from './mailer';

let ctx: TestContext;
let smtp: TestSmtp;
const logs = captureLogs();
beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url }, logger: logs.logger });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const premiere = { subject: 'Премьера недели', text: 'Приходите в пятницу.' };
const setConsent = (id: number, marketingConsent: boolean) =>
  ctx.db.update(schema.users).set({ marketingConsent }).where(eq(schema.users.id, id));

describe('marketing mail', () => {
  it('goes to a viewer whose marketing consent stands, and stops the moment it is withdrawn', async () => {
    const viewer = await buildUser(ctx.db, { marketingConsent: true });
    await deliverMarketing(ctx, ctx.logger, viewer.id, premiere);
    expect((await smtp.nextMail(viewer.email)).subject).toBe('Премьера недели');

    await setConsent(viewer.id, false);
    expect(await deliverMarketing(ctx, ctx.logger, viewer.id, premiere)).toEqual({ skipped: true });
    expect(logs.records.some((r) => r.msg === 'marketing mail not sent: no marketing consent')).toBe(true);
    expect(smtp.mails.filter((m) => m.subject === 'Премьера недели')).toHaveLength(1);
  });

  it('never goes to a viewer who did not consent or deleted the account', async () => {
    const silent = await buildUser(ctx.db);
    const gone = await buildUser(ctx.db, { marketingConsent: true, deletedAt: new Date() });
    expect(await deliverMarketing(ctx, ctx.logger, silent.id, premiere)).toEqual({ skipped: true });
    expect(await deliverMarketing(ctx, ctx.logger, gone.id, premiere)).toEqual({ skipped: true });
    expect(smtp.mails.filter((m) => m.subject === 'Премьера недели')).toHaveLength(1);
  });
});
