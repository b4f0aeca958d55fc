/**
 * Every task Kino sends to the register goes through here: stored under a fresh uuid before it is sent
 * (REGISTRIES.md §1.8, "Lost answer"), run by the context's driver, and stored with its outcome. A refusal
 * is a 409 `register_refused` saying what to do; no answer is a 503 `register_unavailable`, and the
 * operation stays `sent` until someone checks what the register printed.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { schema, type Db, type Tx } from '../../db';
import { AppError } from '../../lib/http/errors';
import { RegisterUnreachable, type FiscalTask } from '../../fiscal/driver';
import { refusalMessage, UNREACHABLE_MESSAGE } from './messages';

export interface FiscalParams {
  fiscalDocumentDateTime: string;
  fiscalDocumentNumber: number;
  fiscalDocumentSign: string;
  fnNumber: string;
  registrationNumber: string;
  shiftNumber: number;
  fiscalReceiptNumber?: number;
  total?: number;
  receiptsCount?: number;
}

export interface OperationLinks {
  shiftId: number | null;
  orderId?: number | null;
  refundId?: number | null;
}

/** The register's refusal (nothing was fiscalised). */
export const registerRefused = (code: number, description: string) =>
  new AppError('register_refused', refusalMessage(code, description), { code });

/** Runs a task on the register and answers its result; throws register_refused / register_unavailable. */
export async function runOnRegister(
  ctx: Pick<AppContext, 'db' | 'fiscal' | 'logger'>,
  task: FiscalTask,
  links: OperationLinks,
): Promise<{ id: string; result: Record<string, unknown> }> {
  const { fiscalOperations } = schema;
  const id = randomUUID();
  await ctx.db.insert(fiscalOperations).values({
    id,
    kind: task.type,
    shiftId: links.shiftId,
    orderId: links.orderId ?? null,
    refundId: links.refundId ?? null,
    task,
  });
  let answer;
  try {
    answer = await ctx.fiscal.run(id, task);
  } catch (err) {
    if (!(err instanceof RegisterUnreachable)) throw err;
    ctx.logger.error({ err, operation: id, type: task.type }, 'the cash register did not answer');
    throw new AppError('register_unavailable', UNREACHABLE_MESSAGE, { operation: task.type });
  }
  const finishedAt = new Date();
  if (answer.status === 'error') {
    await ctx.db
      .update(fiscalOperations)
      .set({ status: 'error', errorCode: answer.code, errorDescription: answer.description, finishedAt })
      .where(eq(fiscalOperations.id, id));
    throw registerRefused(answer.code, answer.description);
  }
  const result = (answer.result ?? {}) as Record<string, unknown>;
  await ctx.db.update(fiscalOperations).set({ status: 'ready', result, finishedAt }).where(eq(fiscalOperations.id, id));
  return { id, result };
}

/** The fiscalParams of a ready result. */
export const fiscalParamsOf = (result: Record<string, unknown>) => result.fiscalParams as FiscalParams;

/** Links an operation to what it was for, once that exists (the order of a sale made after its receipt). */
export async function linkOperation(db: Db | Tx, id: string, links: Partial<OperationLinks>) {
  await db.update(schema.fiscalOperations).set(links).where(eq(schema.fiscalOperations.id, id));
}
