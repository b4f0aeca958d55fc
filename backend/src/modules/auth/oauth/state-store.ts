import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { StateStore } from 'passport-oauth2';
import type { AppContext } from '../../../context';

/** How long a viewer may stay at the provider's sign-in page. */
const STATE_TTL_SECONDS = 600;

/** Why a callback is refused: its state is unknown, used or expired. */
export const EXPIRED_STATE = { reason: 'expired' } as const;

type Done = (err: Error | null, ok?: boolean | string, info?: unknown) => void;

/**
 * The OAuth `state` (CSRF protection for the callback) and the PKCE code verifier, without server
 * sessions: a random state kept in Redis for STATE_TTL_SECONDS with the verifier as its value, spent
 * by the callback on whichever API process it lands. Implements passport-oauth2's state store
 * interface in its PKCE form: the verifier handed back to passport goes with the code to the token request.
 */
class RedisStateStore {
  constructor(
    private readonly ctx: Pick<AppContext, 'redis' | 'keys'>,
    private readonly provider: string,
  ) {}

  private key(state: string) {
    return this.ctx.keys.of('oauth-state', this.provider, state);
  }

  store(
    _req: Request,
    verifier: string,
    _appState: unknown,
    _meta: unknown,
    done: (err: Error | null, state?: string) => void,
  ): void {
    const state = randomBytes(24).toString('base64url');
    this.ctx.redis.set(this.key(state), verifier, 'EX', STATE_TTL_SECONDS).then(
      () => done(null, state),
      (err: Error) => done(err),
    );
  }

  verify(_req: Request, state: string | undefined, _meta: unknown, done: Done): void {
    if (typeof state !== 'string' || state.length > 100) return done(null, false, EXPIRED_STATE);
    this.ctx.redis.getdel(this.key(state)).then(
      (verifier) => (verifier ? done(null, verifier) : done(null, false, EXPIRED_STATE)),
      (err: Error) => done(err),
    );
  }
}

/** passport-oauth2 picks the call form by the methods' arity: these are its PKCE forms (five and four arguments). */
export const redisStateStore = (ctx: Pick<AppContext, 'redis' | 'keys'>, provider: string) =>
  new RedisStateStore(ctx, provider) as unknown as StateStore;
