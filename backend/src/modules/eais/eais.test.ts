/**
 * ЕАИС end to end against the receiver emulator on loopback (emulators/eais) and real PGlite/PostgreSQL and
 * Redis: a sale online and at the till and a refund of each become ledger rows in their own transactions, one
 * XML file per session reaches the receiver with the right forms; a failure reply and a lost reply are sent
 * again as the same file under the same name, never a form twice and never one skipped; runs never overlap; the
 * dashboard's ЕАИС tile turns red past 45 minutes; GET /api/eais/deliveries lists the files with their replies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardEaisSchema } from '../../contract/dashboard';
import { schema } from '../../db';
import { startEaisEmulator, type EaisEmulator } from '../../emulators/eais';
import { buildFilm, buildHall, buildSession, buildSignedInUser } from '../../testing/factories';
import { buySeats, orderSeats, useShop } from '../../testing/orders';
import { until } from '../../testing/wait';
import { reportToEais } from './report';

const shop = useShop();
const ctx = () => shop.t.ctx;
const LOGIN = { login: 'kino-eais', password: 'eais-test-password', orgId: '2271' };

let eais: EaisEmulator;
beforeAll(async () => {
  eais = await startEaisEmulator(LOGIN);
  deliverTo('emulator');
});
afterAll(() => eais.close());

/** Where the runs deliver: the emulator, or (files) DATA_DIR/eais/. */
function deliverTo(to: 'emulator' | 'files') {
  Object.assign(ctx().config.eais, {
    url: to === 'emulator' ? eais.url : undefined,
    login: LOGIN.login,
    password: LOGIN.password,
    cinemaId: LOGIN.orgId,
  });
}

let tills = 0;
async function cashier() {
  const staff = await buildSignedInUser(ctx(), { role: 'cashier' });
  const open = await shop.t.call('POST /shifts/open', { body: { float: 0, till: `ЕАИС ${++tills}` } }, staff.token);
  expect(open.status).toBe(201);
  return staff;
}

/** A session in a hall registered in ЕАИС as «Зал 4». */
async function session(title = 'Зеркало', subtitles = false) {
  const film = await buildFilm(ctx().db, { title, puNumber: '111000975', typeGraphic: '2D' });
  const hall = await buildHall(ctx().db, { showroom: 'Зал 4' });
  return buildSession(ctx().db, { filmId: film.id, hallId: hall.id, startsInMinutes: 600, subtitles });
}

async function tillSale(token: string, sessionId: number, seats: string[]) {
  const sale = await shop.t.call(
    'POST /till/orders',
    {
      body: {
        schedule_id: sessionId,
        lines: seats.map((seat_number) => ({ seat_number })),
        method: 'cash',
        given: 5000,
      },
    },
    token,
  );
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  return sale.body;
}

const ledgerOf = (sessionId: number) =>
  ctx()
    .db.select()
    .from(schema.eaisLedger)
    .where(eq(schema.eaisLedger.sessionId, sessionId))
    .orderBy(schema.eaisLedger.id);
const reportsOf = (sessionId: number) =>
  ctx()
    .db.select()
    .from(schema.eaisReports)
    .where(eq(schema.eaisReports.sessionId, sessionId))
    .orderBy(schema.eaisReports.id);
/** The receiver's files for a session title. */
const filesOf = (title: string) => eais.control.files.filter((f) => f.seans.seans_title === title);
const seatsOf = (title: string) =>
  Object.entries(eais.control.ledger())
    .filter(([key]) => key.endsWith(`|${title}`))
    .map(([, seats]) => seats)[0];

