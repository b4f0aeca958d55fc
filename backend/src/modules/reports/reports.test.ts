/**
 * The sales and distributor reports on real sales: a viewer's online order (one line refunded by a manager
 * through the provider) and two till sales (cash, card) in two sessions of a period of show dates; the
 * JSON, the CSV and the XLSX (read back with exceljs) must agree to the kopeck.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HALL_CAPACITY } from '../../contract/constants';
import {
  distributionWeekOf,
  DistributorFilmsSchema,
  DistributorReportSchema,
  SalesReportSchema,
  type SalesReport,
} from '../../contract/reports';
import { addDays, fromCinemaTime, toCinemaDate } from '../../contract/time';
import { schema } from '../../db';
import { buildFilm, buildOrder, buildSession, buildSignedInUser, buildTicket } from '../../testing/factories';
import { connectLiveClient } from '../../testing/live-client';
import { buySeats, useShop } from '../../testing/orders';
import { pdfText } from '../../testing/pdf';

const shop = useShop();

// A period of its own, weeks ahead, so no other session of the file's database falls in it.
const day1 = addDays(toCinemaDate(new Date()), 40);
const day2 = addDays(day1, 1);
let manager: string;
let filmA: { id: number; title: string };
let onlineKopecks: number[];

async function salesOf(by: string, token = manager, from = day1, to = day2) {
  return shop.t.call('GET /reports/sales', { query: { from, to, by: by as 'day' } }, token);
}
const report = async (by: string) => SalesReportSchema.parse((await salesOf(by)).body);
const rowOf = (r: SalesReport, key: string) => r.rows.find((row) => row.key === key);

beforeAll(async () => {
  const { db } = shop.t.ctx;
  manager = (await buildSignedInUser(shop.t.ctx, { role: 'manager' })).token;
  filmA = await buildFilm(db, { title: 'Фильм А', puNumber: '111000125' });
  const filmB = await buildFilm(db, { title: 'Фильм Б' });
  const s1 = await buildSession(db, { filmId: filmA.id, startTime: fromCinemaTime(`${day1} 19:00`), price: 500 });
  const s2 = await buildSession(db, { filmId: filmB.id, startTime: fromCinemaTime(`${day2} 12:00`), price: 300 });
  // Outside the period, and a cancelled session without sales inside it: neither counts.
  await buildTicket(db, {
    sessionId: (await buildSession(db, { startTime: fromCinemaTime(`${addDays(day2, 1)} 10:00`) })).id,
  });
  await buildSession(db, { filmId: filmA.id, startTime: fromCinemaTime(`${day2} 21:00`), cancelledAt: new Date() });

  // Online: two seats bought and paid through the provider, then one refunded by a manager.
  const buyer = await shop.buyer();
  const order = await buySeats(shop.t, buyer, s1, ['r5m5', 'r5m6']);
  onlineKopecks = (await db.select().from(schema.tickets).where(eqOrder(order.id))).map((t) => t.priceKopecks);
  const refund = await shop.t.call(
    'POST /orders/:id/refund',
    { params: { id: order.id }, body: { ticket_ids: [order.lines[0]!.ticket_id], reason: 'Зритель заболел' } },
    manager,
  );
  expect(refund.status).toBe(200);

  // The till: a child's ticket for cash in session 1, an adult one by card in session 2 (odd kopecks).
  const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
  const till = { channel: 'box_office' as const, soldBy: cashier.user.id, till: 'Касса 1', userId: null };
  const cash = await buildOrder(db, { ...till, sessionId: s1.id, paymentMethod: 'cash', totalKopecks: 35_050 });
  await buildTicket(db, {
    orderId: cash.id,
    sessionId: s1.id,
    userId: null,
    seatNumber: 'r2m1',
    ticketTypeCode: 'child',
    priceKopecks: 35_050,
    basePriceKopecks: 50_000,
    typeDiscountKopecks: 14_950,
  });
  const card = await buildOrder(db, { ...till, sessionId: s2.id, paymentMethod: 'card', totalKopecks: 27_525 });
  await buildTicket(db, { orderId: card.id, sessionId: s2.id, userId: null, seatNumber: 'r3m3', priceKopecks: 27_525 });
  // A pending order's line is no sale.
  await buildTicket(db, { sessionId: s2.id, seatNumber: 'r4m4', status: 'pending' });
});

const eqOrder = (orderId: number) => eq(schema.tickets.orderId, orderId);

describe('GET /api/reports/sales', () => {
  it('groups by channel and payment method: sales, refunds, net and average price to the kopeck', async () => {
    const [first, second] = onlineKopecks as [number, number];
    const byChannel = await report('channel');
    expect(rowOf(byChannel, 'web')).toMatchObject({
      label: 'Сайт',
      tickets: 2,
      gross: (first + second) / 100,
      refunds: 1,
      refunds_sum: first / 100,
      net: second / 100,
      average_price: second / 100,
      occupancy: null,
    });
    expect(rowOf(byChannel, 'box_office')).toEqual({
      key: 'box_office',
      label: 'Касса',
      tickets: 2,
      gross: 625.75,
      refunds: 0,
      refunds_sum: 0,
      net: 625.75,
      // 625.75 / 2 = 312.875: rounded to the kopeck.
      average_price: 312.88,
      capacity: null,
      occupancy: null,
    });
    const byMethod = await report('method');
    expect(byMethod.rows.map((r) => [r.key, r.label, r.tickets, r.net])).toEqual(
      expect.arrayContaining([
        ['cash', 'Наличные', 1, 350.5],
        ['card', 'Карта (терминал)', 1, 275.25],
        ['online', 'Онлайн', 2, second / 100],
      ]),
    );
    expect(byMethod.total).toMatchObject({
      tickets: 4,
      gross: (first + second + 62_575) / 100,
      refunds: 1,
      net: (second + 62_575) / 100,
      // Three seats kept of the two live sessions' halls (the cancelled one has no capacity).
      capacity: 2 * HALL_CAPACITY,
      occupancy: Math.round((3 / (2 * HALL_CAPACITY)) * 1000) / 10,
    });
  });

  it('groups by day (every day of the period), film, session, hall, zone and type with occupancy where sessions make the rows', async () => {
    const byDay = await report('day');
    expect(byDay.rows.map((r) => [r.key, r.label, r.tickets, r.capacity])).toEqual([
      [day1, `${day1.slice(8)}.${day1.slice(5, 7)}.${day1.slice(0, 4)}`, 3, HALL_CAPACITY],
      [day2, `${day2.slice(8)}.${day2.slice(5, 7)}.${day2.slice(0, 4)}`, 1, HALL_CAPACITY],
    ]);
    expect(rowOf(byDay, day2)).toMatchObject({ net: 275.25, occupancy: Math.round((1 / HALL_CAPACITY) * 1000) / 10 });
    const byFilm = await report('film');
    expect(rowOf(byFilm, String(filmA.id))).toMatchObject({ label: 'Фильм А', tickets: 3, refunds: 1 });
    const bySession = await report('session');
    expect(bySession.rows).toHaveLength(2);
    expect(bySession.rows[0]!.label).toMatch(/^Фильм А · \d\d\.\d\d\.\d{4} 19:00 · /);
    expect((await report('hall')).rows).toHaveLength(2);
    const byType = await report('type');
    expect(rowOf(byType, 'child')).toMatchObject({ label: 'Детский', tickets: 1, gross: 350.5, capacity: null });
    const byZone = await report('zone');
    expect(rowOf(byZone, 'standard')).toMatchObject({ tickets: 4 });
  });

  it('exports the same table as CSV for Russian Excel: BOM, semicolons, decimal commas, the period in the name', async () => {
    const res = await shop.t.fetch(`/api/reports/sales?from=${day1}&to=${day2}&by=method&format=csv`, {
      token: manager,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`sales_method_${day1}_${day2}.csv`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Способ оплаты;Продано билетов;Выручка, ₽;Возвраты, шт.;Возвраты, ₽;Итого, ₽;Средняя цена, ₽',
    );
    expect(lines).toContain('Наличные;1;350,5;0;0;350,5;350,5');
    const json = await report('method');
    expect(lines.at(-1)).toBe(
      `Итого;4;${String(json.total.gross).replace('.', ',')};1;${String(json.total.refunds_sum).replace('.', ',')};${String(json.total.net).replace('.', ',')};${String(json.total.average_price).replace('.', ',')}`,
    );
    expect(lines).toHaveLength(json.rows.length + 2);
  });

  it('exports XLSX that a spreadsheet library reads back with the same sums', async () => {
    const res = await shop.t.fetch(`/api/reports/sales?from=${day1}&to=${day2}&by=day&format=xlsx`, { token: manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`sales_day_${day1}_${day2}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Продажи')!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = values.findIndex((row) => row[1] === 'День');
    expect(values[header]!.slice(1)).toEqual([
      'День',
      'Продано билетов',
      'Выручка, ₽',
      'Возвраты, шт.',
      'Возвраты, ₽',
      'Итого, ₽',
      'Средняя цена, ₽',
      'Мест',
      'Заполняемость, %',
    ]);
    const json = await report('day');
    const body = values.slice(header + 1);
    expect(body).toHaveLength(3);
    const total = body.at(-1)!;
    expect(total.slice(1, 7)).toEqual(['Итого', 4, json.total.gross, 1, json.total.refunds_sum, json.total.net]);
    // The rows add up to the total in the file itself.
    const sumOf = (col: number) => Math.round(body.slice(0, -1).reduce((s, row) => s + (row[col] as number), 0) * 100);
    expect(sumOf(3)).toBe(Math.round(json.total.gross * 100));
    expect(sumOf(6)).toBe(Math.round(json.total.net * 100));
  });

  it('refuses bad periods and groupings with 400 and every field, and customers and cashiers with 403', async () => {
    const bad = await shop.t.fetch(`/api/reports/sales?from=2026-02-30&to=2026-01-01&by=weekday`, { token: manager });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; details: { fields: Record<string, string> } } };
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.details.fields)).toEqual(expect.arrayContaining(['from', 'by']));
    const backwards = await salesOf('day', manager, day2, day1);
    expect([backwards.status, backwards.body]).toMatchObject([
      400,
      { error: { details: { fields: { to: expect.any(String) } } } },
    ]);
    const tooLong = await salesOf('day', manager, '2025-01-01', '2026-12-31');
    expect(tooLong.status).toBe(400);
    const csvOf = (format: string) =>
      shop.t.fetch(`/api/reports/sales?from=${day1}&to=${day2}&by=day&format=${format}`, { token: manager });
    expect((await csvOf('pdf')).status).toBe(400);
    for (const role of ['customer', 'cashier', 'content-manager'] as const) {
      const { token } = await buildSignedInUser(shop.t.ctx, { role });
      expect((await salesOf('day', token)).status, role).toBe(403);
    }
    const admin = await buildSignedInUser(shop.t.ctx, { role: 'admin' });
    expect((await salesOf('day', admin.token)).status).toBe(200);
  });
});

describe('GET /api/reports/distributor', () => {
  const thursdayOf = distributionWeekOf;

  it('gives one film’s Thursday-to-Wednesday week by day, as JSON and XLSX', async () => {
    const week = thursdayOf(day1);
    const { status, body } = await shop.t.call(
      'GET /reports/distributor',
      { query: { film_id: filmA.id, week } },
      manager,
    );
    expect(status).toBe(200);
    const report = DistributorReportSchema.parse(body);
    expect(report.film).toEqual({ id: filmA.id, title: 'Фильм А', pu_number: '111000125' });
    expect(report.days[0]!.date).toBe(week);
    const kept = onlineKopecks[1]! + 35_050;
    expect(report.days.find((d) => d.date === day1)).toEqual({
      date: day1,
      sessions: 1,
      tickets: 2,
      gross: kept / 100,
    });
    // The cancelled session on day 2 is no session; film B's sale is not this film's.
    if (day2 <= addDays(week, 6))
      expect(report.days.find((d) => d.date === day2)).toMatchObject({ sessions: 0, tickets: 0 });
    expect(report.total).toEqual({ sessions: 1, tickets: 2, gross: kept / 100 });

    const res = await shop.t.fetch(`/api/reports/distributor?film_id=${filmA.id}&week=${week}&format=xlsx`, {
      token: manager,
    });
    expect(res.headers.get('content-disposition')).toContain(`distributor_film-${filmA.id}_${week}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows = (workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows[0]).toEqual(['Фильм: Фильм А']);
    expect(rows).toContainEqual([day1, 1, 2, kept / 100]);
    expect(rows.at(-1)).toEqual(['Итого', 1, 2, kept / 100]);
  });

  it('prints the same week as the distributor’s PDF: the film, its ПУ, each day’s figures and the total', async () => {
    const week = thursdayOf(day1);
    const res = await shop.t.fetch(`/api/reports/distributor?film_id=${filmA.id}&week=${week}&format=pdf`, {
      token: manager,
    });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(res.headers.get('content-disposition')).toContain(`distributor_film-${filmA.id}_${week}.pdf`);
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    const printed = (date: string) => `${date.slice(8)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
    const money = (kopecks: number) =>
      (kopecks / 100).toLocaleString('ru-RU', { minimumFractionDigits: 2 }).replace(/\s/g, ' ');
    const kept = onlineKopecks[1]! + 35_050;
    expect(text).toContain('Отчёт о прокате фильма');
    expect(text).toContain('Фильм: Фильм А');
    expect(text).toContain('Прокатное удостоверение: 111000125');
    expect(text).toContain(`чт, ${printed(week)} — ср, ${printed(addDays(week, 6))}`);
    // Every day of the week, Thursday first, with its sessions, admissions and gross; day 1's sale; the total.
    const table = text.slice(text.indexOf('Валовый сбор, ₽'));
    const rows = ['чт', 'пт', 'сб', 'вс', 'пн', 'вт', 'ср'].map((wd, i) => `${wd}, ${printed(addDays(week, i))}`);
    const at = rows.map((row) => table.indexOf(row));
    expect(at.every((i) => i > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(table).toContain(`${printed(day1)} 1 2 ${money(kept)}`);
    expect(text).toContain(`Итого 1 2 ${money(kept)}`);
    // Another film's week prints its own (empty) figures.
    const other = await buildFilm(shop.t.ctx.db, { title: 'Без сеансов' });
    const empty = await shop.t.fetch(`/api/reports/distributor?film_id=${other.id}&week=${week}&format=pdf`, {
      token: manager,
    });
    expect(await pdfText(Buffer.from(await empty.arrayBuffer()))).toContain(`Итого 0 0 ${money(0)}`);
  });

  it('lists the films shown in a week to pick from, by title, without those whose sessions were all cancelled', async () => {
    const week = thursdayOf(day1);
    const onlyCancelled = await buildFilm(shop.t.ctx.db, { title: 'Отменённый' });
    await buildSession(shop.t.ctx.db, {
      filmId: onlyCancelled.id,
      startTime: fromCinemaTime(`${week} 11:00`),
      cancelledAt: new Date(),
    });
    const { status, body } = await shop.t.call('GET /reports/distributor/films', { query: { week } }, manager);
    expect(status).toBe(200);
    const titles = DistributorFilmsSchema.parse(body).map((f) => f.title);
    expect(titles).toContain('Фильм А');
    expect(titles).not.toContain('Отменённый');
    if (titles.includes('Фильм Б')) expect(titles.indexOf('Фильм А')).toBeLessThan(titles.indexOf('Фильм Б'));
    expect(body.find((f) => f.id === filmA.id)).toEqual({ id: filmA.id, title: 'Фильм А', pu_number: '111000125' });
    const notThursday = await shop.t.call(
      'GET /reports/distributor/films',
      { query: { week: addDays(week, 2) } },
      manager,
    );
    expect(notThursday.status).toBe(400);
  });

  it('refuses a week that does not start on a Thursday (400) and an unknown film (404)', async () => {
    const week = thursdayOf(day1);
    const notThursday = await shop.t.call(
      'GET /reports/distributor',
      { query: { film_id: filmA.id, week: addDays(week, 1) } },
      manager,
    );
    expect([notThursday.status, notThursday.body]).toMatchObject([
      400,
      { error: { details: { fields: { week: expect.stringContaining('четверг') } } } },
    ]);
    const unknown = await shop.t.call('GET /reports/distributor', { query: { film_id: 999_999, week } }, manager);
    expect(unknown.status).toBe(404);
    const badFormat = await shop.t.fetch(`/api/reports/distributor?film_id=${filmA.id}&week=${week}&format=doc`, {
      token: manager,
    });
    expect(badFormat.status).toBe(400);
    const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
    const pdf = await shop.t.fetch(`/api/reports/distributor?film_id=${filmA.id}&week=${week}&format=pdf`, {
      token: cashier.token,
    });
    expect(pdf.status).toBe(403);
  });
});

describe('live sales figures', () => {
  it('tells the staff room the show date whose figures moved when a ticket is sold or refunded, online or at the till', async () => {
    const { db } = shop.t.ctx;
    const staff = await connectLiveClient(shop.t.url, manager);
    try {
      const date = addDays(toCinemaDate(new Date()), 1);
      const session = await buildSession(db, { startTime: fromCinemaTime(`${date} 20:00`), price: 400 });
      const forDate = (payload: unknown) => (payload as { dates: string[] }).dates.includes(date);
      const pushes = () => staff.pushes.filter((p) => p.event === 'sales:changed' && forDate(p.payload)).length;

      // Online: paid through the provider.
      const order = await buySeats(shop.t, await shop.buyer(), session, ['r6m6']);
      expect(await staff.waitFor('sales:changed', forDate)).toEqual({ dates: [date] });

      // At the till: a cashier on a shift sells for cash, then refunds it at the counter.
      const cashier = await buildSignedInUser(shop.t.ctx, { role: 'cashier' });
      const open = await shop.t.call('POST /shifts/open', { body: { float: 0, till: 'Касса live' } }, cashier.token);
      expect(open.status).toBe(201);
      let before = pushes();
      const sale = await shop.t.call(
        'POST /till/orders',
        { body: { schedule_id: session.id, lines: [{ seat_number: 'r7m7' }], method: 'cash', given: 400 } },
        cashier.token,
      );
      expect(sale.status).toBe(201);
      await vi.waitFor(() => expect(pushes()).toBeGreaterThan(before));
      before = pushes();
      const refund = await shop.t.call(
        'POST /till/refunds',
        { body: { ticket_id: sale.body.tickets[0]!.id } },
        cashier.token,
      );
      expect(refund.status).toBe(200);
      await vi.waitFor(() => expect(pushes()).toBeGreaterThan(before));
      expect(order.status).toBe('paid');
    } finally {
      staff.disconnect();
    }
  });
});
