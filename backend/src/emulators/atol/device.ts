/**
 * The cash register behind the ATOL web-server emulator: one fiscal device, its shift, its fiscal drive's
 * counters and the rules it refuses tasks by (REGISTRIES.md §1.6, §1.8, §1.10). It executes one JSON task
 * at a time and answers what the web server reports for it: `ready` with a result, or `error` with the
 * driver's code and Russian description. The counters are written to a file after every fiscal document,
 * so they survive a restart as a fiscal drive's do; "now" comes from an injected clock.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../lib/infra/clock';
import { ATOL_TAX_TYPES } from '../../config';

/** The driver's error codes the emulator answers (libfptr10.h numbering: REGISTRIES.md §1.8). */
export const ATOL_ERRORS = {
  NO_CONNECTION: [2, 'Нет связи с ККТ'],
  INCORRECT_DATA: [5, 'Некорректные данные'],
  NO_REQUIRED_PARAM: [8, 'Не указан обязательный параметр'],
  INVALID_SUM: [16, 'Неверная сумма'],
  NO_PAPER: [44, 'Нет бумаги'],
  COVER_OPENED: [45, 'Открыта крышка'],
  NONCASH_PAYMENTS_TOO_MUCH: [52, 'Сумма безналичных оплат превышает сумму чека'],
  BUSY: [55, 'ККТ занята'],
  NOT_FULLY_PAID: [66, 'Чек оплачен не полностью'],
  SHIFT_EXPIRED: [68, 'Смена превысила 24 часа'],
  DENIED_IN_CLOSED_SHIFT: [73, 'Операция невозможна в закрытой смене'],
  NO_CASH: [80, 'Не хватает наличности в денежном ящике'],
  DENIED_IN_OPENED_SHIFT: [83, 'Операция невозможна в открытой смене'],
  INVALID_TAXATION_TYPE: [143, 'Неверная система налогообложения'],
  INVALID_TAX_TYPE: [144, 'Неверный тип налога'],
  OFD_EXCHANGE: [411, 'Ошибка обмена с ОФД'],
  RECEIPT_PARSE_ERROR: [501, 'Ошибка разбора JSON-задания'],
  INTERRUPTED_BY_PREVIOUS_ERRORS: [502, 'Задание прервано из-за предыдущей ошибки'],
} as const satisfies Record<string, readonly [number, string]>;

export class TaskError extends Error {
  readonly code: number;
  constructor([code, description]: readonly [number, string], detail?: string) {
    super(detail ? `${description}: ${detail}` : description);
    this.code = code;
  }
}

const TAXATION_TYPES = new Set(['osn', 'usnIncome', 'usnIncomeOutcome', 'esn', 'patent']);
const TAX_TYPES = new Set<string>(ATOL_TAX_TYPES);
const RECEIPTS = ['sell', 'sellReturn', 'buy', 'buyReturn'] as const;
const CORRECTIONS = ['sellCorrection', 'sellReturnCorrection', 'buyCorrection', 'buyReturnCorrection'] as const;
type ReceiptType = (typeof RECEIPTS)[number] | (typeof CORRECTIONS)[number];
/** Receipts that take money in (a sale) or give it back (a return), for the drawer and the shift's totals. */
const GIVES_BACK = new Set<string>(['sellReturn', 'buy', 'sellReturnCorrection', 'buyCorrection']);

/** Faults a test (or a demo operator) switches on: what a real counter runs into. */
export interface Faults {
  /** Printed documents are refused with 44 until paper is loaded (electronic-only ones go through). */
  paperOut: boolean;
  /** The device does not answer: every task ends with 2. */
  offline: boolean;
  /** Printed documents are refused with 45. */
  coverOpen: boolean;
  /** Every task ends with 55. */
  busy: boolean;
  /** The OFD does not answer: closeShift ends with 411. */
  ofdDown: boolean;
}

export const NO_FAULTS: Faults = { paperOut: false, offline: false, coverOpen: false, busy: false, ofdDown: false };

interface Totals {
  count: number;
  /** Kopecks by payment type. */
  payments: Record<string, number>;
}

/** What the fiscal drive keeps: written to the state file after every document. */
interface Counters {
  fnDocumentNumber: number;
  shift: { number: number; openedAt: string | null; closedAt: string | null };
  receiptNumberInShift: number;
  cashInDrawerKopecks: number;
  totals: { income: Totals; return: Totals };
}

