/**
 * Bearer tokens: `<payload>.<signature>`, the payload `{sub, jti, exp}` in base64url and the
 * signature an HMAC-SHA256 with APP_SECRET. Each token has a row in auth_tokens, so logout
 * revokes it for good and an expired or forged token is refused without touching the database.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/http/auth-user';
import { schema } from '../../db';

interface TokenPayload {
  sub: number;
  jti: string;
  exp: number;
}

export type { AuthUser };

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export async function issueToken(ctx: Pick<AppContext, 'db' | 'config' | 'clock'>, userId: number): Promise<string> {
  const jti = randomUUID();
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.config.tokenTtlSeconds;
  await ctx.db.insert(schema.authTokens).values({ id: jti, userId, expiresAt: new Date(exp * 1000) });
  const payload = Buffer.from(JSON.stringify({ sub: userId, jti, exp } satisfies TokenPayload)).toString('base64url');
  return `${payload}.${sign(ctx.config.appSecret, payload)}`;
}

/** The token's payload, if its signature holds and it has not expired at `now` (epoch ms). */
function readToken(secret: string, token: string, now: number): TokenPayload | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenPayload;
    if (typeof data.sub !== 'number' || typeof data.jti !== 'string' || typeof data.exp !== 'number') return undefined;
    return data.exp * 1000 > now ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whom a token names and until when, if its signature holds and it has not expired; no database
 * read, so it says nothing about revocation (verifyToken does).
 */
export function tokenClaims(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  token: string,
): { userId: number; tokenId: string; expiresAt: number } | undefined {
  const data = readToken(ctx.config.appSecret, token, ctx.clock.now().getTime());
  return data && { userId: data.sub, tokenId: data.jti, expiresAt: data.exp * 1000 };
}

/** The signed-in user of a token, or undefined when it is forged, expired or revoked. */
export async function verifyToken(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  token: string,
): Promise<AuthUser | undefined> {
  const now = ctx.clock.now();
  const data = readToken(ctx.config.appSecret, token, now.getTime());
  if (!data) return undefined;
  const { users, authTokens } = schema;
  const [row] = await ctx.db
    .select({
      id: users.id,
      fio: users.fio,
      email: users.email,
      role: users.role,
      avatar: users.avatar,
      provider: users.provider,
      inn: users.inn,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.id, data.jti),
        eq(authTokens.userId, data.sub),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
        // A deleted account's tokens are revoked with it; this keeps any that a race let through out too.
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ? { ...row, tokenId: data.jti } : undefined;
}

export async function revokeToken(ctx: Pick<AppContext, 'db' | 'clock'>, tokenId: string): Promise<void> {
  await ctx.db.update(schema.authTokens).set({ revokedAt: ctx.clock.now() }).where(eq(schema.authTokens.id, tokenId));
}
