/**
 * Password reset by mail: a single-use link valid for PASSWORD_RESET_TTL_MINUTES. Only the
 * token's SHA-256 is stored; a successful reset spends every open link of the account and
 * signs it out everywhere.
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
import { invalidInput } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { cinemaSettings } from '../settings/cinema';
import { hashPassword } from './password';

export const RESET_LINK_INVALID = 'Ссылка для сброса пароля недействительна или устарела. Запросите новую';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mails a reset link to the account with this e-mail, if there is one (the caller answers the same either way). */
export async function requestPasswordReset(ctx: AppContext, email: string, siteOrigin: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: schema.users.id, fio: schema.users.fio, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.email, email))
    .limit(1);
  if (!user) return;

  const cinema = await cinemaSettings(ctx);
  const token = randomBytes(32).toString('base64url');
  const link = `${siteOrigin}/reset-password?${new URLSearchParams({ token, email: user.email })}`;
  const intro = `Здравствуйте, ${user.fio}!`;
  const why = 'Чтобы задать новый пароль, откройте ссылку:';
  const note =
    `Ссылка действует ${PASSWORD_RESET_TTL_MINUTES} минут и работает один раз. ` +
    'Если вы не запрашивали сброс пароля, просто не обращайте внимания на это письмо.';
  await write(ctx, async (tx, changed) => {
    const [reset] = await tx
      .insert(schema.passwordResets)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      })
      .returning({ id: schema.passwordResets.id });
    changed({
      what: 'password-resets',
      id: reset!.id,
      mail: {
        to: user.email,
        subject: `Сброс пароля — ${cinemaName(cinema)}`,
        text: `${intro}\n\n${why}\n${link}\n\n${note}\n`,
        html:
          `<p>${escapeHtml(intro)}</p><p>${why}<br><a href="${escapeHtml(link)}">Задать новый пароль</a></p>` +
          `<p>${note}</p>`,
      },
    });
  });
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
