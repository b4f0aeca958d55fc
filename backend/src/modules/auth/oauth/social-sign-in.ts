import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { schema } from '../../../db';
import type { SocialProfile } from './strategies';

/**
 * The account of a social sign-in: the one with the same e-mail (a returning viewer, whichever way
 * they first came), or a new customer account named after the provider's profile.
 */
export async function accountFor(ctx: Pick<AppContext, 'db'>, profile: SocialProfile & { email: string }) {
  const { users } = schema;
  await ctx.db
    .insert(users)
    .values({
      email: profile.email,
      fio: profile.fio,
      provider: profile.provider,
      avatar: profile.avatar ?? null,
      password: null,
    })
    .onConflictDoNothing({ target: users.email });
  const [user] = await ctx.db.select().from(users).where(eq(users.email, profile.email)).limit(1);
  return user!;
}