describe('sales and refunds reach ЕАИС as XML 3.2.0', () => {
  it('online and at the till, with a refund of each: one file, a form per operation, refunds negative', async () => {
    const s = await session('Солярис', true);
    const buyer = await shop.buyer();
    const online = await buySeats(shop.t, buyer, s, ['r2m1', 'r2m2']);
    const staff = await cashier();
    const counter = await tillSale(staff.token, s.id, ['r3m5']);

    // A refund at the counter, and one of the online order through the provider.
    const back = await shop.t.call('POST /till/refunds', { body: { ticket_id: counter.tickets[0]!.id } }, staff.token);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const onlineTicket = online.tickets.find((t) => t.seat_number === 'r2m2')!;
    const asked = await shop.t.call('POST /tickets/:id/refund', { params: { id: onlineTicket.id } }, buyer.token);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await until(
      async () => (await ledgerOf(s.id)).filter((r) => r.operation === 'refund').length >= 2,
      10_000,
      'refunds never settled',
    );

    const rows = await ledgerOf(s.id);
    expect(rows.map((r) => r.operation).sort()).toEqual(['refund', 'refund', 'sale', 'sale', 'sale']);
    expect(rows.every((r) => r.reportId === null && r.deliveredAt === null)).toBe(true);

    const run = await reportToEais(ctx());
    expect(run).toMatchObject({ failed: 0 });
    const [file] = filesOf('Солярис');
    expect(filesOf('Солярис')).toHaveLength(1);
    expect(file!.name).toMatch(/^ekb_2271_\d{8}_\d{9}_\d+\.xml$/);
    expect(file!.seans).toMatchObject({
      ver: '3.2.0',
      org_id: '2271',
      showroom: 'Зал 4',
      format: '2D (субтитры)',
      pu_number: '111000975',
      event_id: '0',
    });
    const forms = file!.forms.map((f) => `${f.place_y}-${f.place_x} ${f.price} ${f.online}`);
    expect(forms.sort()).toEqual(
      ['2-1 350 true', '2-2 -350 true', '2-2 350 true', '3-5 -350 false', '3-5 350 false'].sort(),
    );
    expect(seatsOf('Солярис')).toMatchObject({
      '2-1': { sold: 1, refunded: 0 },
      '2-2': { sold: 1, refunded: 1 },
      '3-5': { sold: 1, refunded: 1 },
    });
    expect((await ledgerOf(s.id)).every((r) => r.deliveredAt !== null)).toBe(true);
    expect(await reportsOf(s.id)).toMatchObject([
      { status: 'delivered', reply: 'OK', attempts: 1, sales: 3, refunds: 2 },
    ]);

    // Nothing new: the next run sends nothing of this session; a new sale goes in a new file.
    await reportToEais(ctx());
    expect(filesOf('Солярис')).toHaveLength(1);
    await tillSale(staff.token, s.id, ['r4m4']);
    await reportToEais(ctx());
    expect(filesOf('Солярис').map((f) => f.forms.length)).toEqual([5, 1]);
  });

  it('a Pushkin card sale at the till: payment_type 1, the RRN, the terminal and its owner, the session’s event', async () => {
    const film = await buildFilm(ctx().db, { title: 'Капитанская дочка', pushkinEventId: '2154875' });
    const s = await buildSession(ctx().db, { filmId: film.id, startsInMinutes: 600 });
    const staff = await cashier();
    const sale = await shop.t.call(
      'POST /till/orders',
      {
        body: {
          schedule_id: s.id,
          lines: [{ seat_number: 'r5m5' }],
          method: 'pushkin',
          visitor: { full_name: 'Мария Ивановна Миронова', phone: '+7 912 345-67-89' },
          rrn: '612345678901',
          terminal_id: 'T0012345',
        },
      },
      staff.token,
    );
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    await reportToEais(ctx());
    const [file] = filesOf('Капитанская дочка');
    expect(file!.seans).toMatchObject({ event_id: '2154875' });
    expect(file!.forms).toEqual([
      expect.objectContaining({ payment_type: '1', payment_id: '612345678901', terminal_id: 'T0012345' }),
    ]);
    expect(file!.forms[0]!.terminal_owner).toMatch(/^\d{10}(\d{2})?$/);
    // A cash sale of the same kind of session says payment_type 0 with no RRN.
    const cash = await session('Метель');
    await tillSale(staff.token, cash.id, ['r1m1']);
    await reportToEais(ctx());
    expect(filesOf('Метель')[0]!.forms).toEqual([expect.objectContaining({ payment_type: '0', payment_id: '' })]);
  });

  it('writes no ledger row for an order never paid', async () => {
    const s = await session('Андрей Рублёв');
    const buyer = await shop.buyer();
    await orderSeats(shop.t, buyer, s, ['r1m1']);
    expect(await ledgerOf(s.id)).toEqual([]);
  });
});

