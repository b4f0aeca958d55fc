/**
 * The ATOL web-server emulator as a till's client meets it, over real HTTP on loopback: the envelope and
 * its polling, a shift's life and the 24-hour rule on a manual clock, the receipt checks and their error
 * codes, the fault switches, a lost answer, and counters that survive a restart.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/infra/clock';
import { startAtolEmulator, type AtolEmulator, type TaskResult } from '.';

const operator = { name: 'Кассир Петрова А.', vatin: '500100732259' };
const position = (price: number, name = 'Билет: Фильм') => ({
  type: 'position',
  name,
  price,
  quantity: 1,
  amount: price,
  paymentMethod: 'fullPayment',
  paymentObject: 'service',
  tax: { type: 'none' },
});
const sell = (prices: number[], payments: { type: string; sum: number }[], extra: Record<string, unknown> = {}) => ({
  type: 'sell',
  taxationType: 'usnIncome',
  operator,
  items: prices.map((p) => position(p)),
  payments,
  total: prices.reduce((a, b) => a + b, 0),
  ...extra,
});

let dataDir: string;
let clock: ManualClock;
let atol: AtolEmulator;

async function post(body: unknown, emulator = atol) {
  return fetch(`${emulator.url}/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Posts the tasks and polls their uuid until no task waits or runs, as a client does. */
async function run(tasks: unknown[], emulator = atol): Promise<TaskResult[]> {
  const uuid = randomUUID();
  expect((await post({ uuid, request: tasks }, emulator)).status).toBe(201);
  return poll(uuid, emulator);
}

async function poll(uuid: string, emulator = atol): Promise<TaskResult[]> {
  for (;;) {
    await emulator.control.idle();
    const res = await fetch(`${emulator.url}/requests/${uuid}`);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: TaskResult[] };
    if (results.every((r) => r.status !== 'wait' && r.status !== 'inProgress')) return results;
  }
}

const one = async (task: unknown) => (await run([task]))[0]!;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kino-atol-'));
  clock = new ManualClock(new Date('2026-03-12T09:00:00Z'));
  atol = await startAtolEmulator({ dataDir, clock, latencyMs: 0 });
});
afterAll(async () => {
  await atol?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await fetch(`${atol.url}/emulator/faults`, {
    method: 'POST',
    body: JSON.stringify({ paperOut: false, offline: false, coverOpen: false, busy: false, ofdDown: false }),
  });
});

