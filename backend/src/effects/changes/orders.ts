/**
 * What an order operation changed, for the duties after its commit (effects/table.ts): seat maps,
 * the bill, the buyer's open pages, the expiry job, PDFs and mails. Plain data (it is stored in the
 * outbox): the duties read the current rows where they need them.
 */
import type { SeatCode } from '../../contract/seats';

export interface OrderChange {
  what: 'orders';
  /**
   * created: its seats are taken while the buyer pays; paid: its tickets are sold (perhaps late, the
   * seats taken again); closed: expired or cancelled unpaid, its seats free; late-refund: the provider
   * confirmed giving back money that came after the seats were resold (the buyer is told by mail);
   * refund-refused: the provider said no to a refund (a ticket stays live, its owner's pages learn it;
   * a late payment's refund is left for staff to return by hand); returned-by-hand: staff did so.
   */
  kind: 'created' | 'paid' | 'closed' | 'late-refund' | 'refund-refused' | 'returned-by-hand';
  orderId: number;
  /** The buyer's account (null for a walk-in at the till). */
  userId: number | null;
  sessionId: number;
  ticketIds: number[];
  seats: SeatCode[];
  /** created: when it expires unpaid (epoch ms). */
  expiresAt?: number;
  /**
   * closed: the cashier whose counter order it was (SBP at the till): its seats go back to the cashier's
   * holds, not to everyone, so the sale can be taken another way.
   */
  heldFor?: number;
}