describe('exactly once through failures', () => {
  it('a failure reply: the same rows go again in the same file, delivered once, nothing skipped', async () => {
    const s = await session('Сталкер');
    const staff = await cashier();
    await tillSale(staff.token, s.id, ['r1m1', 'r1m2']);
    eais.control.refuse(1, 'service temporarily unavailable');
    await expect(reportToEais(ctx())).rejects.toThrow(/not delivered/);
    let [report] = await reportsOf(s.id);
    expect(report).toMatchObject({ status: 'failed', attempts: 1, reply: 'error: service temporarily unavailable' });
    expect((await ledgerOf(s.id)).every((r) => r.reportId === report!.id && r.deliveredAt === null)).toBe(true);
    expect(filesOf('Сталкер')).toHaveLength(0);

    // A sale meanwhile goes in a file of its own; the refused one goes again as it was.
    await tillSale(staff.token, s.id, ['r1m3']);
    await reportToEais(ctx());
    const names = eais.control.uploads.filter((u) => u.name.endsWith(`_${report!.id}.xml`));
    expect(names.map((u) => u.reply)).toEqual(['error: service temporarily unavailable', 'OK']);
    [report] = await reportsOf(s.id);
    expect(report).toMatchObject({ status: 'delivered', attempts: 2, reply: 'OK' });
    expect(seatsOf('Сталкер')).toEqual({
      '1-1': { sold: 1, refunded: 0, kopecks: 35_000 },
      '1-2': { sold: 1, refunded: 0, kopecks: 35_000 },
      '1-3': { sold: 1, refunded: 0, kopecks: 35_000 },
    });
    expect(
      await ctx()
        .db.select()
        .from(schema.eaisLedger)
        .where(and(eq(schema.eaisLedger.sessionId, s.id), isNull(schema.eaisLedger.deliveredAt))),
    ).toEqual([]);
    expect(eais.control.duplicateForms()).toBe(0);
  });

  it('a lost reply: the same file again under the same name (at least once), recognised as a repeat, counted once', async () => {
    const s = await session('Ностальгия');
    const staff = await cashier();
    await tillSale(staff.token, s.id, ['r6m1']);
    eais.control.loseReplies(1);
    await expect(reportToEais(ctx())).rejects.toThrow(/Ответ ЕАИС не получен/);
    const [lost] = await reportsOf(s.id);
    expect(lost).toMatchObject({ status: 'pending', attempts: 1, reply: null });
    // The receiver took it; Kino cannot know.
    expect(filesOf('Ностальгия')).toHaveLength(1);

    await reportToEais(ctx());
    const uploads = eais.control.uploads.filter((u) => u.name === lost!.fileName);
    expect(uploads.map((u) => u.reply)).toEqual([null, 'OK (repeat)']);
    expect(filesOf('Ностальгия')).toMatchObject([{ name: lost!.fileName, repeats: 1 }]);
    expect(seatsOf('Ностальгия')).toEqual({ '6-1': { sold: 1, refunded: 0, kopecks: 35_000 } });
    expect(await reportsOf(s.id)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
  });

  it('two runs at once send each file once: the second finds the lock taken', async () => {
    const s = await session('Иваново детство');
    const staff = await cashier();
    await tillSale(staff.token, s.id, ['r7m7']);
    const runs = await Promise.all([reportToEais(ctx()), reportToEais(ctx())]);
    expect(runs.filter((r) => r.skipped)).toHaveLength(1);
    expect(filesOf('Иваново детство')).toHaveLength(1);
    expect(eais.control.uploads.filter((u) => filesOf('Иваново детство')[0]!.name === u.name)).toHaveLength(1);
  });

  it('writes the file to DATA_DIR/eais/ when EAIS_URL is unset', async () => {
    deliverTo('files');
    try {
      const s = await session('Жертвоприношение');
      const staff = await cashier();
      await tillSale(staff.token, s.id, ['r8m8']);
      await reportToEais(ctx());
      const [report] = await reportsOf(s.id);
      const file = path.join(ctx().dataDir, 'eais', report!.fileName);
      expect(fs.readFileSync(file, 'utf8')).toContain('seans_title="Жертвоприношение"');
      expect(report).toMatchObject({ status: 'delivered', destination: 'file' });
    } finally {
      deliverTo('emulator');
    }
  });
});

describe('the dashboard’s ЕАИС tile', () => {
  const tile = async (token: string) => {
    const res = await shop.t.call('GET /dashboard/eais', {}, token);
    expect(res.status).toBe(200);
    return DashboardEaisSchema.parse(res.body);
  };

  it('turns red for a sale undelivered past 45 minutes, not at 40, and clears once delivered', async () => {
    await reportToEais(ctx());
    const { token } = await buildSignedInUser(ctx(), { role: 'manager' });
    const staff = await cashier();
    const recent = await session('Каток и скрипка');
    const late = await session('Пять вечеров');
    await tillSale(staff.token, recent.id, ['r1m1']);
    await tillSale(staff.token, late.id, ['r1m1']);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await ctx()
      .db.update(schema.eaisLedger)
      .set({ occurredAt: ago(40) })
      .where(eq(schema.eaisLedger.sessionId, recent.id));
    await ctx()
      .db.update(schema.eaisLedger)
      .set({ occurredAt: ago(46) })
      .where(eq(schema.eaisLedger.sessionId, late.id));
    let state = await tile(token);
    expect(state.problems.find((p) => p.session.id === recent.id)).toBeUndefined();
    expect(state.problems.find((p) => p.session.id === late.id)).toMatchObject({
      overdue: true,
      unreported: 1,
      failure: null,
    });

    // ЕАИС refuses: both show the failure; once it takes them the tile clears.
    eais.control.refuse(2, 'maintenance');
    await expect(reportToEais(ctx())).rejects.toThrow();
    state = await tile(token);
    expect(state.problems.find((p) => p.session.id === recent.id)?.failure?.error).toContain('maintenance');
    await reportToEais(ctx());
    state = await tile(token);
    expect(state.problems.filter((p) => [recent.id, late.id].includes(p.session.id))).toEqual([]);
    expect(state.unreported).toBe(0);
  });
});

describe('GET /api/eais/deliveries', () => {
  it('lists the files with their replies to managers and admins, newest first; refuses cashiers, content managers, viewers', async () => {
    const s = await session('Проверка на дорогах');
    const staff = await cashier();
    await tillSale(staff.token, s.id, ['r2m2']);
    eais.control.refuse(1, 'bad day');
    await expect(reportToEais(ctx())).rejects.toThrow();
    await reportToEais(ctx());
    const { token } = await buildSignedInUser(ctx(), { role: 'manager' });
    const res = await shop.t.call('GET /eais/deliveries', {}, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.data.find((d) => d.session?.id === s.id);
    expect(mine).toMatchObject({
      status: 'delivered',
      attempts: 2,
      reply: 'OK',
      sales: 1,
      refunds: 0,
      destination: 'http',
      session: { title: 'Проверка на дорогах' },
    });
    expect(mine!.file_name).toMatch(/^ekb_2271_/);
    for (const role of ['cashier', 'content-manager', 'customer'] as const) {
      const other = await buildSignedInUser(ctx(), { role });
      expect((await shop.t.call('GET /eais/deliveries', {}, other.token)).status, role).toBe(403);
    }
    expect((await shop.t.call('GET /eais/deliveries', {})).status).toBe(401);
  });
});
