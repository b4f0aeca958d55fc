/**
 * The Pushkin card online, as a viewer meets it: a film in the programme (it has a Pro.Культура event), one seat,
 * «Оплатить Пушкинской картой» at the checkout with the holder's full name and phone, paid on the cinema's second
 * YooKassa shop's page; the paid order comes back, and the workers register the ticket in the registry (its
 * emulator on loopback) with the holder and the bank's RRN. The checkout with the option open passes axe, and the
 * console stays clean.
 */
import { seatLabel } from '@kino/backend/contract';
import { announce } from '@kino/backend/effects';
import { buildFilm, buildSession } from '@kino/backend/testing/factories';
import { until } from '@kino/backend/testing/wait';
import { startWorkers, type RunningWorkers } from '@kino/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { consoleProblems } from './support/browser';
import { payAtCheckout } from './support/payment';
import { startSite, type TestSite } from './support/site';
import { signInAsNewViewer } from './support/staff';

let site: TestSite;
let workers: RunningWorkers;

beforeAll(async () => {
  site = await startSite();
  workers = await startWorkers(site.ctx);
});
afterAll(async () => {
  await workers?.close();
  await site?.close();
});

describe('the Pushkin card online', () => {
  it('buys one named ticket at the second shop and registers it with the holder and the RRN', async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Капитанская дочка', pushkinEventId: '2154873' });
    const session = await buildSession(site.ctx.db, { filmId: film.id, startsInMinutes: 600, price: 400 });
    await announce(site.ctx, [{ what: 'sessions', ids: [session.id] }]);

    const viewer = await site.browser.newPage();
    await signInAsNewViewer(site, viewer);
    await viewer.goto(`${site.url}/?seats=${session.id}`);
    await (await viewer.waitForSelector(`dialog button[aria-label="${seatLabel('r5m7')}"]:not([disabled])`))!.click();
    await viewer.waitForSelector(`dialog button[aria-label="${seatLabel('r5m7')}, выбрано"]`);
    await viewer.locator('dialog ::-p-text(ДАЛЕЕ)').click();
    await viewer.waitForSelector('h1::-p-text(Оформление заказа)');

    // The checkout offers the card for this one seat; the ticket is personal: the holder's name and phone.
    await viewer.locator('label::-p-text(Оплатить Пушкинской картой) input[type=checkbox]').click();
    await viewer.locator('input[name=visitor_full_name]').fill('Гринёв Пётр Андреевич');
    await viewer.locator('input[name=visitor_phone]').fill('+7 916 123-45-67');
    await viewer.waitForSelector('button::-p-text(Оплатить Пушкинской картой):not([disabled])');
    expect(await axeViolations(viewer)).toEqual([]);

    await payAtCheckout(viewer);
    expect(await viewer.$$eval('ul[aria-label="Билеты"] li', (items) => items.length)).toBe(1);

    // Paid at the second shop, not the first; the registry has the ticket with the holder and the bank's RRN.
    const order = await site.ctx.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.sessionId, session.id) });
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'pushkin' });
    expect(order!.cardRrn).toMatch(/^\d{12}$/);
    const payment = await site.ctx.db.query.payments.findFirst({ where: (p, { eq }) => eq(p.orderId, order!.id) });
    expect(payment!.provider).toBe('yookassa_pushkin');
    const registered = () =>
      site.ctx.registryEmulator.control.tickets().find((r) => r.payment.id === payment!.providerPaymentId);
    await until(() => registered()?.status === 'active', 15_000, 'the ticket never reached the registry');
    expect(registered()).toMatchObject({
      visitor: { full_name: 'Гринёв Пётр Андреевич', last_name: 'Гринёв', first_name: 'Пётр' },
      buyer: { mobile_phone: '9161234567' },
      session: { event_id: '2154873' },
      payment: { rrn: order!.cardRrn, amount: '400.00' },
    });
    expect(consoleProblems(viewer)).toEqual([]);
  });
});
