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

export interface CounterReturn {
  ticket: { orderId: number; sessionId: number; seatNumber: string; priceKopecks: number };
  /** How the sale was paid: cash back from the drawer, card or SBP electronically. */
  method: 'cash' | 'card' | 'sbp';
  shiftId: number;
  /** The cash the shift's drawer holds (a cash refund may not exceed it). */
  drawerKopecks: number;
  staff: Operator;
}

/** Issues the return receipt; answers its operation id (to tie to the refund), or null when the sale had none. */
export async function returnReceipt(ctx: AppContext, { ticket, method, shiftId, drawerKopecks, staff }: CounterReturn) {
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
  if (method === 'cash') {
    const expectedKopecks = drawerKopecks;
    if (ticket.priceKopecks > expectedKopecks) {
      throw conflict(
        'drawer_short',
        `В кассе не хватает наличных: в ящике ${formatRoubles(roublesOf(expectedKopecks))}, вернуть нужно ${formatRoubles(roublesOf(ticket.priceKopecks))}`,
      );
    }
  }
  if (!sale) return null;
  const contact = ((sale.task as FiscalTask).clientInfo as { emailOrPhone?: string } | undefined)?.emailOrPhone;
  const task = await ticketReceipt(ctx, 'sellReturn', {
    sessionId: ticket.sessionId,
    lines: [{ seat: ticket.seatNumber, price: ticket.priceKopecks }],
    payment: { type: method === 'cash' ? 'cash' : 'electronically', given: ticket.priceKopecks },
    cashier: staff,
    contact: contact ?? null,
  });
  const { id } = await fiscalise(ctx, shiftId, task, { orderId: ticket.orderId });
  return id;
}

/** Ties the return receipt to its refund once the refund exists. */
export const attachReturn = (ctx: Pick<AppContext, 'db'>, id: string, refundId: number) =>
  linkOperation(ctx.db, id, { refundId });
