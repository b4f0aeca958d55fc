/**
 * Orders in the back office, as a manager meets them: from the tickets table to the orders, an order
 * paid online with its payment and audit trail, one ticket refunded with a reason through the
 * provider; the seat comes free on a map open elsewhere, and the cashier can look but not refund. A
 * late payment whose refund the provider refused is flagged for a refund by hand.
 */
import { MANUAL_REFUND_LABEL, seatLabel } from '@kino/backend/contract';
import { expireOrder } from '@kino/backend/modules/orders/expire-order';
import { buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { buySeats, orderSeats, payOrder } from '@kino/backend/testing/orders';
import { connectSeatClient, says } from '@kino/backend/testing/seat-client';
import type { BrowserContext } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from './support/site';
import { browserPage, signIn } from './support/staff';

let site: TestSite;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site.close();
});

describe('orders in the back office', () => {
  it('a manager finds an order from the tickets table and refunds one ticket with a reason; a cashier may only look', async () => {
    const buyer = await buildSignedInUser(site.ctx, { fio: 'Пётр Покупатель' });
    const socket = await connectSeatClient(site.url, buyer.token);
    const session = await buildSession(site.ctx.db, { startsInMinutes: 24 * 60, price: 480 });
    const order = await buySeats(site, { token: buyer.token, socket }, session, ['r6m1', 'r6m2']);
    const [first] = order.lines;

    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, manager.user.email, 'secret-password-1');
    await page.goto(`${site.url}/admin/dashboard/tickets`);
    await page.locator('main a::-p-text(Заказы)').click();
    await page.waitForSelector('main h1::-p-text(Заказы)');
    await page.locator(`main a[href$="/orders/${order.id}"]`).click();
    await page.waitForSelector(`main h1::-p-text(№${order.id})`);
    const details = await page.$eval('main', (m) => (m as HTMLElement).innerText);
    expect(details).toContain('Пётр Покупатель');
    expect(details).toMatch(/960/);

    await page
      .locator(`input[aria-label="Выбрать для возврата: билет №${first!.ticket_id}, ${seatLabel('r6m1')}"]`)
      .click();
    await page.locator('button::-p-text(Вернуть выбранные билеты)').click();
    await page.waitForSelector('::-p-aria([name="Вернуть деньги за выбранные билеты?"][role="dialog"])');
    await page.locator('dialog[open] textarea, dialog[open] input[name="reason"]').fill('Зритель заболел');
    await page.locator('dialog[open] button::-p-text(Вернуть деньги)').click();
    await page.waitForSelector('::-p-text(Деньги возвращены)');
    expect(await page.$eval('main', (m) => (m as HTMLElement).innerText)).toContain('Зритель заболел');
    await socket.join(session.id);
    await socket.waitForDelta(says('r6m1', 'free'));
    socket.disconnect();
    expect(page.errors).toEqual([]);

    const cashier = await buildSignedInUser(site.ctx, { role: 'cashier' });
    const look = await browserPage(site, contexts);
    await signIn(site, look, cashier.user.email, 'secret-password-1');
    await look.goto(`${site.url}/admin/dashboard/orders/${order.id}`);
    await look.waitForSelector(`main h1::-p-text(№${order.id})`);
    expect(await look.$('button::-p-text(Вернуть весь заказ)')).toBeNull();
  });

  it('shows staff, in the table and on the order, a late payment the provider would not give back', async () => {
    const session = await buildSession(site.ctx.db, { startsInMinutes: 24 * 60 });
    const late = await buildSignedInUser(site.ctx);
    const lateSocket = await connectSeatClient(site.url, late.token);
    const order = await orderSeats(site, { token: late.token, socket: lateSocket }, session, ['r7m1']);
    await expireOrder(site.ctx, order.id, new Date(Date.now() + 16 * 60_000));
    await lateSocket.waitForDelta(says('r7m1', 'free'));
    lateSocket.disconnect();
    const other = await buildSignedInUser(site.ctx);
    const otherSocket = await connectSeatClient(site.url, other.token);
    await buySeats(site, { token: other.token, socket: otherSocket }, session, ['r7m1']);
    otherSocket.disconnect();
    // The late buyer pays after all; the seat is sold, and the provider refuses to give the money back.
    site.ctx.emulator.control.setRefundOutcome('canceled');
    try {
      await payOrder(site.ctx, order.id);
    } finally {
      site.ctx.emulator.control.setRefundOutcome('succeeded');
    }

    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });
    const page = await browserPage(site, contexts);
    await signIn(site, page, manager.user.email, 'secret-password-1');
    await page.goto(`${site.url}/admin/dashboard/orders`);
    const row = await page.waitForSelector(`main tr:has(a[href$="/orders/${order.id}"])`);
    expect(await row!.evaluate((r) => (r as HTMLElement).innerText)).toContain(MANUAL_REFUND_LABEL);
    await page.locator(`main a[href$="/orders/${order.id}"]`).click();
    await page.waitForSelector(`main h1::-p-text(№${order.id})`);
    const details = await page.$eval('main', (m) => (m as HTMLElement).innerText);
    expect(details).toContain(MANUAL_REFUND_LABEL);
    expect(details).toContain('Деньги нужно вернуть вручную');
    expect(page.errors).toEqual([]);
  });
});
