/**
 * Who is calling: `authenticate(ctx)` reads the bearer token on every API request and leaves the
 * user in `res.locals.user`; each endpoint's access entry is then enforced by lib/http/api-router.ts.
 */
import type { RequestHandler } from 'express';
import type { AppContext } from '../../context';
import type { SocketTokens } from '../../realtime/socket-auth';
import { tokenClaims, verifyToken } from './tokens';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The same tokens on live sockets: handed to the transport when the API starts (server.ts). */
export const socketTokens = (ctx: Pick<AppContext, 'db' | 'config' | 'clock'>): SocketTokens => ({
  fromHeader: bearerToken,
  claims: (token) => tokenClaims(ctx, token),
  verify: (token) => verifyToken(ctx, token),
});

/** Sets `res.locals.user` when a valid token is sent; an invalid one counts as none. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token) res.locals.user = await verifyToken(ctx, token);
    next();
  };
}
