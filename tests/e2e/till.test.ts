/**
 * The till as a cashier works it at 1366 × 768, mostly from the keyboard: opens the shift with a 1 000 ₽
 * float, takes the first session, presses 3 for three best seats (a viewer with the website's map open sees
 * them taken, then sold, without a reload), is told 1 000 ₽ is not enough, takes 2 000 ₽ and pays with
 * Enter, sees the change, downloads the 80 mm PDF and refunds one ticket by the QR code printed on it (the
 * seat is free again on the viewer's map; the cash expected follows every step). The SBP QR screen and the
 * buyer's second screen are checked at 390 px too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESOURCES, seatLabel } from '@kino/backend/contract';
import { schema } from '@kino/backend/db';
import { announce } from '@kino/backend/effects';
import { buildFilm, buildSession, buildSignedInUser, buildUser, TEST_PASSWORD } from '@kino/backend/testing/factories';
import { providerPaymentOf } from '@kino/backend/testing/orders';
import { pdfAllQrCodes, pdfText, pngQrCode } from '@kino/backend/testing/pdf';
import type { BrowserContext, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { minutesLaterToday } from './support/clock';
import { startSite, type TestSite } from './support/site';
import { browserPage, signIn, signInAsNewViewer } from './support/staff';

const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-till-'));
const SCREEN = { width: 1366, height: 768 };

describe('the till', () => {
  let site: TestSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await site?.close();
    fs.rmSync(downloads, { recursive: true, force: true });
  });

  /** The text of an element, its white space (narrow spaces in sums included) made plain spaces. */
  const textOf = (page: Page, selector: string) =>
    page.$eval(selector, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
  /** The seats of the hall marked with a state (', выбрано', ', занято', ', продано'). */
  const seatsMarked = (page: Page, scope: string, state: string) =>
    page.$$eval(`${scope} button[data-seat][aria-label$=", ${state}"]`, (buttons) =>
      buttons.map((b) => (b as HTMLElement).dataset.seat!),
    );

  it('opens a shift, sells three seats for cash by keyboard with change, prints the 80 mm PDF and refunds a ticket by its QR', async () => {
    const { db } = site.ctx;
    const film = await buildFilm(db, { title: 'Берегись автомобиля' });
    const session = await buildSession(db, { filmId: film.id, price: 350, startsInMinutes: minutesLaterToday(180) });
    const later = await buildSession(db, { filmId: film.id, price: 350, startsInMinutes: 2 * 24 * 60 });
    await announce(site.ctx, [{ what: 'sessions', ids: [session.id, later.id] }]);
    const cashier = await buildUser(db, { role: 'cashier', fio: 'Ирина Кассир' });

    // A viewer has the website's hall of the same session open.
    const viewer = await browserPage(site, contexts);
    await signInAsNewViewer(site, viewer);
    await viewer.goto(`${site.url}/?seats=${session.id}`);
    await viewer.waitForSelector('dialog[open] button[aria-label="Ряд 1, место 1"]:not([disabled])');

    const till = await browserPage(site, contexts, { ...SCREEN, downloadPath: downloads });
    await signIn(site, till, cashier.email, TEST_PASSWORD);
    await till.goto(`${site.url}/admin/dashboard`);
    await (await till.waitForSelector(`nav a[href$="/${RESOURCES.till.path}"]`))!.click();
    await till.waitForSelector('main h1::-p-text(Касса)');

    // No shift: nothing can be sold until one is opened with the float (its field has the focus).
    await till.waitForSelector('::-p-text(Смена не открыта)');
    await till.waitForSelector('main ::-p-text(Откройте смену, чтобы продавать билеты)');
    expect(await till.$('form[aria-label="Оплата"]')).toBeNull();
    await till.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'float');
    await till.keyboard.type('1000');
    await till.keyboard.press('Enter');
    await till.waitForFunction(
      () => document.querySelector('[data-testid="shift-expected"]')?.textContent?.replace(/\s/g, ' ') === '1 000 ₽',
    );
    expect(await till.$('a::-p-text(Отчёт смены)')).not.toBeNull();
    // The cash register's shift opened with it: its 24 hours count down on the strip.
    expect(await textOf(till, '[data-testid="register-countdown"]')).toMatch(
      /^Смена кассы №\d+: до 24 часов осталось 2[34] ч/,
    );
    const shift = (await db.query.shifts.findMany()).find((s) => s.cashierId === cashier.id)!;
    expect(await till.$eval('a::-p-text(Отчёт смены)', (a) => a.getAttribute('href'))).toBe(
      `/admin/dashboard/shifts/${shift.id}`,
    );

    // Today's first session is the one chosen; its hall is live.
    await till.waitForSelector(`main h2::-p-text(${film.title})`);
    const hall = 'section[aria-labelledby="till-hall-title"]';
    await till.waitForSelector(`${hall} button[aria-label="Ряд 1, место 1"]:not([disabled])`);

    // Keyboard: 3 picks the three best seats together, and the focus goes to the cash given.
    await till.$eval('main h1', (h) => (h as HTMLElement).click());
    await till.keyboard.press('3');
    await till.waitForFunction(
      (scope) => document.querySelectorAll(`${scope} button[data-seat][aria-label$=", выбрано"]`).length === 3,
      {},
      hall,
    );
    const picked = (await seatsMarked(till, hall, 'выбрано')).sort();
    await till.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'given');
    expect(await textOf(till, '[data-testid="till-total"]')).toBe('1 050 ₽');
    // …and they are taken on the viewer's map at once.
    for (const seat of picked) await viewer.waitForSelector(`dialog button[aria-label="${seatLabel(seat)}, занято"]`);

    // The screen as a screen reader meets it: labelled, no axe violation.
    expect(await axeViolations(till)).toEqual([]);

    // Less than the total is refused before anything is sent.
    await till.keyboard.type('1000');
    await till.waitForSelector('::-p-text(Не хватает 50)');
    await till.keyboard.press('Enter');
    await till.waitForSelector('::-p-text(Получено меньше суммы заказа: не хватает 50)');
    const ordersOfSession = () => db.query.orders.findMany({ where: (o, { eq }) => eq(o.sessionId, session.id) });
    expect(await ordersOfSession()).toEqual([]);

    // 2 000 ₽ given: the change shows as it is typed, and Enter (from the page, not a button) pays.
    await till.$eval('input[name=given]', (input) => (input as HTMLInputElement).select());
    await till.keyboard.type('2000');
    await till.waitForFunction(() => document.body.innerText.replace(/\s/g, ' ').includes('Сдача: 950 ₽'));
    // The register is out of paper: no sale, the message says what to do, the seats stay the cashier's.
    site.ctx.atol.control.setFaults({ paperOut: true });
    await till.$eval('main h1', (h) => (h as HTMLElement).click());
    await till.keyboard.press('Enter');
    await till.waitForSelector('::-p-text(В кассе закончилась бумага: заправьте чековую ленту и повторите)');
    expect(await ordersOfSession()).toEqual([]);
    expect((await seatsMarked(till, hall, 'выбрано')).sort()).toEqual(picked);
    site.ctx.atol.control.setFaults({ paperOut: false });
    await till.$eval('main h1', (h) => (h as HTMLElement).click());
    await till.keyboard.press('Enter');
    const result = await till.waitForSelector('#till-result-title');
    expect(await result!.evaluate((h) => h.textContent?.replace(/\s/g, ' '))).toBe('Продано 3 билета на 1 050 ₽');
    expect(await textOf(till, 'section[aria-labelledby="till-result-title"]')).toContain('Сдача: 950 ₽');
    expect(await till.evaluate(() => document.activeElement?.id)).toBe('till-result-title');
    // The receipt the register printed: its fiscal data beside the sale.
    const receipt = await textOf(till, '[data-testid="fiscal-receipt"]');
    expect(receipt).toMatch(/Чек №1, смена кассы №\d+/);
    expect(receipt).toMatch(/ФД \d+ ФП \d{10} ФН \d{16}/);

    // The sale left the viewer's map without a reload; the shift expects the cash taken.
    for (const seat of picked) await viewer.waitForSelector(`dialog button[aria-label="${seatLabel(seat)}, продано"]`);
    await till.waitForFunction(
      () => document.querySelector('[data-testid="shift-expected"]')?.textContent?.replace(/\s/g, ' ') === '2 050 ₽',
    );
    const [order] = await ordersOfSession();
    expect(order).toMatchObject({ channel: 'box_office', soldBy: cashier.id, cashGivenKopecks: 200_000 });

    // The fit of a 1366 × 768 screen: nothing wider than the window, the hall and the result in view.
    const fit = await till.evaluate((scope) => {
      const inView = (el: Element | null) => {
        const r = el!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      };
      return {
        wide: document.documentElement.scrollWidth > innerWidth,
        hall: inView(document.querySelector(`${scope} button[aria-label^="Ряд 10, место 1"]`)),
        print: inView(document.querySelector('section[aria-labelledby="till-result-title"] button')),
      };
    }, hall);
    expect(fit).toEqual({ wide: false, hall: true, print: true });

    // The tickets as an 80 mm PDF: three pages, each with its QR code.
    await till.locator('button::-p-text(Скачать PDF 80 мм)').click();
    const file = path.join(downloads, `kino-order-${order!.id}-80mm.pdf`);
    await expect.poll(() => fs.existsSync(file) && fs.statSync(file).size > 0, { timeout: 10_000 }).toBe(true);
    const pdf = fs.readFileSync(file);
    expect(await pdfText(pdf)).toContain(film.title);
    // Each page: the ticket's check-in code and its receipt's QR (t=…&n=1).
    const codes = (await pdfAllQrCodes(pdf, 2)).map((page) => page.find((code) => !code.startsWith('t=')));
    expect(codes).toHaveLength(3);

    // A ticket comes back: its QR scanned into the refund field (a scanner types the code, then Enter).
    await till.locator('button::-p-text(Новая продажа)').click();
    await till.click('input[name=ticket]');
    await till.keyboard.type(codes[0]!);
    await till.keyboard.press('Enter');
    const refunded = await till.waitForSelector('::-p-text(возвращён)');
    const message = await refunded!.evaluate((p) => p.textContent!.replace(/\s/g, ' '));
    const tickets = await db.query.tickets.findMany({ where: (t, { eq }) => eq(t.orderId, order!.id) });
    const back = tickets.find((t) => t.status === 'refunded')!;
    expect(tickets.filter((t) => t.status === 'refunded')).toHaveLength(1);
    expect(message).toContain(`Билет №${back.id} возвращён`);
    expect(message).toContain('350 ₽ — выдайте наличными из кассы');
    // The seat is free again on the viewer's map; the drawer gives the cash back.
    await viewer.waitForSelector(`dialog button[aria-label="${seatLabel(back.seatNumber)}"]:not([disabled])`);
    await till.waitForFunction(
      () => document.querySelector('[data-testid="shift-expected"]')?.textContent?.replace(/\s/g, ' ') === '1 700 ₽',
    );
    // A code that is no ticket's is refused in words.
    await till.click('input[name=ticket]');
    await till.keyboard.type('не-код');
    await till.keyboard.press('Enter');
    await till.waitForSelector('::-p-text(Код билета недействителен)');

    expect(till.errors).toEqual([]);
    expect(viewer.errors).toEqual([]);
  }, 120_000);

  it('sells by card with the terminal’s RRN and a child ticket, and sends a payment link only to an e-mail', async () => {
    const { db } = site.ctx;
    const film = await buildFilm(db, { title: 'Иван Васильевич меняет профессию' });
    const session = await buildSession(db, { filmId: film.id, price: 400, startsInMinutes: minutesLaterToday(120) });
    await announce(site.ctx, [{ what: 'sessions', ids: [session.id] }]);
    const manager = await buildUser(db, { role: 'manager' });
    const other = await buildUser(db, { role: 'cashier' });
    await db.insert(schema.shifts).values({ cashierId: other.id, till: 'Касса 7', floatKopecks: 0 });

    const till = await browserPage(site, contexts, SCREEN);
    await signIn(site, till, manager.email, TEST_PASSWORD);
    await till.goto(`${site.url}/admin/dashboard/till`);
    // «Касса 7» is open under another cashier: the till says so, and another till is named.
    await till.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'float');
    await till.keyboard.type('500');
    await till.click('input[name=till]');
    await till.keyboard.type('Касса 7');
    await till.keyboard.press('Enter');
    await till.waitForSelector('[role=alert]::-p-text(В кассе «Касса 7» уже открыта смена другого кассира)');
    await till.$eval('input[name=till]', (input) => (input as HTMLInputElement).select());
    await till.keyboard.type('Касса 2');
    await till.keyboard.press('Enter');
    await till.waitForSelector('a::-p-text(Отчёт смены)');
    expect(await textOf(till, 'section[aria-label="Смена"]')).toContain('Касса 2');

    await till.locator(`button[aria-pressed]::-p-text(${film.title})`).click();
    await till.waitForSelector(`main h2::-p-text(${film.title})`);
    const hall = 'section[aria-labelledby="till-hall-title"]';
    for (const seat of ['r2m1', 'r2m2']) {
      await till.locator(`${hall} button[aria-label="${seatLabel(seat)}"]:not([disabled])`).click();
      await till.waitForSelector(`${hall} button[aria-label="${seatLabel(seat)}, выбрано"]`);
    }
    await till.select(`select[aria-label="Тип билета, ${seatLabel('r2m2')}"]`, 'child');
    // The cinema's child ticket (a percentage off the adult price): the total follows at once.
    const child = await db.query.ticketTypes.findFirst({ where: (t, { eq }) => eq(t.code, 'child') });
    expect(child).toMatchObject({ rule: 'percent', active: true });
    const total = 400 + 400 * (1 - child!.value / 100);
    await till.waitForFunction(
      (sum) => document.querySelector('[data-testid="till-total"]')?.textContent?.replace(/\s/g, ' ') === sum,
      {},
      `${total} ₽`,
    );

    // Card: an RRN that is not one is named before anything is sent; the right one is recorded.
    await till.click('input[name=method][value=card]');
    await till.click('input[name=rrn]');
    await till.keyboard.type('1234');
    await till.keyboard.press('Enter');
    await till.waitForSelector('::-p-text(RRN — 12 цифр с чека терминала)');
    await till.$eval('input[name=rrn]', (input) => (input as HTMLInputElement).select());
    await till.keyboard.type('123456789012');
    await till.keyboard.press('Enter');
    const result = await till.waitForSelector('#till-result-title');
    expect(await result!.evaluate((h) => h.textContent?.replace(/\s/g, ' '))).toBe(`Продано 2 билета на ${total} ₽`);
    const text = await textOf(till, 'section[aria-labelledby="till-result-title"]');
    expect(text).toContain('Оплачено картой, RRN 123456789012');
    expect(text).toContain('детский');
    const [order] = await db.query.orders.findMany({ where: (o, { eq }) => eq(o.sessionId, session.id) });
    expect(order).toMatchObject({ paymentMethod: 'card', cardRrn: '123456789012', soldBy: manager.id });

    // Esc starts the next sale. A payment link needs the buyer's e-mail: Enter from the method says so.
    await till.keyboard.press('Escape');
    await till.waitForSelector('::-p-text(Выберите места на схеме)');
    await till.locator(`${hall} button[aria-label="${seatLabel('r3m1')}"]:not([disabled])`).click();
    await till.waitForSelector(`${hall} button[aria-label="${seatLabel('r3m1')}, выбрано"]`);
    await till.click('input[name=method][value=link]');
    await till.keyboard.press('Enter');
    await till.waitForSelector('::-p-text(Укажите почту: на неё придёт ссылка на оплату)');
    await till.click('input[name=contact]');
    await till.keyboard.type('walk-in@example.test');
    await till.keyboard.press('Enter');
    await till.waitForSelector('#till-result-title::-p-text(ждёт оплаты по ссылке)');
    expect(await textOf(till, 'section[aria-labelledby="till-result-title"]')).toContain('walk-in@example.test');
    expect(await till.$eval('a::-p-text(Ссылка на оплату)', (a) => a.getAttribute('href'))).toMatch(/^https?:\/\//);
    expect(till.errors).toEqual([]);
  });

  it('sells by SBP: the QR with its amount and time left on the till and on the buyer’s second screen, paid, the receipt printed', async () => {
    const { db } = site.ctx;
    const film = await buildFilm(db, { title: 'Кин-дза-дза' });
    const session = await buildSession(db, { filmId: film.id, price: 450, startsInMinutes: minutesLaterToday(150) });
    await announce(site.ctx, [{ what: 'sessions', ids: [session.id] }]);
    const cashier = await buildUser(db, { role: 'cashier', fio: 'Ольга Кассир' });

    const till = await browserPage(site, contexts, SCREEN);
    await signIn(site, till, cashier.email, TEST_PASSWORD);
    await till.goto(`${site.url}/admin/dashboard/till`);
    await till.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'float');
    await till.keyboard.type('0');
    await till.click('input[name=till]');
    await till.keyboard.type('Касса СБП');
    await till.keyboard.press('Enter');
    await till.waitForSelector('a::-p-text(Отчёт смены)');
    // The buyer's second screen, opened beside the till in the same browser.
    const display = await till.browserContext().newPage();
    await display.goto(`${site.url}/admin/dashboard/till/display`);
    await display.waitForSelector('main ::-p-text(Здесь появится QR-код)');
    // The cashier works the till (a page in the background gets no animation frames: clicks would wait).
    await till.bringToFront();

    await till.locator(`button[aria-pressed]::-p-text(${film.title})`).click();
    const hall = 'section[aria-labelledby="till-hall-title"]';
    await till.waitForSelector(`${hall} button[aria-label="Ряд 1, место 1"]:not([disabled])`);
    await till.$eval('main h1', (h) => (h as HTMLElement).click());
    await till.keyboard.press('2');
    await till.waitForFunction(
      (scope) => document.querySelectorAll(`${scope} button[data-seat][aria-label$=", выбрано"]`).length === 2,
      {},
      hall,
    );
    await till.click('input[name=method][value=sbp]');
    await till.keyboard.press('Enter');
    await till.waitForSelector('#till-result-title::-p-text(ждёт оплаты по СБП)');

    // The QR on the till is the provider's: scanned from the screen, it reads the payment's QR data.
    const [order] = await db.query.orders.findMany({ where: (o, { eq }) => eq(o.sessionId, session.id) });
    expect(order).toMatchObject({ paymentMethod: 'sbp', status: 'pending' });
    const paymentId = await providerPaymentOf(site.ctx, order!.id);
    const qrData = (site.ctx.emulator.control.payment(paymentId)!.confirmation as { confirmation_data: string })
      .confirmation_data;
    const qrOnTill = await till.waitForSelector('[data-testid="sbp-qr"] img');
    expect(pngQrCode(await qrOnTill!.screenshot())).toBe(qrData);
    const onTill = await textOf(till, '[data-testid="sbp-qr"]');
    expect(onTill).toContain('900 ₽');
    expect(onTill).toMatch(/Осталось \d\d:\d\d/);
    // …and on the second screen, with the amount.
    await display.bringToFront();
    const qrOnDisplay = await display.waitForSelector('[data-testid="sbp-qr"] img');
    expect(pngQrCode(await qrOnDisplay!.screenshot())).toBe(qrData);
    expect(await textOf(display, '[data-testid="sbp-qr"]')).toContain('900 ₽');
    await till.bringToFront();
    expect(await axeViolations(till)).toEqual([]);

    // Both screens on a 390 px phone: nothing wider than the screen, the whole QR in view and large enough
    // to scan, the amount and the time left readable, and still no axe violation.
    for (const page of [till, display]) {
      await page.bringToFront();
      await page.setViewport({ width: 390, height: 844 });
      await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
      const fit = await page.$eval('[data-testid="sbp-qr"]', (figure) => {
        const img = figure.querySelector('img')!.getBoundingClientRect();
        const caption = figure.querySelector('figcaption')!.getBoundingClientRect();
        return {
          qrInView: img.left >= 0 && img.right <= window.innerWidth,
          qrSize: Math.round(Math.min(img.width, img.height)),
          square: Math.abs(img.width - img.height) < 1,
          captionInView: caption.left >= 0 && caption.right <= window.innerWidth,
        };
      });
      expect(fit).toEqual({ qrInView: true, qrSize: expect.any(Number), square: true, captionInView: true });
      expect(fit.qrSize).toBeGreaterThanOrEqual(200);
      expect(await textOf(page, '[data-testid="sbp-qr"]')).toMatch(/900 ₽.*Осталось \d\d:\d\d/);
      expect(await axeViolations(page)).toEqual([]);
    }
    expect(pngQrCode(await (await display.$('[data-testid="sbp-qr"] img'))!.screenshot())).toBe(qrData);
    await till.setViewport(SCREEN);
    await till.bringToFront();

    // The buyer pays in the bank app: the till shows the sale and the register's receipt; the display clears.
    site.ctx.emulator.control.succeed(paymentId);
    await till.waitForFunction(
      () =>
        document.querySelector('#till-result-title')?.textContent?.replace(/\s/g, ' ') === 'Продано 2 билета на 900 ₽',
    );
    await till.waitForSelector('[data-testid="fiscal-receipt"]');
    expect(site.ctx.atol.control.journal.filter((j) => j.task.type === 'sell').at(-1)).toMatchObject({
      status: 'ready',
      task: { payments: [{ type: 'electronically', sum: 900 }], total: 900 },
    });
    await display.waitForSelector('main ::-p-text(Здесь появится QR-код)');
    expect(till.errors).toEqual([]);
    await display.close();
  });

  it('says a session cancelled while it is on the till is cancelled, and offers no seat of it', async () => {
    const film = await buildFilm(site.ctx.db, { title: 'Гараж' });
    const session = await buildSession(site.ctx.db, { filmId: film.id, startsInMinutes: minutesLaterToday(150) });
    await announce(site.ctx, [{ what: 'sessions', ids: [session.id] }]);
    const manager = await buildSignedInUser(site.ctx, { role: 'manager' });
    const open = await site.call('POST /shifts/open', { body: { float: 0, till: 'Касса 5' } }, manager.token);
    expect(open.status, JSON.stringify(open.body)).toBe(201);

    const till = await browserPage(site, contexts, SCREEN);
    await signIn(site, till, manager.user.email, TEST_PASSWORD);
    await till.goto(`${site.url}/admin/dashboard/till`);
    await till.locator(`button[aria-pressed]::-p-text(${film.title})`).click();
    const hall = 'section[aria-labelledby="till-hall-title"]';
    await till.waitForSelector(`${hall} button[aria-label="${seatLabel('r5m5')}"]:not([disabled])`);

    const cancel = await site.call(
      'POST /schedules/:id/cancel',
      { params: { id: session.id }, body: { reason: 'Авария в зале' } },
      manager.token,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await till.waitForSelector(`${hall} [role=alert]::-p-text(Сеанс отменён)`);
    expect(await textOf(till, `${hall} [role=alert]`)).toMatch(/^Сеанс отменён.*Выберите другой$/);
    expect(await till.$(`${hall} button[data-seat]`)).toBeNull();
  });
});
