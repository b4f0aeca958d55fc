/**
 * «Удалить аккаунт» (152-FZ art. 21: erasure on the subject's request). The person is erased from the account's
 * row — name, e-mail, password, birth date, avatar — and the row stays, anonymised, because sold tickets, orders,
 * payments and refunds name it and must stay for accounting and ЕАИС (which never carries the buyer's name):
 * sales figures do not change. Reviews, favourites and reset links go; orders lose their e-mail; every token is
 * revoked and the person's sockets end. The consent records stay, with the withdrawal recorded, since the
 * operator must be able to prove a consent it relied on (152-FZ art. 9 part 3).
 *
 * Confirmation: an account with a password gives it. A social-only account has no password: it is confirmed by
 * a sign-in through its provider made within DELETE_REAUTH_MINUTES — the age of the token that asks — so a
 * stolen, older token cannot delete anyone.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DELETE_REAUTH_MINUTES } from '../../contract/legal';
import type { DeleteAccountBodySchema } from '../../contract/privacy';
import { isStaffRole } from '../../contract/access';
import type { AppContext } from '../../context';
import { schema } from '../../db';
import { write } from '../../effects';
import { forbidden, invalidInput, notFound } from '../../lib/http/errors';
import { removeStoredImage } from '../../lib/documents/images';
import type { AuthUser } from '../../lib/http/auth-user';
import { verifyPassword } from '../../lib/infra/passwords';
import { recordConsent } from './consents';

export const DELETED_FIO = 'Удалённый пользователь';
/** The e-mail a deleted account keeps: unique, lower-case, and in a domain that can never receive mail (RFC 2606). */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

const WRONG_PASSWORD = 'Неверный пароль';
const PASSWORD_NEEDED = 'Введите пароль, чтобы подтвердить удаление';
export const REAUTH_NEEDED = `Подтвердите удаление: войдите через соцсеть ещё раз и удалите аккаунт в течение ${DELETE_REAUTH_MINUTES} минут`;
const STAFF_ACCOUNT = 'Служебную учётную запись удалить нельзя: сначала главный администратор снимает с неё роль';

async function confirm(ctx: AppContext, user: AuthUser, password: string | null, given: string | undefined) {
  if (password !== null) {
    if (!given) throw invalidInput({ password: PASSWORD_NEEDED }, PASSWORD_NEEDED);
    if (!(await verifyPassword(password, given))) throw invalidInput({ password: WRONG_PASSWORD }, WRONG_PASSWORD);
    return;
  }
  const [token] = await ctx.db
    .select({ createdAt: schema.authTokens.createdAt })
    .from(schema.authTokens)
    .where(eq(schema.authTokens.id, user.tokenId));
  const age = ctx.clock.now().getTime() - (token?.createdAt.getTime() ?? 0);
  if (age > DELETE_REAUTH_MINUTES * 60_000) throw forbidden(REAUTH_NEEDED);
}

export async function deleteAccount(
  ctx: AppContext,
  user: AuthUser,
  body: z.output<typeof DeleteAccountBodySchema>,
  ip: string | null,
): Promise<void> {
  const { users, orders, reviews, favouriteFilms, favouritePersons, passwordResets, authTokens } = schema;
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  if (!row) throw notFound('Пользователь не найден');
  if (isStaffRole(row.role)) throw forbidden(STAFF_ACCOUNT);
  await confirm(ctx, user, row.password, body.password);

  const avatar = await write(ctx, async (tx, changed) => {
    // Under the row's lock: a second request waits and then finds the account gone.
    const [locked] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for('update');
    if (!locked) throw notFound('Пользователь не найден');
    const consent = { userId: user.id, action: 'withdrawn', channel: 'profile', ip } as const;
    await recordConsent(tx, { ...consent, document: 'personal-data-consent' });
    if (locked.marketingConsent) await recordConsent(tx, { ...consent, document: 'marketing-consent' });
    await tx
      .update(users)
      .set({
        fio: DELETED_FIO,
        email: deletedEmail(user.id),
        password: null,
        birthday: null,
        avatar: null,
        marketingConsent: false,
        deletedAt: ctx.clock.now(),
      })
      .where(eq(users.id, user.id));
    await tx.update(orders).set({ email: null }).where(eq(orders.userId, user.id));
    await tx.delete(reviews).where(eq(reviews.userId, user.id));
    await tx.delete(favouriteFilms).where(eq(favouriteFilms.userId, user.id));
    await tx.delete(favouritePersons).where(eq(favouritePersons.userId, user.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await tx
      .update(authTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt)));
    changed({ what: 'users', change: 'deleted', id: user.id });
    return locked.avatar;
  });
  await removeStoredImage(ctx.config, avatar);
}
