/**
 * A till shift is the register's shift (docs/architecture.md, "The cash register"): opening one sends `openShift` with
 * the cashier as operator, closing the last open one sends `getShiftTotals` and `closeShift` (the
 * Z-report). One register serves the cinema's tills: a till opened while another's shift is open shares
 * the register's shift (its number and its 24 hours), and the Z-report comes with the last close.
 */
import { and, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { AppError } from '../../lib/http/errors';
import type { AuthUser } from '../../lib/http/auth-user';
import type { XReport } from '../../contract/fiscal';
import { toCinemaTime } from '../../contract/time';
import { fiscalParamsOf, runOnRegister } from './operations';

/** REGISTRIES.md §1.5: the cashier on every document, by name and (from the staff profile) INN. */
export const operatorOf = (cashier: Operator) => ({
  name: cashier.fio,
  ...(cashier.inn ? { vatin: cashier.inn } : {}),
});

/** Who prints a document: a staff member's name and INN (null or absent: the register prints the name only). */
export type Operator = Pick<AuthUser, 'fio'> & { inn?: string | null };

const refusedWith = (err: unknown, code: number) =>
  err instanceof AppError &&
  err.code === 'register_refused' &&
  (err.details as { code?: number } | undefined)?.code === code;

async function othersOpen(ctx: Pick<AppContext, 'db'>, shiftId: number): Promise<boolean> {
  const [other] = await ctx.db
    .select({ id: schema.shifts.id })
    .from(schema.shifts)
    .where(and(isNull(schema.shifts.closedAt), ne(schema.shifts.id, shiftId)))
    .limit(1);
  return other !== undefined;
}

/**
 * Opens the register's shift for a till shift just opened (or joins the one another till has open). A
 * register shift no open till shift owns (left open outside Kino) is closed first, by this cashier.
 */
export async function openRegisterShift(ctx: AppContext, shiftId: number, cashier: Operator) {
  const operator = operatorOf(cashier);
  try {
    await runOnRegister(ctx, { type: 'openShift', operator }, { shiftId });
    return;
  } catch (err) {
    if (!refusedWith(err, 83)) throw err;
  }
  if (await othersOpen(ctx, shiftId)) {
    // Shared: the register's shift as it is now (its number and expiry) is this shift's too.
    await runOnRegister(ctx, { type: 'getShiftStatus' }, { shiftId });
    return;
  }
  await runOnRegister(ctx, { type: 'closeShift', operator }, { shiftId: null });
  await runOnRegister(ctx, { type: 'openShift', operator }, { shiftId });
}

/**
 * Closes the register's shift with the last open till shift: its totals first, then the Z-report. A
 * register whose shift is closed already (73) has nothing to close.
 */
export async function closeRegisterShift(ctx: AppContext, shiftId: number, staff: Operator) {
  if (await othersOpen(ctx, shiftId)) return;
  try {
    await runOnRegister(ctx, { type: 'getShiftTotals' }, { shiftId });
    const { result } = await runOnRegister(ctx, { type: 'closeShift', operator: operatorOf(staff) }, { shiftId });
    ctx.logger.info({ shiftId, z: fiscalParamsOf(result) }, 'register shift closed');
  } catch (err) {
    if (!refusedWith(err, 73)) throw err;
  }
}

/** The register's shift is 24 hours old: sales wait until the shift is closed (REGISTRIES.md §1.8). */
export function shiftExpired() {
  return new AppError(
    'register_refused',
    'Смена кассы длится больше 24 часов: закройте смену (Z-отчёт) и откройте новую — до этого касса не продаёт',
    { code: 68 },
  );
}

/** An X-report on demand: the register prints the shift's figures so far and keeps the shift open. */
export async function printXReport(ctx: AppContext, shiftId: number, cashier: Operator): Promise<XReport> {
  const { result } = await runOnRegister(ctx, { type: 'reportX', operator: operatorOf(cashier) }, { shiftId });
  const params = fiscalParamsOf(result);
  return {
    shift_number: params.shiftNumber,
    document_number: params.fiscalDocumentNumber,
    receipts: params.fiscalReceiptNumber ?? 0,
    datetime: toCinemaTime(new Date(params.fiscalDocumentDateTime)),
  };
}
