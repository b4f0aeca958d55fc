/**
 * A counter refund's return receipt («возврат прихода», `sellReturn`: REGISTRIES.md §1.6, §4.4): the
 * ticket's position, paid back the way it was paid (cash from the drawer, card electronically). A cash
 * refund larger than the cash the shift's drawer holds is refused before the register is asked. SBP goes
 * back through the provider and then gets its return receipt (electronically) like a card. A sale
 * made before the register knew it (no receipt of its own) is returned without one.
 */
import { and, eq } from 'drizzle-orm';
import { formatRoubles } from '../../contract/format';
import { roublesOf } from '../../contract/money';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { conflict } from '../../lib/http/errors';
import type { FiscalTask } from '../../fiscal/driver';
import { linkOperation } from './operations';
import { ticketReceipt } from './receipt';
import type { Operator } from './shift';
import { fiscalise } from './sale';
import { receiptOrCorrection } from './corrections';

export interface CounterReturn {
  ticket: { orderId: number; sessionId: number; seatNumber: string; priceKopecks: number };
  /** How the sale was paid: cash back from the drawer, card or SBP electronically. */
  method: 'cash' | 'card' | 'sbp';
  shiftId: number;
  /** The cash the shift's drawer holds (a cash refund may not exceed it). */
  drawerKopecks: number;
  staff: Operator;
}

/** The return receipt's task for a ticket; null when its sale had no receipt of its own. */
export async function returnTask(
  ctx: AppContext,
  { ticket, method, staff }: Pick<CounterReturn, 'ticket' | 'method' | 'staff'>,
): Promise<FiscalTask | null> {
  const [sale] = await ctx.db
    .select({ task: schema.fiscalOperations.task })
    .from(schema.fiscalOperations)
    .where(
      and(
        eq(schema.fiscalOperations.orderId, ticket.orderId),
        eq(schema.fiscalOperations.kind, 'sell'),
        eq(schema.fiscalOperations.status, 'ready'),
      ),
    );
  if (!sale) return null;
  const contact = ((sale.task as FiscalTask).clientInfo as { emailOrPhone?: string } | undefined)?.emailOrPhone;
  return ticketReceipt(ctx, 'sellReturn', {
    sessionId: ticket.sessionId,
    lines: [{ seat: ticket.seatNumber, price: ticket.priceKopecks }],
    payment: { type: method === 'cash' ? 'cash' : 'electronically', given: ticket.priceKopecks },
    cashier: staff,
    contact: contact ?? null,
  });
}

/** Issues the return receipt; answers its operation id (to tie to the refund), or null when the sale had none. */
export async function returnReceipt(ctx: AppContext, { ticket, method, shiftId, drawerKopecks, staff }: CounterReturn) {
  if (method === 'cash' && ticket.priceKopecks > drawerKopecks) {
    throw conflict(
      'drawer_short',
      `В кассе не хватает наличных: в ящике ${formatRoubles(roublesOf(drawerKopecks))}, вернуть нужно ${formatRoubles(roublesOf(ticket.priceKopecks))}`,
    );
  }
  const task = await returnTask(ctx, { ticket, method, staff });
  if (!task) return null;
  const { id } = await fiscalise(ctx, shiftId, task, { orderId: ticket.orderId });
  return id;
}

/** Why an SBP refund waits for its correction receipt. */
export const SBP_UNRETURNED = 'Деньги по СБП вернулись, а касса не пробила чек возврата';

/**
 * An SBP refund the provider already made: its return receipt, or (the register refused, or never said)
 * a return correction queued until it is issued (corrections.ts).
 */
export async function sbpReturnReceipt(
  ctx: AppContext,
  {
    ticket,
    shiftId,
    refundId,
    staff,
  }: Pick<CounterReturn, 'ticket' | 'shiftId'> & { refundId: number; staff: Operator & { id: number } },
): Promise<void> {
  const task = await returnTask(ctx, { ticket, method: 'sbp', staff });
  if (!task) return;
  await receiptOrCorrection(ctx, shiftId, {
    orderId: ticket.orderId,
    refundId,
    task,
    reason: SBP_UNRETURNED,
    requestedBy: staff.id,
  });
}

/** Ties the return receipt to its refund once the refund exists. */
export const attachReturn = (ctx: Pick<AppContext, 'db'>, id: string, refundId: number) =>
  linkOperation(ctx.db, id, { refundId });
