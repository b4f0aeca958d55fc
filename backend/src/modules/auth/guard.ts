/**
 * Who is calling: `authenticate(ctx)` reads the bearer token on every API request and leaves the
 * user in `res.locals.user`; each endpoint's access entry is then enforced by lib/api-router.ts.
 */
import type { RequestHandler } from 'express';
import type { AppContext } from '../../context';
import { verifyToken } from './tokens';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Sets `res.locals.user` when a valid token is sent; an invalid one counts as none. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token) res.locals.user = await verifyToken(ctx, token);
    next();
  };
}
