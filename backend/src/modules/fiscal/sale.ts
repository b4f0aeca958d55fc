/**
 * A counter sale's receipt (docs/architecture.md, "The cash register"): the register's shift must be younger than 24
 * hours, the `sell` must come back `ready`, and only then is the sale made. A sale that fails after its
 * receipt (the price changed, the shift closed meanwhile) is returned on the register at once, so no
 * receipt stands without its sale.
 */
import type { AppContext } from '../../context';
import { AppError } from '../../lib/http/errors';
import type { FiscalTask } from '../../fiscal/driver';
import { fiscalParamsOf, runOnRegister, type FiscalParams } from './operations';
import { registerExpiry } from './report';
import { shiftExpired } from './shift';

/** A refusal of the register (or no answer): nothing was sold, the cashier's seats stay held. */
export const isRegisterError = (err: unknown) =>
  err instanceof AppError && (err.code === 'register_refused' || err.code === 'register_unavailable');

/** Refuses before anything is sent when the register's shift of this till shift is 24 hours old. */
export async function requireFreshRegisterShift(ctx: Pick<AppContext, 'db' | 'clock'>, shiftId: number) {
  const expires = await registerExpiry(ctx.db, shiftId);
  if (expires && ctx.clock.now().getTime() >= expires.getTime()) throw shiftExpired();
}

/** Runs a receipt (sell or sellReturn) counted to the till shift; answers its operation and fiscal data. */
export async function fiscalise(
  ctx: AppContext,
  shiftId: number,
  task: FiscalTask,
  links: { orderId?: number; refundId?: number } = {},
): Promise<{ id: string; params: FiscalParams }> {
  await requireFreshRegisterShift(ctx, shiftId);
  const { id, result } = await runOnRegister(ctx, task, { shiftId, ...links });
  return { id, params: fiscalParamsOf(result) };
}

/** A sale's receipt whose sale was not made after all: returned on the register (logged if that fails too). */
export async function voidReceipt(ctx: AppContext, shiftId: number, sold: FiscalTask) {
  try {
    await runOnRegister(ctx, { ...sold, type: 'sellReturn' }, { shiftId });
  } catch (err) {
    ctx.logger.error({ err, shiftId }, 'a receipt without its sale could not be returned on the register');
  }
}
