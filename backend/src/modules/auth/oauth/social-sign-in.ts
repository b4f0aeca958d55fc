/**
 * The account of a social sign-in. A returning viewer who has given the processing consent is signed in to the
 * account with the same e-mail (whichever way they first came). Anyone else — a new viewer, or an account made
 * before consents were asked — first passes the consent step: the provider's profile waits in Redis under a
 * random ticket (CONSENT_TICKET_SECONDS) and /auth/callback?consent=<ticket> shows the boxes; the account is
 * made or used only when the viewer ticks the processing consent (completeSocialConsent).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { SocialConsentBodySchema, SocialConsentPending } from '../../../contract/privacy';
import type { AppContext } from '../../../context';
import { schema } from '../../../db';
import { write } from '../../../effects';
import { invalidInput } from '../../../lib/http/errors';
import { hasPersonalDataConsent, recordSignUpConsents } from '../../privacy/consents';
import type { SocialProfile } from './strategies';

/** How long the consent step waits for the viewer. */
const CONSENT_TICKET_SECONDS = 15 * 60;
export const CONSENT_STEP_EXPIRED = 'Попытка входа устарела. Войдите через соцсеть ещё раз';

type Profile = SocialProfile & { email: string };
const { users } = schema;

const ticketKey = (ctx: Pick<AppContext, 'keys'>, ticket: string) => ctx.keys.of('oauth-consent', ticket);

const liveAccount = (ctx: Pick<AppContext, 'db'>, email: string) =>
  ctx.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1)
    .then((rows) => rows[0]);

/** The account to sign in, or the ticket of the consent step it must pass first. */
export async function socialSignIn(
  ctx: AppContext,
  profile: Profile,
): Promise<{ user: typeof users.$inferSelect } | { ticket: string }> {
  const user = await liveAccount(ctx, profile.email);
  if (user && (await hasPersonalDataConsent(ctx.db, user.id))) return { user };
  const ticket = randomBytes(24).toString('base64url');
  await ctx.redis.set(ticketKey(ctx, ticket), JSON.stringify(profile), 'EX', CONSENT_TICKET_SECONDS);
  return { ticket };
}

const expired = () => invalidInput({ ticket: CONSENT_STEP_EXPIRED }, CONSENT_STEP_EXPIRED);

/** GET /api/auth/social-consent?ticket=…: whom the step is for; the ticket stays unspent. */
export async function pendingSocialConsent(ctx: AppContext, ticket: string): Promise<SocialConsentPending> {
  const saved = await ctx.redis.get(ticketKey(ctx, ticket));
  if (!saved) throw expired();
  const profile = JSON.parse(saved) as Profile;
  const existing = await liveAccount(ctx, profile.email);
  return { fio: existing?.fio ?? profile.fio, email: profile.email, provider: profile.provider, existing: !!existing };
}

/**
 * POST /api/auth/social-consent: spends the ticket, makes the account (or takes the one with the e-mail) and
 * records the consents with channel `oauth`, in one transaction. A refused body (no consent) never gets here,
 * so the ticket stays for the viewer's next try.
 */
export async function completeSocialConsent(
  ctx: AppContext,
  body: z.output<typeof SocialConsentBodySchema>,
  ip: string | null,
) {
  const saved = await ctx.redis.getdel(ticketKey(ctx, body.ticket));
  if (!saved) throw expired();
  const profile = JSON.parse(saved) as Profile;
  const userId = await write(ctx, async (tx, changed) => {
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
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, profile.email));
    await recordSignUpConsents(tx, account!.id, { marketing: body.marketing_consent === true, channel: 'oauth', ip });
    return account!.id;
  });
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  return user!;
}
