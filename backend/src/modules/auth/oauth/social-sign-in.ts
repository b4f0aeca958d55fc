import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { schema } from '../../../db';
import { write } from '../../../effects';
import type { SocialProfile } from './strategies';

/**
 * The account of a social sign-in: the one with the same e-mail (a returning viewer, whichever way
 * they first came), or a new customer account named after the provider's profile.
 */
export async function accountFor(ctx: AppContext, profile: SocialProfile & { email: string }) {
  const { users } = schema;
  await write(ctx, async (tx, changed) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: profile.email,
        fio: profile.fio,
        provider: profile.provider,
        avatar: profile.avatar ?? null,
        password: null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) changed({ what: 'users', change: 'registered', id: created.id });
  });
  const [user] = await ctx.db.select().from(users).where(eq(users.email, profile.email)).limit(1);
  return user!;
}
