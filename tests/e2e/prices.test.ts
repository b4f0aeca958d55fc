/**
 * Prices like a real cinema, as a family meets them: two adults and a child in the VIP row with a
 * promo code. The popover, the checkout, the order, the provider's payment and its receipt agree to
 * the kopeck, and the door asks for the child's document.
 */
import { seatLabel, SEAT_REFUSAL_MESSAGES } from '@kino/backend/contract';
import { ticketCode } from '@kino/backend/modules/tickets/presenter';
import { buildFilm, buildHall, buildSession, buildSignedInUser } from '@kino/backend/testing/factories';
import { providerPaymentOf } from '@kino/backend/testing/orders';
import { planOf } from '@kino/backend/testing/plans';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtCheckout } from './support/payment';
import { startSite, type TestSite } from './support/site';
import { browserPage, signIn, signInAsNewViewer } from './support/staff';

let site: TestSite;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await site.close();
});

/** Text as people read it: any run of spaces (the rouble formatter's narrow ones too) as one space. */
const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' '));

async function staffCall(token: string, method: string, path: string, json: unknown) {
  const res = await site.fetch(`/api${path}`, { method, json, token });
  const body = (await res.json()) as { id?: number };
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

describe('prices like a real cinema', () => {
  /** A hall whose back row is VIP, sold on a card (standard 400 ₽, VIP 700 ₽); the admin's token. */
  async function vipSession(title: string, startsInMinutes = 24 * 60) {
    const admin = await buildSignedInUser(site.ctx, { role: 'admin' });
    const hall = await buildHall(site.ctx.db, { name: `Кинотеатр «Ракета» ${title}` });
    const plan = planOf(10, 11, { zoneOf: (row) => (row === 10 ? 'vip' : 'standard') });
    await staffCall(admin.token, 'PUT', `/halls/${hall.id}/plan`, plan);
    const prices = [
      { zone: 'standard', ticket_type: 'adult', price: 400 },
      { zone: 'vip', ticket_type: 'adult', price: 700 },
    ];
    const card = await staffCall(admin.token, 'POST', '/price-cards', { name: `Карта ${title}`, prices });
    const film = await buildFilm(site.ctx.db, { title });
    const session = await buildSession(site.ctx.db, {
      filmId: film.id,
      hallId: hall.id,
      price: 400,
      priceCardId: card.id!,
      startsInMinutes,
    });
    return { admin, hall, card: { id: card.id!, prices }, session };
  }

  it('a family buys two adult and one child ticket in the VIP row with a promo code; every amount agrees', async () => {
    // The back office: the VIP hall and its card, and a 10 % code.
    const { admin, session } = await vipSession('Иван Васильевич меняет профессию', 20);
    const now = Date.now();
    await staffCall(admin.token, 'POST', '/promo-codes', {
      code: 'SEMYA',
      kind: 'percent',
      value: 10,
      valid_from: new Date(now - 3600_000).toISOString(),
      valid_until: new Date(now + 7 * 24 * 3600_000).toISOString(),
    });

    const page = await browserPage(site, contexts);
    const buyer = await signInAsNewViewer(site, page);
    await page.goto(`${site.url}/?seats=${session.id}`);
    const vip = (code: string) => `dialog button[aria-label="${seatLabel(code)}, VIP"]`;
    await page.waitForSelector(`${vip('r10m5')}:not([disabled])`);
    expect(await textOf(page, 'dialog ul[aria-label="Обозначения"]')).toContain('VIP 700 ₽');
    for (const code of ['r10m5', 'r10m6', 'r10m7']) {
      await page.click(vip(code));
      await page.waitForSelector(`dialog button[aria-label="${seatLabel(code)}, VIP, выбрано"]`);
    }
    // The child's ticket: 30 % off the VIP price, and a document to show at the door.
    await page.select(`select[aria-label="Тип билета, ${seatLabel('r10m7')}"]`, 'child');
    await page.waitForSelector('dialog ::-p-text(Покажите документ на входе)');
    const popover = await textOf(page, 'dialog section[aria-label="Выбранные места"]');
    expect(popover).toContain('Билетов: 3');
    expect(popover).toContain('Итого: 1 890 ₽');
    expect(popover).toContain('Скидка по типу билета −210 ₽');

    await page.click('dialog ::-p-text(ДАЛЕЕ)');
    await page.waitForSelector('#promo-code');
    expect(await textOf(page, 'main')).toContain('Итого за 3 бил. 1 890 ₽');
    // A code that does not exist is named as such; the right one takes 10 % off.
    await page.type('#promo-code', 'NETAKOGO');
    await page.click('button::-p-text(Применить)');
    await page.waitForSelector('#promo-code[aria-invalid="true"]');
    await page.click('button::-p-text(Убрать)');
    await page.type('#promo-code', 'semya');
    await page.click('button::-p-text(Применить)');
    await page.waitForFunction(
      () =>
        document.querySelector('#promo-result')?.textContent?.replace(/\s+/g, ' ') === 'Промокод SEMYA: скидка 189 ₽',
    );
    expect(await textOf(page, 'main')).toContain('Итого за 3 бил. 1 701 ₽');

    await payAtCheckout(page);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Заказ оплачен');
    const orderPage = await textOf(page, 'main');
    expect(orderPage).toContain('VIP, Детский');
    expect(orderPage).toContain('Промокод SEMYA −189 ₽');
    expect(orderPage).toContain('Оплачено 1 701 ₽');
    // The profile's tickets say the same, and the child's asks for the document.
    await page.goto(`${site.url}/profile`);
    await page.waitForSelector('section[aria-labelledby="own-tickets-title"] li');
    const profile = await textOf(page, 'section[aria-labelledby="own-tickets-title"]');
    expect(profile.match(/VIP, Взрослый/g)).toHaveLength(2);
    expect(profile).toContain('VIP, Детский');
    expect(profile).toContain('Покажите документ на входе');

    // The order, the provider's payment and the receipt: 1 701 ₽ = 630 + 630 + 441.
    const order = await site.ctx.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.userId, buyer.id) });
    expect(order!.totalKopecks).toBe(170_100);
    const paymentId = await providerPaymentOf(site.ctx, order!.id);
    expect(site.ctx.emulator.control.payment(paymentId)!.amount.value).toBe('1701.00');
    const created = site.ctx.emulator.control.requests.find((r) => r.method === 'POST' && r.path.endsWith('/payments'));
    const items = (created!.body as { receipt: { items: { amount: { value: string } }[] } }).receipt.items;
    expect(items.map((i) => i.amount.value).toSorted()).toEqual(['441.00', '630.00', '630.00']);

    // The door: the child's ticket is let in with 'Проверьте документ'.
    const child = await site.ctx.db.query.tickets.findFirst({
      where: (t, { and, eq }) => and(eq(t.sessionId, session.id), eq(t.seatNumber, 'r10m7')),
    });
    const cashier = await buildSignedInUser(site.ctx, { role: 'cashier' });
    const door = await browserPage(site, contexts, { width: 390, height: 844 });
    await signIn(site, door, cashier.user.email, 'secret-password-1');
    await door.goto(`${site.url}/admin/dashboard/tickets/check-in`);
    await door.locator('#ticket-code').fill(ticketCode(site.ctx.config.appSecret, child!));
    await door.locator('button::-p-text(Проверить)').click();
    await door.waitForSelector('[data-outcome="admitted"]');
    const admitted = await textOf(door, '[data-outcome="admitted"]');
    expect(admitted).toMatch(/Проверьте документ/i);
    expect(admitted).toContain('VIP, Детский');
    expect(page.errors).toEqual([]);
    expect(door.errors).toEqual([]);
  });

  it('shows a price changed after the buyer looked, and charges it only when they press «Оплатить» again', async () => {
    const { admin, card, session } = await vipSession('Берегись автомобиля');
    const page = await browserPage(site, contexts);
    const buyer = await signInAsNewViewer(site, page);
    await page.goto(`${site.url}/?seats=${session.id}`);
    const seat = `dialog button[aria-label="${seatLabel('r10m3')}, VIP"]`;
    await page.waitForSelector(`${seat}:not([disabled])`);
    await page.click(seat);
    await page.waitForSelector(`dialog button[aria-label="${seatLabel('r10m3')}, VIP, выбрано"]`);
    await page.click('dialog ::-p-text(ДАЛЕЕ)');
    await page.waitForSelector('#promo-code');
    expect(await textOf(page, 'main')).toContain('Итого за 1 бил. 700 ₽');

    // The manager raises VIP while the buyer reads the checkout.
    const prices = card.prices.map((p) => (p.zone === 'vip' ? { ...p, price: 800 } : p));
    await staffCall(admin.token, 'PUT', `/price-cards/${card.id}`, { name: 'Карта дороже', prices });
    await page.locator('button::-p-text(Оплатить):not([disabled])').click();
    await page.waitForSelector('[role="alert"]::-p-text(Цена изменилась)');
    expect(await textOf(page, 'main')).toContain('Итого за 1 бил. 800 ₽');
    const orders = () => site.ctx.db.query.orders.findMany({ where: (o, { eq }) => eq(o.userId, buyer.id) });
    expect(await orders()).toEqual([]);

    await payAtCheckout(page);
    const [order] = await orders();
    expect(order!.totalKopecks).toBe(80_000);
    expect(page.errors).toEqual([]);
  });

  it('picks the best seats for a group, and says so when a hall has no such group', async () => {
    const { session } = await vipSession('Кин-дза-дза!');
    const page = await browserPage(site, contexts);
    await signInAsNewViewer(site, page);
    await page.goto(`${site.url}/?seats=${session.id}`);
    await page.waitForSelector('dialog button[data-seat="r1m1"]:not([disabled])');
    await page.select('#best-seats-count', '3');
    await page.click('dialog button::-p-text(Лучшие места)');
    await page.waitForFunction(() => document.querySelectorAll('dialog button[aria-pressed="true"]').length === 3);
    const picked = await page.$$eval('dialog button[aria-pressed="true"]', (bs) =>
      bs.map((b) => ({ row: Number((b as HTMLElement).dataset.row), place: Number((b as HTMLElement).dataset.place) })),
    );
    expect(new Set(picked.map((p) => p.row)).size).toBe(1);
    const places = picked.map((p) => p.place).toSorted((a, b) => a - b);
    expect(places[2]! - places[0]!).toBe(2);
    expect(await textOf(page, 'dialog section[aria-label="Выбранные места"]')).toContain('Билетов: 3');

    // A hall of one row of four seats: five together do not exist.
    const admin = await buildSignedInUser(site.ctx, { role: 'admin' });
    const small = await buildHall(site.ctx.db, { name: 'Кинотеатр «Ракета» Малый зал' });
    await staffCall(admin.token, 'PUT', `/halls/${small.id}/plan`, planOf(1, 4));
    const tiny = await buildSession(site.ctx.db, { hallId: small.id, startsInMinutes: 24 * 60 });
    const other = await browserPage(site, contexts);
    await signInAsNewViewer(site, other);
    await other.goto(`${site.url}/?seats=${tiny.id}`);
    await other.waitForSelector('dialog button[data-seat="r1m4"]:not([disabled])');
    expect(await other.$('dialog button[data-seat="r2m1"]')).toBeNull();
    await other.select('#best-seats-count', '5');
    await other.click('dialog button::-p-text(Лучшие места)');
    await other.waitForSelector(`dialog ::-p-text(${SEAT_REFUSAL_MESSAGES.none})`);
    expect(page.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
