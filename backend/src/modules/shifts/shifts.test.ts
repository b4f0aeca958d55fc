/**
 * The shifts table and the shift report's PDF against real PGlite/PostgreSQL and Redis: a cashier lists and
 * reads their own shifts only, managers every shift; the filters and paging; bad queries refused in the error
 * shape; the PDF says what the report says.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  differenceText,
  formatRoubles,
  formatShortTime,
  PAYMENT_METHOD_LABELS,
  REFUND_METHOD_LABELS,
  type ErrorBody,
  type ShiftView,
} from '../../contract';
import { addDays, toCinemaDate } from '../../contract/time';
import { schema } from '../../db';
import { buildSession, buildSignedInUser } from '../../testing/factories';
import { useShop } from '../../testing/orders';
import { pdfText } from '../../testing/pdf';

describe('shifts', () => {
  const shop = useShop();
  const db = () => shop.t.ctx.db;

  let tills = 0;
  const staff = (role: 'cashier' | 'manager' | 'admin' | 'content-manager' | 'customer', fio?: string) =>
    buildSignedInUser(shop.t.ctx, { role, ...(fio ? { fio } : {}) });
  const open = async (token: string, float: number) => {
    const res = await shop.t.call('POST /shifts/open', { body: { float, till: `Смены ${++tills}` } }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const close = async (token: string, id: number, counted: number) => {
    const res = await shop.t.call('POST /shifts/:id/close', { params: { id }, body: { counted } }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const list = (token: string, query: object = {}) => shop.t.call('GET /shifts', { query }, token);
  const ids = (page: { data: ShiftView[] }) => page.data.map((s) => s.id);
  const fieldsOf = (body: ErrorBody) => (body.error.details as { fields: Record<string, string> }).fields;

  it('lists a cashier’s own shifts, newest first, and every shift to managers and the admin', async () => {
    const anna = await staff('cashier', 'Анна Сменова');
    const boris = await staff('cashier', 'Борис Сменов');
    const first = await open(anna.token, 500);
    await close(anna.token, first.id, 480);
    const second = await open(anna.token, 1000);
    const other = await open(boris.token, 200);

    const own = await list(anna.token);
    expect(own.status).toBe(200);
    expect(ids(own.body)).toEqual([second.id, first.id]);
    expect(own.body).toMatchObject({ total: 2, last_page: 1 });
    expect(own.body.data[1]).toMatchObject({
      till: first.till,
      cashier: { id: anna.user.id, fio: 'Анна Сменова' },
      status: 'closed',
      float: 500,
      expected: 500,
      counted: 480,
      difference: -20,
    });
    expect(own.body.data[0]).toMatchObject({ status: 'open', expected: 1000, counted: null, difference: null });
    // Asking for another's shifts by name finds nothing: the search runs within one's own.
    expect((await list(anna.token, { q: 'Борис' })).body).toMatchObject({ data: [], total: 0 });

    // Another's shift is no shift at all to a cashier: its report, its PDF.
    const foreign = await shop.t.call('GET /shifts/:id', { params: { id: other.id } }, anna.token);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const foreignPdf = await shop.t.fetch(`/api/shifts/${other.id}/pdf`, { token: anna.token });
    expect(foreignPdf.status).toBe(404);
    expect(((await foreignPdf.json()) as ErrorBody).error.code).toBe('not_found');

    for (const role of ['manager', 'admin'] as const) {
      const boss = await staff(role);
      const all = await list(boss.token, { q: 'Сменов' });
      expect(ids(all.body), role).toEqual([other.id, second.id, first.id]);
      const pdf = await shop.t.fetch(`/api/shifts/${other.id}/pdf`, { token: boss.token });
      expect(pdf.status, role).toBe(200);
    }
    // Roles without shifts are refused.
    for (const role of ['content-manager', 'customer'] as const) {
      const outsider = await staff(role);
      expect((await list(outsider.token)).status, role).toBe(403);
    }
    expect((await shop.t.fetch('/api/shifts')).status).toBe(401);
  });

  it('filters by status and by the period the shift opened in, and pages', async () => {
    const cashier = await staff('cashier');
    const old = await open(cashier.token, 100);
    await close(cashier.token, old.id, 100);
    const today = toCinemaDate(new Date());
    const tenDaysAgo = addDays(today, -10);
    await db()
      .update(schema.shifts)
      .set({ openedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(schema.shifts.id, old.id));
    const current = await open(cashier.token, 100);

    expect(ids((await list(cashier.token, { status: 'open' })).body)).toEqual([current.id]);
    expect(ids((await list(cashier.token, { status: 'closed' })).body)).toEqual([old.id]);
    expect(ids((await list(cashier.token, { from: today, to: today })).body)).toEqual([current.id]);
    expect(ids((await list(cashier.token, { from: tenDaysAgo, to: tenDaysAgo })).body)).toEqual([old.id]);
    expect(ids((await list(cashier.token, { to: addDays(today, -1) })).body)).toEqual([old.id]);
    expect(ids((await list(cashier.token, { from: addDays(today, 1) })).body)).toEqual([]);

    const first = await list(cashier.token, { per_page: 1 });
    expect(first.body).toMatchObject({ total: 2, last_page: 2 });
    expect(ids(first.body)).toEqual([current.id]);
    expect(ids((await list(cashier.token, { per_page: 1, page: 2 })).body)).toEqual([old.id]);
  });

  it('refuses a bad query with 400 in the error shape, naming the field', async () => {
    const manager = await staff('manager');
    const bad: [object, string][] = [
      [{ status: 'lost' }, 'status'],
      [{ from: '2026-02-30' }, 'from'],
      [{ from: '25.11.2026' }, 'from'],
      [{ from: '2026-11-25', to: '2026-11-01' }, 'to'],
      [{ per_page: 1000 }, 'per_page'],
      [{ page: 0 }, 'page'],
    ];
    for (const [query, field] of bad) {
      const res = await list(manager.token, query);
      expect([res.status, res.body.error.code], JSON.stringify(query)).toEqual([400, 'invalid_input']);
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(Object.keys(fieldsOf(res.body)), JSON.stringify(query)).toEqual([field]);
    }
    const backwards = await list(manager.token, { to: '2026-11-01', from: '2026-11-25' });
    expect(fieldsOf(backwards.body)).toEqual({ to: 'Конец периода раньше начала' });
    const unknown = await list(manager.token, { cashier: 'all' });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 'invalid_input']);
    const badId = await shop.t.fetch('/api/shifts/abc/pdf', { token: manager.token });
    expect(badId.status).toBe(400);
  });

  it('prints the report as a PDF whose figures are the report’s', async () => {
    const session = await buildSession(db(), { startsInMinutes: 600, price: 350 });
    const cashier = await staff('cashier', 'Ирина Отчётова');
    const shift = await open(cashier.token, 1000.5);
    const sell = async (body: object) => {
      const res = await shop.t.call('POST /till/orders', { body: { schedule_id: session.id, ...body } }, cashier.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const cash = await sell({ lines: [{ seat_number: 'r2m1' }, { seat_number: 'r2m2' }], method: 'cash', given: 1000 });
    await sell({ lines: [{ seat_number: 'r2m3' }], method: 'card' });
    const back = await shop.t.call(
      'POST /till/refunds',
      { body: { ticket_id: cash.lines[0]!.ticket_id } },
      cashier.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);

    // While open: the expected cash so far, no count yet.
    const openPdf = await shop.t.fetch(`/api/shifts/${shift.id}/pdf`, { token: cashier.token });
    expect([openPdf.status, openPdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const openText = await pdfText(Buffer.from(await openPdf.arrayBuffer()));
    expect(openText).toContain('Ожидается сейчас 1 350,50 ₽');
    expect(openText).toContain('Смена открыта');

    const report = await close(cashier.token, shift.id, 1300);
    expect(report).toMatchObject({
      sales: { cash: { count: 2, amount: 700 }, card: { count: 1, amount: 350 }, online: { count: 0, amount: 0 } },
      refunds: { cash: { count: 1, amount: 350 } },
      expected: 1350.5,
      counted: 1300,
      difference: -50.5,
    });

    const res = await shop.t.fetch(`/api/shifts/${shift.id}/pdf`, { token: cashier.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`shift_${shift.id}.pdf`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    const money = (n: number) => formatRoubles(n).replace(/\s/g, ' ');
    for (const expected of [
      'Кинотеатр «Ракета»',
      `Отчёт смены №${shift.id}`,
      `Касса ${report.till}`,
      'Кассир Ирина Отчётова',
      'Статус Закрыта',
      `Открыта ${formatShortTime(report.opened_at)}`,
      `Закрыта ${formatShortTime(report.closed_at!)}`,
      // Sales by method: tickets and sums, and their total.
      `${PAYMENT_METHOD_LABELS.cash} 2 ${money(report.sales.cash!.amount)}`,
      `${PAYMENT_METHOD_LABELS.card} 1 ${money(report.sales.card!.amount)}`,
      `${PAYMENT_METHOD_LABELS.online} 0 ${money(0)}`,
      `Итого 3 ${money(1050)}`,
      // Refunds by method.
      `${REFUND_METHOD_LABELS.cash} 1 ${money(report.refunds.cash!.amount)}`,
      `${REFUND_METHOD_LABELS.provider} 0 ${money(0)}`,
      `Итого 1 ${money(350)}`,
      // The cash: float, in, out, expected, counted, difference.
      `Разменная сумма ${money(report.float)}`,
      `Наличные продажи + ${money(700)}`,
      `Наличные возвраты − ${money(350)}`,
      `Ожидалось ${money(report.expected)}`,
      `Пересчитано ${money(report.counted!)}`,
      `Разница ${differenceText(report.difference!).replace(/\s/g, ' ')}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(differenceText(report.difference!)).toMatch(/^Недостача 50,50/);
  });
});
