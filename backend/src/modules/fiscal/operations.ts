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
import { RegisterUnreachable, type FiscalAnswer, type FiscalTask } from '../../fiscal/driver';
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

/** The register did not answer: 503, the operation stays `sent` (its outcome is to be read back by its uuid). */
export class RegisterUnanswered extends AppError {
  constructor(
    readonly operationId: string,
    type: string,
  ) {
    super('register_unavailable', UNREACHABLE_MESSAGE, { operation: type });
  }
}

/** The register's refusal (nothing was fiscalised). */
export const registerRefused = (code: number, description: string) =>
  new AppError('register_refused', refusalMessage(code, description), { code });

/** Runs a task on the register and answers its result; throws register_refused / register_unavailable. */
export async function runOnRegister(
  ctx: Pick<AppContext, 'db' | 'fiscal' | 'logger' | 'clock'>,
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
    createdAt: ctx.clock.now(),
  });
  let answer;
  try {
    answer = await ctx.fiscal.run(id, task);
  } catch (err) {
    if (!(err instanceof RegisterUnreachable)) throw err;
    ctx.logger.error({ err, operation: id, type: task.type }, 'the cash register did not answer');
    await unanswered(ctx, id, err);
    throw new RegisterUnanswered(id, task.type);
  }
  const outcome = await settle(ctx, id, answer);
  if (outcome.status === 'error') throw registerRefused(outcome.code, outcome.description);
  return { id, result: outcome.result };
}

/** Stays `sent`, and remembers whether the register's server had acknowledged the task. */
async function unanswered(ctx: Pick<AppContext, 'db'>, id: string, err: RegisterUnreachable) {
  if (!err.acknowledged) return;
  await ctx.db.update(schema.fiscalOperations).set({ acknowledged: true }).where(eq(schema.fiscalOperations.id, id));
}

type Outcome =
  { status: 'ready'; result: Record<string, unknown> } | { status: 'error'; code: number; description: string };

/** Stores the register's answer on the operation. */
async function settle(ctx: Pick<AppContext, 'db' | 'clock'>, id: string, answer: FiscalAnswer): Promise<Outcome> {
  const { fiscalOperations } = schema;
  const finishedAt = ctx.clock.now();
  if (answer.status === 'error') {
    await ctx.db
      .update(fiscalOperations)
      .set({ status: 'error', errorCode: answer.code, errorDescription: answer.description, finishedAt })
      .where(eq(fiscalOperations.id, id));
    return { status: 'error', code: answer.code, description: answer.description };
  }
  const result = (answer.result ?? {}) as Record<string, unknown>;
  await ctx.db.update(fiscalOperations).set({ status: 'ready', result, finishedAt }).where(eq(fiscalOperations.id, id));
  return { status: 'ready', result };
}

/**
 * Follows an operation the register did not answer (still `sent`) by its uuid, never as a second task
 * (REGISTRIES.md §1.8): `ready` (it was printed), `error` (it was not), or `unknown` while the register
 * still does not say — or has lost a task it acknowledged, which a person checks on the register. A task
 * the register never got is posted again under its uuid unless `repost` is false (then it ends `error`).
 */
export async function resumeOperation(
  ctx: Pick<AppContext, 'db' | 'fiscal' | 'logger' | 'clock'>,
  id: string,
  repost = true,
): Promise<Outcome | { status: 'unknown' }> {
  const [op] = await ctx.db.select().from(schema.fiscalOperations).where(eq(schema.fiscalOperations.id, id));
  if (!op) throw new Error(`no fiscal operation ${id}`);
  if (op.status === 'ready') return { status: 'ready', result: op.result as Record<string, unknown> };
  if (op.status === 'error')
    return { status: 'error', code: op.errorCode ?? -1, description: op.errorDescription ?? '' };
  try {
    return await settle(ctx, id, await ctx.fiscal.resume(id, op.task as FiscalTask, op.acknowledged, repost));
  } catch (err) {
    if (!(err instanceof RegisterUnreachable)) throw err;
    ctx.logger.warn({ err, operation: id, type: op.kind }, 'the cash register still does not say how a task ended');
    await unanswered(ctx, id, err);
    return { status: 'unknown' };
  }
}

/** The fiscalParams of a ready result. */
export const fiscalParamsOf = (result: Record<string, unknown>) => result.fiscalParams as FiscalParams;

/** Links an operation to what it was for, once that exists (the order of a sale made after its receipt). */
export async function linkOperation(db: Db | Tx, id: string, links: Partial<OperationLinks>) {
  await db.update(schema.fiscalOperations).set(links).where(eq(schema.fiscalOperations.id, id));
}
