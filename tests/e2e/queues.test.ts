/**
 * The queue monitor in the back office: a mail job that the SMTP server refused shows among the
 * failed jobs with its error and the request that caused it; the admin retries it and it is sent.
 */
import { RESOURCES } from '@kino/backend/contract';
import { buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { startTestSmtp, type TestSmtp } from '@kino/backend/testing/smtp';
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from './support/browser';
import { startSite, type TestSite } from './support/site';

describe('the queue monitor', () => {
  let site: TestSite;
  let smtp: TestSmtp;
  let workers: RunningWorkers;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    site = await startSite({ SMTP_URL: smtp.url });
    workers = await startWorkers(site.ctx);
  });
  afterAll(async () => {
    await workers?.close(1000);
    await site?.close();
    await smtp?.close();
  });

  async function signInAsAdmin(page: Page) {
    const admin = await buildUser(site.ctx.db, { role: 'admin' });
    await page.goto(`${site.url}/login`);
    await page.locator('input[name=email]').fill(admin.email);
    await page.locator('input[name=password]').fill(TEST_PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForSelector('header button[aria-label^="Меню пользователя"]');
  }

  it('shows a failed job with its error, and its retry sends the mail', async () => {
    const mail = site.ctx.queues.queue('mail');
    // The SMTP server answers the first message "451 Try again later"; one attempt only, so it fails for good.
    smtp.refuseNext(1);
    await mail.add(
      'mail.send',
      { to: 'late@example.test', subject: 'Ваши билеты', text: 'Текст письма', requestId: 'req-e2e-1' },
      { jobId: 'refused-mail', attempts: 1 },
    );
    await expect.poll(() => mail.getJobState('refused-mail'), { timeout: 10_000, interval: 50 }).toBe('failed');

    const page = await site.browser.newPage();
    await signInAsAdmin(page);
    await page.goto(`${site.url}/admin/dashboard/${RESOURCES.queues.path}`);
    const h1 = await page.waitForSelector('main h1');
    expect(await h1!.evaluate((el) => el.textContent)).toBe(RESOURCES.queues.label);

    const row = await page.waitForSelector('::-p-xpath(//tr[td[normalize-space()="refused-mail"]])');
    const cells = await row!.$$eval('td', (tds) => tds.map((td) => td.textContent?.trim()));
    expect(cells).toEqual(
      expect.arrayContaining([
        'mail.send',
        expect.stringMatching(/Try again later/),
        expect.stringMatching(/попыток: 1$/),
        'to: late@example.test; subject: Ваши билеты',
        'req-e2e-1',
      ]),
    );
    expect(cells.join(' ')).not.toContain('Текст письма');
    expect(await page.$eval('[data-state=failed]', (el) => el.textContent)).toBe('упали: 1');

    await (await row!.waitForSelector('::-p-text(Повторить)'))!.click();
    const sent = await smtp.nextMail('late@example.test');
    expect(sent.subject).toBe('Ваши билеты');
    await page.waitForSelector('::-p-text(В очереди «Почта» упавших задач нет)');
    await page.waitForFunction(() => document.querySelector('[data-state=completed]')?.textContent === 'выполнены: 1', {
      timeout: 15_000,
    });
    expect(page.errors).toEqual([]);
  });
});
