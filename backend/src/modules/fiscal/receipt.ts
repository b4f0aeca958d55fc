/**
 * Counter receipts as the register's JSON tasks (REGISTRIES.md §1.5, §1.6): one position per ticket
 * («Билет: <фильм>, <дата время>, <зал>, ряд R место M, <возраст>+»), a service, at its price, with the
 * configured VAT and payment method; cash with the amount handed over, or electronically (card, SBP); the
 * cinema's taxation system; the cashier; the viewer's contact for the OFD's copy.
 */
import { eq, inArray } from 'drizzle-orm';
import type { TaxationSystem } from '../../contract/cinema';
import type { FiscalData } from '../../contract/fiscal';
import { roublesOf } from '../../contract/money';
import { parseSeatCode, type SeatCode } from '../../contract/seats';
import { toCinemaTime } from '../../contract/time';
import { formatShortTime } from '../../contract/format';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { conflict } from '../../lib/http/errors';
import { cinemaSettings } from '../settings/cinema';
import type { FiscalTask } from '../../fiscal/driver';
import type { FiscalParams } from './operations';
import { operatorOf, type Operator } from './shift';

const TAXATION: Record<TaxationSystem, string> = {
  osn: 'osn',
  usn_income: 'usnIncome',
  usn_income_outcome: 'usnIncomeOutcome',
  esn: 'esn',
  patent: 'patent',
};

/** A position's name on the receipt: at most 128 characters (tag 1030). */
const NAME_LENGTH = 128;

export interface ReceiptLine {
  seat: string;
  /** Kopecks. */
  price: number;
}

export interface ReceiptPayment {
  /** cash: the amount handed over (kopecks, change given from it); electronically: card or SBP. */
  type: 'cash' | 'electronically';
  given: number;
}

export type TicketTitle = (seat: string) => string;

/** What every ticket of a session (read with its film and hall) is called on a receipt, but its seat. */
export function titleOf(session: {
  startTime: Date;
  film: { title: string; age: number };
  hall: { name: string };
}): TicketTitle {
  const when = formatShortTime(toCinemaTime(session.startTime));
  return (seat: string) => {
    const { row, place } = parseSeatCode(seat as SeatCode);
    const name = `Билет: ${session.film.title}, ${when}, ${session.hall.name}, ряд ${row} место ${place}, ${session.film.age}+`;
    return name.length <= NAME_LENGTH ? name : `${name.slice(0, NAME_LENGTH - 1)}…`;
  };
}

async function ticketTitle(ctx: Pick<AppContext, 'db'>, sessionId: number): Promise<TicketTitle> {
  const session = await ctx.db.query.sessions.findFirst({
    where: eq(schema.sessions.id, sessionId),
    with: { film: true, hall: true },
  });
  if (!session) throw conflict('conflict', 'Сеанс не найден');
  return titleOf(session);
}

/** A sell or sellReturn task for tickets of one session. */
export async function ticketReceipt(
  ctx: Pick<AppContext, 'db' | 'config'>,
  type: 'sell' | 'sellReturn',
  {
    sessionId,
    lines,
    payment,
    cashier,
    contact,
    title: knownTitle,
  }: {
    sessionId: number;
    lines: ReceiptLine[];
    payment: ReceiptPayment;
    cashier: Operator;
    contact?: string | null;
    /** The session's titleOf, when the caller read the session already. */
    title?: TicketTitle;
  },
): Promise<FiscalTask> {
  const cinema = await cinemaSettings(ctx);
  if (!cinema) {
    throw conflict(
      'conflict',
      'Реквизиты кинотеатра не заполнены: касса не может печатать чеки. Позовите администратора',
    );
  }
  const title = knownTitle ?? (await ticketTitle(ctx, sessionId));
  const { ticketVat, ticketPaymentMethod } = ctx.config.fiscal;
  const total = lines.reduce((sum, l) => sum + l.price, 0);
  return {
    type,
    taxationType: TAXATION[cinema.taxation],
    electronically: false,
    operator: operatorOf(cashier),
    ...(contact ? { clientInfo: { emailOrPhone: contact } } : {}),
    items: lines.map((line) => ({
      type: 'position',
      name: title(line.seat),
      price: roublesOf(line.price),
      quantity: 1,
      amount: roublesOf(line.price),
      paymentMethod: ticketPaymentMethod,
      paymentObject: 'service',
      tax: { type: ticketVat },
    })),
    payments: [
      { type: payment.type, sum: roublesOf(payment.type === 'cash' ? Math.max(payment.given, total) : total) },
    ],
    total: roublesOf(total),
  };
}

/** The fiscal data a sale's order carries, from the register's answer. */
export const fiscalDataOf = (params: FiscalParams): FiscalData => ({
  document_number: params.fiscalDocumentNumber,
  fiscal_sign: params.fiscalDocumentSign,
  fn_number: params.fnNumber,
  registration_number: params.registrationNumber,
  shift_number: params.shiftNumber,
  receipt_number: params.fiscalReceiptNumber ?? 0,
  datetime: toCinemaTime(new Date(params.fiscalDocumentDateTime)),
});

/** The receipts of orders (their sell), by order id. */
export async function saleReceipts(ctx: Pick<AppContext, 'db'>, orderIds: number[]): Promise<Map<number, FiscalData>> {
  if (orderIds.length === 0) return new Map();
  const { fiscalOperations: ops } = schema;
  const rows = await ctx.db
    .select({ orderId: ops.orderId, kind: ops.kind, status: ops.status, result: ops.result })
    .from(ops)
    .where(inArray(ops.orderId, orderIds));
  return new Map(
    rows
      .filter((r) => r.kind === 'sell' && r.status === 'ready')
      .map((r) => [r.orderId!, fiscalDataOf((r.result as { fiscalParams: FiscalParams }).fiscalParams)]),
  );
}
