/**
 * The ЕАИС delivery ledger's writing side: every ticket sale and refund is a row of eais_ledger, written by the
 * transition itself in its own transaction (orders/create-order.ts for the till's sales, orders/mark-paid.ts for
 * paid orders, orders/refund.ts for every refund: online, at the counter, a cancelled session's). A sale rolled
 * back leaves no row; a row written is delivered exactly once (report.ts). One row per ticket and operation (a
 * unique index): writing it twice is a no-op.
 */
import type { EaisOperation } from '../../contract/constants';
import { schema, type Tx } from '../../db';

export interface LedgerEntry {
  ticketId: number;
  sessionId: number;
}

export async function recordEaisOperations(
  tx: Pick<Tx, 'insert'>,
  operation: EaisOperation,
  entries: readonly LedgerEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(schema.eaisLedger)
    .values(entries.map((e) => ({ ticketId: e.ticketId, sessionId: e.sessionId, operation, occurredAt: at })))
    .onConflictDoNothing();
}
