/**
 * Password reset by mail: a single-use link valid for PASSWORD_RESET_TTL_MINUTES. Only the
 * token's SHA-256 is stored, and the token itself is made by the worker that renders the mail: the
 * outbox, the queue and the logs carry the reset's id alone. A successful reset spends every open
 * link of the account and signs it out everywhere.
 */
import { PASSWORD_RESET_TTL_MINUTES } from '../../contract/accounts';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ResetPasswordBodySchema } from '../../contract/auth';
import { cinemaName } from '../../contract/cinema';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { invalidInput } from '../../lib/http/errors';
import { escapeHtml } from '../../lib/documents/html';
import { cinemaSettings } from '../settings/cinema';
import { hashPassword } from '../../lib/infra/passwords';

export const RESET_LINK_INVALID = 'Ссылка для сброса пароля недействительна или устарела. Запросите новую';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Asks for a reset link for the account with this e-mail, if there is one (the caller answers the same either
 * way). Only the request is written: the mail job carries its id, and the token is made when the mail is
 * rendered (issueResetLink), so no token exists before the mail does.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), isNull(schema.users.deletedAt)))
    .limit(1);
  if (!user) return;
  await write(ctx, async (tx, changed) => {
    const [reset] = await tx
      .insert(schema.passwordResets)
      .values({
        userId: user.id,
        tokenHash: null,
        expiresAt: new Date(ctx.clock.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      })
      .returning({ id: schema.passwordResets.id });
    changed({ what: 'password-resets', id: reset!.id });
  });
}

/**
 * The worker's side (workers/src/jobs/mail-password-reset.ts): makes a fresh token for the reset, stores its
 * hash (a token of an earlier attempt at this mail stops working) and answers the mail to send; nothing when
 * the reset was used or has expired. The raw token lives only in the mail.
 */
export async function issueResetLink(
  ctx: Pick<AppContext, 'db' | 'config'>,
  resetId: number,
): Promise<{ to: string; subject: string; text: string; html: string } | undefined> {
  const token = randomBytes(32).toString('base64url');
  const { passwordResets, users } = schema;
  const [issued] = await ctx.db
    .update(passwordResets)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  if (!issued) return undefined;
  const [user] = await ctx.db
    .select({ fio: users.fio, email: users.email })
    .from(users)
    .where(and(eq(users.id, issued.userId), isNull(users.deletedAt)));
  if (!user) return undefined;

  const link = `${ctx.config.publicUrl}/reset-password?${new URLSearchParams({ token, email: user.email })}`;
  const intro = `Здравствуйте, ${user.fio}!`;
  const why = 'Чтобы задать новый пароль, откройте ссылку:';
  const note =
    `Ссылка действует ${PASSWORD_RESET_TTL_MINUTES} минут и работает один раз. ` +
    'Если вы не запрашивали сброс пароля, просто не обращайте внимания на это письмо.';
  return {
    to: user.email,
    subject: `Сброс пароля — ${cinemaName(await cinemaSettings(ctx))}`,
    text: `${intro}\n\n${why}\n${link}\n\n${note}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${why}<br><a href="${escapeHtml(link)}">Задать новый пароль</a></p>` +
      `<p>${note}</p>`,
  };
}

/** Sets the new password when the link is valid for this e-mail; 400 naming the token otherwise. */
export async function resetPassword(ctx: AppContext, body: z.output<typeof ResetPasswordBodySchema>): Promise<void> {
  const password = await hashPassword(body.password);
  const { users, passwordResets, authTokens } = schema;
  await write(ctx, async (tx, changed) => {
    // Spending the link is the check: it works once, before its deadline, for its own account.
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(body.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          eq(passwordResets.userId, sql`(select ${users.id} from ${users} where ${users.email} = ${body.email})`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) throw invalidInput({ token: RESET_LINK_INVALID }, RESET_LINK_INVALID);

    await tx.update(users).set({ password }).where(eq(users.id, spent.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authTokens.userId, spent.userId), isNull(authTokens.revokedAt)));
    // Every old token is void: its live sockets must end too.
    changed({ what: 'users', change: 'password', id: spent.userId });
  });
}