describe('the ATOL web-server emulator', () => {
  it('answers the ping, refuses a bad envelope and a uuid posted twice, and 404s an unknown uuid', async () => {
    expect((await fetch(`${atol.url}/`)).status).toBe(200);
    expect((await post({ uuid: '', request: [] })).status).toBe(400);
    expect((await post({ request: { type: 'getShiftStatus' } })).status).toBe(400);
    const uuid = randomUUID();
    expect((await post({ uuid, request: { type: 'getShiftStatus' } })).status).toBe(201);
    expect((await post({ uuid, request: { type: 'openShift', operator } })).status).toBe(409);
    const [status] = await poll(uuid);
    expect(status).toMatchObject({ status: 'ready', result: { shiftStatus: { state: 'closed' } } });
    expect((await fetch(`${atol.url}/requests/${randomUUID()}`)).status).toBe(404);
    // The same base path under /api/v2 serves the same tasks.
    expect((await fetch(`${atol.url}/api/v2/requests/${uuid}`)).status).toBe(200);
  });

  it('runs a shift: open, sell for cash with change, return, X-report, totals and close with the receipts count', async () => {
    expect(await one(sell([350], [{ type: 'cash', sum: 350 }]))).toMatchObject({ status: 'error', errorCode: 73 });
    const opened = await one({ type: 'openShift', operator });
    expect(opened.status).toBe('ready');
    const shiftNumber = (opened.result as { fiscalParams: { shiftNumber: number } }).fiscalParams.shiftNumber;
    expect(await one({ type: 'openShift', operator })).toMatchObject({ status: 'error', errorCode: 83 });

    const sale = await one(
      sell([350, 350.5], [{ type: 'cash', sum: 1000 }], { clientInfo: { emailOrPhone: '+79990001122' } }),
    );
    expect(sale.status).toBe('ready');
    const params = (sale.result as { fiscalParams: Record<string, unknown> }).fiscalParams;
    expect(params).toMatchObject({
      fiscalReceiptNumber: 1,
      total: 700.5,
      shiftNumber,
      fnNumber: expect.stringMatching(/^\d{16}$/),
    });
    expect(params.fiscalDocumentSign).toMatch(/^\d{10}$/);
    expect(params.fiscalDocumentDateTime).toBe('2026-03-12T12:00:00+03:00');
    expect(atol.control.ofdOutbox.at(-1)).toMatchObject({ emailOrPhone: '+79990001122', total: 700.5 });
    expect(atol.control.cashInDrawer()).toBe(700.5);

    expect(await one(sell([400], [{ type: 'electronically', sum: 400 }]))).toMatchObject({ status: 'ready' });
    // A cash return larger than the drawer is refused; within it, it is made.
    expect(await one({ ...sell([800], [{ type: 'cash', sum: 800 }]), type: 'sellReturn' })).toMatchObject({
      errorCode: 80,
    });
    expect(await one({ ...sell([350], [{ type: 'cash', sum: 350 }]), type: 'sellReturn' })).toMatchObject({
      status: 'ready',
    });
    expect(atol.control.cashInDrawer()).toBe(350.5);

    const totals = await one({ type: 'getShiftTotals' });
    expect(totals.result).toMatchObject({
      shiftTotals: {
        receipts: {
          income: { count: 2, payments: { cash: 700.5, electronically: 400 } },
          return: { count: 1, payments: { cash: 350 } },
        },
      },
    });
    expect(await one({ type: 'reportX', operator })).toMatchObject({ status: 'ready' });
    const closed = await one({ type: 'closeShift', operator });
    expect(closed.result).toMatchObject({ fiscalParams: { receiptsCount: 3, shiftNumber } });
    expect(await one({ type: 'closeShift', operator })).toMatchObject({ status: 'error', errorCode: 73 });
  });

  it('checks receipts: sums, payments, tax and taxation types, the operator, unknown tasks', async () => {
    await one({ type: 'openShift', operator });
    const cases: [unknown, number][] = [
      [sell([350], [{ type: 'cash', sum: 300 }]), 66],
      [sell([350], [{ type: 'electronically', sum: 400 }]), 52],
      [{ ...sell([350], [{ type: 'cash', sum: 350 }]), total: 300 }, 16],
      [{ ...sell([350], [{ type: 'cash', sum: 350 }]), items: [{ ...position(350), amount: 700 }] }, 16],
      [{ ...sell([350], [{ type: 'cash', sum: 350 }]), taxationType: 'envd' }, 143],
      [{ ...sell([350], [{ type: 'cash', sum: 350 }]), items: [{ ...position(350), tax: { type: 'vat18' } }] }, 144],
      [{ ...sell([350], [{ type: 'cash', sum: 350 }]), operator: {} }, 8],
      [{ type: 'fly' }, 501],
    ];
    for (const [task, code] of cases)
      expect(await one(task), JSON.stringify(task)).toMatchObject({ status: 'error', errorCode: code });
    // Tasks after a failed one in the same request are interrupted.
    const [first, second] = await run([{ type: 'fly' }, { type: 'getShiftStatus' }]);
    expect(first!.status).toBe('error');
    expect(second).toMatchObject({ status: 'interrupted', errorCode: 502 });
    await one({ type: 'closeShift', operator });
  });

  it('expires a shift after 24 hours: sales refused with 68 until it is closed', async () => {
    await one({ type: 'openShift', operator });
    clock.advance(24 * 3600_000 - 60_000);
    expect(await one(sell([100], [{ type: 'cash', sum: 100 }]))).toMatchObject({ status: 'ready' });
    clock.advance(60_000);
    expect((await one({ type: 'getShiftStatus' })).result).toMatchObject({ shiftStatus: { state: 'expired' } });
    expect(await one(sell([100], [{ type: 'cash', sum: 100 }]))).toMatchObject({ status: 'error', errorCode: 68 });
    expect(await one({ type: 'openShift', operator })).toMatchObject({ errorCode: 83 });
    expect(await one({ type: 'closeShift', operator })).toMatchObject({ status: 'ready' });
    expect((await one({ type: 'getShiftStatus' })).result).toMatchObject({ shiftStatus: { state: 'closed' } });
  });

  it('switches faults over its control endpoint: paper out, cover open, offline, busy, OFD down', async () => {
    await one({ type: 'openShift', operator });
    const fault = (body: unknown) =>
      fetch(`${atol.url}/emulator/faults`, { method: 'POST', body: JSON.stringify(body) });
    const before = atol.control.journal.filter((j) => j.status === 'ready').length;
    expect((await fault({ paperOut: true })).status).toBe(200);
    expect(await one(sell([100], [{ type: 'cash', sum: 100 }]))).toMatchObject({ errorCode: 44 });
    // An electronic-only receipt prints nothing, so it goes through.
    expect(await one(sell([100], [{ type: 'cash', sum: 100 }], { electronically: true }))).toMatchObject({
      status: 'ready',
    });
    await fault({ paperOut: false, coverOpen: true });
    expect(await one(sell([100], [{ type: 'cash', sum: 100 }]))).toMatchObject({ errorCode: 45 });
    await fault({ coverOpen: false, offline: true });
    expect(await one({ type: 'getShiftStatus' })).toMatchObject({ errorCode: 2 });
    await fault({ offline: false, busy: true });
    expect(await one({ type: 'getShiftStatus' })).toMatchObject({ errorCode: 55 });
    await fault({ busy: false, ofdDown: true });
    expect(await one({ type: 'closeShift', operator })).toMatchObject({ errorCode: 411 });
    await fault({ ofdDown: false });
    expect(await one({ type: 'closeShift', operator })).toMatchObject({ status: 'ready' });
    // Only the electronic receipt and the close were made.
    expect(atol.control.journal.filter((j) => j.status === 'ready').length - before).toBe(2);
  });

  it('loses an answer: the POST drops, the task is done once and its result is read by the same uuid', async () => {
    await one({ type: 'openShift', operator });
    await fetch(`${atol.url}/emulator/faults`, { method: 'POST', body: JSON.stringify({ loseAnswers: 1 }) });
    const uuid = randomUUID();
    await expect(post({ uuid, request: [sell([250], [{ type: 'cash', sum: 250 }])] })).rejects.toThrow();
    expect((await post({ uuid, request: [sell([250], [{ type: 'cash', sum: 250 }])] })).status).toBe(409);
    const [result] = await poll(uuid);
    expect(result!.status).toBe('ready');
    expect(atol.control.journal.filter((j) => j.uuid === uuid)).toHaveLength(1);
    await one({ type: 'closeShift', operator });
  });

  it('keeps its fiscal counters and shift across a restart, and forgets its queue', async () => {
    await one({ type: 'openShift', operator });
    const sale = await one(sell([100], [{ type: 'cash', sum: 100 }]));
    const { fiscalDocumentNumber, shiftNumber } = (
      sale.result as { fiscalParams: { fiscalDocumentNumber: number; shiftNumber: number } }
    ).fiscalParams;
    await atol.close();
    atol = await startAtolEmulator({ dataDir, clock, latencyMs: 0 });
    expect((await one({ type: 'getShiftStatus' })).result).toMatchObject({
      shiftStatus: { state: 'opened', number: shiftNumber },
    });
    const next = await one(sell([100], [{ type: 'cash', sum: 100 }]));
    expect(next.result).toMatchObject({
      fiscalParams: { fiscalDocumentNumber: fiscalDocumentNumber + 1, fiscalReceiptNumber: 2 },
    });
    const uuid = randomUUID();
    await post({ uuid, request: [{ type: 'getShiftStatus' }] });
    await atol.control.idle();
    atol.control.forgetTasks();
    expect((await fetch(`${atol.url}/requests/${uuid}`)).status).toBe(404);
  });
});