const emptyTotals = (): Counters['totals'] => ({
  income: { count: 0, payments: {} },
  return: { count: 0, payments: {} },
});

const SHIFT_HOURS = 24;

export interface Receipt {
  type: string;
  fiscalDocumentNumber: number;
  total: number;
  emailOrPhone: string | null;
}

export interface DeviceOptions {
  /** The file the counters live in (created on the first document). */
  stateFile: string;
  clock: Clock;
  fnNumber?: string;
  registrationNumber?: string;
}

export type Json = Record<string, unknown>;

const kopecks = (value: unknown, field: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TaskError(ATOL_ERRORS.INCORRECT_DATA, field);
  }
  return Math.round(value * 100);
};
const roubles = (k: number) => k / 100;

/** An ISO date-time in Moscow time, as the device prints it ('2026-03-12T19:05:00+03:00'). */
function moscowIso(date: Date): string {
  const local = new Date(date.getTime() + 3 * 3600_000);
  return `${local.toISOString().slice(0, 19)}+03:00`;
}

export function createDevice(options: DeviceOptions) {
  const fnNumber = options.fnNumber ?? '9999078900000961';
  const registrationNumber = options.registrationNumber ?? '0000000001002292';
  const counters: Counters = load();
  const faults: Faults = { ...NO_FAULTS };
  /** Receipts with a contact: what the OFD sends on to the viewer. */
  const ofdOutbox: Receipt[] = [];

  function load(): Counters {
    try {
      return JSON.parse(fs.readFileSync(options.stateFile, 'utf8')) as Counters;
    } catch {
      return {
        fnDocumentNumber: 0,
        shift: { number: 0, openedAt: null, closedAt: null },
        receiptNumberInShift: 0,
        cashInDrawerKopecks: 0,
        totals: emptyTotals(),
      };
    }
  }

  function save() {
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    const temp = `${options.stateFile}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(counters));
    fs.renameSync(temp, options.stateFile);
  }

  const expiredTime = () =>
    counters.shift.openedAt ? new Date(Date.parse(counters.shift.openedAt) + SHIFT_HOURS * 3600_000) : null;

  function shiftState(): 'closed' | 'opened' | 'expired' {
    const expires = expiredTime();
    if (!expires) return 'closed';
    return options.clock.now().getTime() >= expires.getTime() ? 'expired' : 'opened';
  }

  /** A new fiscal document: the next number, a 10-digit sign, the device's identity. */
  function fiscalParams() {
    counters.fnDocumentNumber += 1;
    return {
      fiscalDocumentDateTime: moscowIso(options.clock.now()),
      fiscalDocumentNumber: counters.fnDocumentNumber,
      fiscalDocumentSign: String(randomInt(1_000_000_000, 4_294_967_295)),
      fnNumber,
      registrationNumber,
      shiftNumber: counters.shift.number,
      fnsUrl: 'www.nalog.gov.ru',
    };
  }

  const requireOperator = (task: Json) => {
    const operator = task.operator as Json | undefined;
    if (!operator || typeof operator.name !== 'string' || operator.name.trim() === '') {
      throw new TaskError(ATOL_ERRORS.NO_REQUIRED_PARAM, 'operator.name');
    }
  };

  /** The device refuses a document it would print while paper or the cover says no. */
  const requirePrinter = (task: Json) => {
    if (task.electronically === true) return;
    if (faults.coverOpen) throw new TaskError(ATOL_ERRORS.COVER_OPENED);
    if (faults.paperOut) throw new TaskError(ATOL_ERRORS.NO_PAPER);
  };

  const requireOpenShift = () => {
    const state = shiftState();
    if (state === 'closed') throw new TaskError(ATOL_ERRORS.DENIED_IN_CLOSED_SHIFT);
    if (state === 'expired') throw new TaskError(ATOL_ERRORS.SHIFT_EXPIRED);
  };

  function openShift(task: Json) {
    requireOperator(task);
    if (shiftState() !== 'closed') throw new TaskError(ATOL_ERRORS.DENIED_IN_OPENED_SHIFT);
    requirePrinter(task);
    counters.shift = { number: counters.shift.number + 1, openedAt: options.clock.now().toISOString(), closedAt: null };
    counters.receiptNumberInShift = 0;
    counters.totals = emptyTotals();
    const result = { fiscalParams: fiscalParams(), warnings: null };
    save();
    return result;
  }

  function closeShift(task: Json) {
    requireOperator(task);
    if (shiftState() === 'closed') throw new TaskError(ATOL_ERRORS.DENIED_IN_CLOSED_SHIFT);
    if (faults.ofdDown) throw new TaskError(ATOL_ERRORS.OFD_EXCHANGE);
    requirePrinter(task);
    const params = fiscalParams();
    const receiptsCount = counters.receiptNumberInShift;
    counters.shift = { ...counters.shift, openedAt: null, closedAt: options.clock.now().toISOString() };
    save();
    return { fiscalParams: { ...params, receiptsCount }, warnings: null };
  }

  /** The shift's figures so far, printed; the shift stays open. */
  function reportX(task: Json) {
    requireOperator(task);
    if (shiftState() === 'closed') throw new TaskError(ATOL_ERRORS.DENIED_IN_CLOSED_SHIFT);
    requirePrinter(task);
    const result = { fiscalParams: { ...fiscalParams(), fiscalReceiptNumber: counters.receiptNumberInShift } };
    save();
    return result;
  }

  function receipt(type: ReceiptType, task: Json) {
    requireOperator(task);
    if (typeof task.taxationType === 'string' && !TAXATION_TYPES.has(task.taxationType)) {
      throw new TaskError(ATOL_ERRORS.INVALID_TAXATION_TYPE, String(task.taxationType));
    }
    const items = task.items;
    if (!Array.isArray(items) || items.length === 0) throw new TaskError(ATOL_ERRORS.NO_REQUIRED_PARAM, 'items');
    let sum = 0;
    for (const [i, item] of (items as Json[]).entries()) {
      if (item?.type === 'text') continue;
      if (item?.type !== 'position') throw new TaskError(ATOL_ERRORS.INCORRECT_DATA, `items[${i}].type`);
      if (typeof item.name !== 'string' || item.name === '') {
        throw new TaskError(ATOL_ERRORS.NO_REQUIRED_PARAM, `items[${i}].name`);
      }
      const tax = (item.tax as Json | undefined)?.type;
      if (typeof tax !== 'string' || !TAX_TYPES.has(tax))
        throw new TaskError(ATOL_ERRORS.INVALID_TAX_TYPE, String(tax));
      const price = kopecks(item.price, `items[${i}].price`);
      const quantity = item.quantity;
      if (typeof quantity !== 'number' || !(quantity > 0)) throw new TaskError(ATOL_ERRORS.INCORRECT_DATA, 'quantity');
      const amount = kopecks(item.amount, `items[${i}].amount`);
      if (Math.abs(amount - Math.round(price * quantity)) > 1) {
        throw new TaskError(ATOL_ERRORS.INVALID_SUM, `items[${i}].amount`);
      }
      sum += amount;
    }
    const total = kopecks(task.total, 'total');
    if (Math.abs(total - sum) > 1) throw new TaskError(ATOL_ERRORS.INVALID_SUM, 'total');
    const payments = task.payments;
    if (!Array.isArray(payments) || payments.length === 0) {
      throw new TaskError(ATOL_ERRORS.NO_REQUIRED_PARAM, 'payments');
    }
    const paid: Record<string, number> = {};
    for (const [i, payment] of (payments as Json[]).entries()) {
      if (typeof payment?.type !== 'string') throw new TaskError(ATOL_ERRORS.NO_REQUIRED_PARAM, `payments[${i}].type`);
      paid[payment.type] = (paid[payment.type] ?? 0) + kopecks(payment.sum, `payments[${i}].sum`);
    }
    const cash = paid.cash ?? 0;
    const nonCash = Object.values(paid).reduce((a, b) => a + b, 0) - cash;
    if (nonCash > total) throw new TaskError(ATOL_ERRORS.NONCASH_PAYMENTS_TOO_MUCH);
    if (cash + nonCash < total) throw new TaskError(ATOL_ERRORS.NOT_FULLY_PAID);
    const cashApplied = total - nonCash;
    const givesBack = GIVES_BACK.has(type);
    requireOpenShift();
    if (givesBack && cashApplied > counters.cashInDrawerKopecks) throw new TaskError(ATOL_ERRORS.NO_CASH);
    requirePrinter(task);

    counters.receiptNumberInShift += 1;
    counters.cashInDrawerKopecks += givesBack ? -cashApplied : cashApplied;
    const bucket = givesBack ? counters.totals.return : counters.totals.income;
    bucket.count += 1;
    const applied: Record<string, number> = { ...paid, ...(cash > 0 ? { cash: cashApplied } : {}) };
    for (const [kind, value] of Object.entries(applied)) bucket.payments[kind] = (bucket.payments[kind] ?? 0) + value;
    const params = {
      ...fiscalParams(),
      fiscalReceiptNumber: counters.receiptNumberInShift,
      total: roubles(total),
    };
    save();
    const contact = (task.clientInfo as Json | undefined)?.emailOrPhone;
    if (typeof contact === 'string' && contact !== '') {
      ofdOutbox.push({
        type,
        fiscalDocumentNumber: params.fiscalDocumentNumber,
        total: roubles(total),
        emailOrPhone: contact,
      });
    }
    return { fiscalParams: params, warnings: { notPrinted: false } };
  }

  const totalsInRoubles = (totals: Totals) => ({
    count: totals.count,
    payments: Object.fromEntries(Object.entries(totals.payments).map(([k, v]) => [k, roubles(v)])),
  });

  function cashMove(task: Json, sign: 1 | -1) {
    requireOpenShift();
    const sum = kopecks(task.cashSum, 'cashSum');
    if (sign < 0 && sum > counters.cashInDrawerKopecks) throw new TaskError(ATOL_ERRORS.NO_CASH);
    counters.cashInDrawerKopecks += sign * sum;
    save();
    return { counters: { cashSum: roubles(counters.cashInDrawerKopecks) } };
  }

  const shiftStatus = () => ({
    state: shiftState(),
    number: counters.shift.number,
    expiredTime: expiredTime() ? moscowIso(expiredTime()!) : null,
    documentsCount: counters.receiptNumberInShift,
  });

  /** Executes one task: its result, or a TaskError the web server reports as the task's error. */
  function execute(task: unknown): unknown {
    if (typeof task !== 'object' || task === null || Array.isArray(task)) {
      throw new TaskError(ATOL_ERRORS.RECEIPT_PARSE_ERROR, 'задание не объект');
    }
    const t = task as Json;
    if (faults.offline) throw new TaskError(ATOL_ERRORS.NO_CONNECTION);
    if (faults.busy) throw new TaskError(ATOL_ERRORS.BUSY);
    const type = t.type;
    if ((RECEIPTS as readonly unknown[]).includes(type) || (CORRECTIONS as readonly unknown[]).includes(type)) {
      return receipt(type as ReceiptType, t);
    }
    switch (type) {
      case 'openShift':
        return openShift(t);
      case 'closeShift':
        return closeShift(t);
      case 'reportX':
        return reportX(t);
      case 'getShiftStatus':
        return { shiftStatus: shiftStatus() };
      case 'getShiftTotals':
        return {
          shiftTotals: {
            shiftNumber: counters.shift.number,
            receipts: {
              income: totalsInRoubles(counters.totals.income),
              return: totalsInRoubles(counters.totals.return),
            },
            cashInDrawer: roubles(counters.cashInDrawerKopecks),
          },
        };
      case 'getDeviceStatus':
        return {
          deviceStatus: {
            currentDateTime: moscowIso(options.clock.now()),
            shift: shiftState(),
            blocked: false,
            coverOpened: faults.coverOpen,
            paperPresent: !faults.paperOut,
            fiscal: true,
            fnFiscal: true,
            fnPresent: true,
            cashDrawerOpened: false,
          },
        };
      case 'getDeviceInfo':
        return { deviceInfo: { model: 0, modelName: 'ATOL emulator', serial: fnNumber.slice(-8), ffdVersion: '1.2' } };
      case 'cashIn':
        return cashMove(t, 1);
      case 'cashOut':
        return cashMove(t, -1);
      case 'continuePrint':
      case 'printLastReceiptCopy':
      case 'openCashDrawer':
        return {};
      default:
        throw new TaskError(ATOL_ERRORS.RECEIPT_PARSE_ERROR, `неизвестный тип задания ${String(type)}`);
    }
  }

  return {
    execute,
    faults,
    ofdOutbox,
    shiftStatus,
    cashInDrawer: () => roubles(counters.cashInDrawerKopecks),
    documentNumber: () => counters.fnDocumentNumber,
  };
}

export type Device = ReturnType<typeof createDevice>;
