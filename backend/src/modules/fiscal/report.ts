/**
 * The register's shift beside Kino's on a shift report: its number and 24-hour deadline, the receipts
 * Kino had fiscalised in the till shift with their money by payment type, and the Z-report's own figures
 * when the shift closed the register (docs/architecture.md, "The cash register").
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { RegisterShift } from '../../contract/fiscal';
import { kopecksOf, roublesOf } from '../../contract/money';
import { toCinemaTime } from '../../contract/time';
import type { Db, Tx } from '../../db';
import { schema } from '../../db';
import type { FiscalParams } from './operations';

type Row = typeof schema.fiscalOperations.$inferSelect;
type Json = Record<string, unknown>;

const SHIFT_MS = 24 * 3600_000;
const INCOME = new Set(['sell', 'sellCorrection']);
const RETURN = new Set(['sellReturn', 'sellReturnCorrection']);

interface Kopecks {
  cash: number;
  electronically: number;
}
const zero = (): Kopecks => ({ cash: 0, electronically: 0 });
const inRoubles = (k: Kopecks) => ({ cash: roublesOf(k.cash), electronically: roublesOf(k.electronically) });

/** A receipt's money by type: what was paid otherwise than cash, and the rest of the total in cash (change given). */
function split(task: Json): Kopecks {
  const total = kopecksOf(Number(task.total));
  const payments = (task.payments as { type: string; sum: number }[] | undefined) ?? [];
  const electronically = payments.filter((p) => p.type !== 'cash').reduce((s, p) => s + kopecksOf(p.sum), 0);
  return { cash: total - electronically, electronically };
}

/** The Z-report's totals as getShiftTotals gave them just before the close. */
function zTotals(result: Json | undefined) {
  const receipts = (result?.shiftTotals as Json | undefined)?.receipts as
    Record<'income' | 'return', { payments: Record<string, number> }> | undefined;
  const of = (bucket: { payments: Record<string, number> } | undefined) => {
    const payments = bucket?.payments ?? {};
    const electronically = Object.entries(payments)
      .filter(([type]) => type !== 'cash')
      .reduce((s, [, v]) => s + kopecksOf(v), 0);
    return inRoubles({ cash: kopecksOf(payments.cash ?? 0), electronically });
  };
  return { sell: of(receipts?.income), sell_return: of(receipts?.return) };
}

/** The register's shift number and when it turns 24 hours old, as the till shift opened or joined it. */
function registerShiftOf(ops: Row[]): { number: number; expires: Date | null } | null {
  const opened = ops.find((o) => o.kind === 'openShift');
  const joined = ops.find((o) => o.kind === 'getShiftStatus');
  let number: number;
  let expires: Date | null;
  if (opened) {
    const params = (opened.result as Json).fiscalParams as FiscalParams;
    number = params.shiftNumber;
    expires = new Date(Date.parse(params.fiscalDocumentDateTime) + SHIFT_MS);
  } else if (joined) {
    const status = (joined.result as Json).shiftStatus as { number: number; expiredTime: string | null };
    number = status.number;
    expires = status.expiredTime ? new Date(status.expiredTime) : null;
  } else {
    return null;
  }
  return { number, expires };
}

function summarise(ops: Row[], closed: boolean): RegisterShift | null {
  const shift = registerShiftOf(ops);
  if (!shift) return null;
  const { number, expires } = shift;
  const sell = zero();
  const back = zero();
  let receipts = 0;
  for (const op of ops) {
    const into = INCOME.has(op.kind) ? sell : RETURN.has(op.kind) ? back : null;
    if (!into) continue;
    receipts += 1;
    const money = split(op.task as Json);
    into.cash += money.cash;
    into.electronically += money.electronically;
  }
  const close = ops.find((o) => o.kind === 'closeShift');
  const totals = ops.findLast((o) => o.kind === 'getShiftTotals');
  const zParams = close ? ((close.result as Json).fiscalParams as FiscalParams) : null;
  return {
    shift_number: number,
    expires_at: closed || !expires ? null : toCinemaTime(expires),
    receipts,
    totals: { sell: inRoubles(sell), sell_return: inRoubles(back) },
    z_report: zParams
      ? {
          document_number: zParams.fiscalDocumentNumber,
          receipts: zParams.receiptsCount ?? 0,
          totals: zTotals(totals?.result as Json | undefined),
        }
      : null,
  };
}

/** The register's part of each shift's report (null for a shift the register never knew). */
export async function registerShifts(
  db: Db | Tx,
  shifts: { id: number; closedAt: Date | null }[],
): Promise<Map<number, RegisterShift | null>> {
  const ids = shifts.map((s) => s.id);
  const ops =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(schema.fiscalOperations)
          .where(and(inArray(schema.fiscalOperations.shiftId, ids), eq(schema.fiscalOperations.status, 'ready')))
          .orderBy(schema.fiscalOperations.createdAt);
  return new Map(
    shifts.map((s) => [
      s.id,
      summarise(
        ops.filter((o) => o.shiftId === s.id),
        s.closedAt !== null,
      ),
    ]),
  );
}

/** When the register shift of a till shift turns 24 hours old (undefined: the register never knew the shift). */
export async function registerExpiry(db: Db | Tx, shiftId: number): Promise<Date | null | undefined> {
  const { fiscalOperations: ops } = schema;
  // Only the shift's opening (or joining) task: not its receipts, which grow with every sale.
  const rows = await db
    .select()
    .from(ops)
    .where(and(eq(ops.shiftId, shiftId), eq(ops.status, 'ready'), inArray(ops.kind, ['openShift', 'getShiftStatus'])));
  return registerShiftOf(rows)?.expires;
}
