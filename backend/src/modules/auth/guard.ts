/**
 * Who is calling: `authenticate(ctx)` reads the bearer token on every API request; routes then
 * say what they need with `requireUser` or `requireRole(...)`. Roles are enforced here, on the server.
 */
import type { RequestHandler, Response } from 'express';
import type { Role } from '../../contract/constants';
import type { AppContext } from '../../context';
import { forbidden, unauthenticated } from '../../lib/errors';
import { verifyToken, type AuthUser } from './tokens';

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

/** The signed-in user, or undefined for a guest. */
export const currentUser = (res: Response): AuthUser | undefined => res.locals.user as AuthUser | undefined;

/** The signed-in user; throws 401 for a guest. */
export function signedInUser(res: Response): AuthUser {
  const user = currentUser(res);
  if (!user) throw unauthenticated();
  return user;
}

export const requireUser: RequestHandler = (_req, res, next) => {
  signedInUser(res);
  next();
};

/** 401 for a guest, 403 for a signed-in user whose role is not listed. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (_req, res, next) => {
    if (!roles.includes(signedInUser(res).role)) throw forbidden();
    next();
  };
}
