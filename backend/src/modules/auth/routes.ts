/**
 * Accounts: registration, password sign-in, the session check, logout and password reset
 * (social sign-in is in oauth/routes.ts). Sign-in, registration and reset are rate limited.
 */
import { Router, type RequestHandler } from 'express';
import {
  AuthenticateBodySchema,
  ForgotPasswordBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  type AuthResponse,
  type MessageResponse,
  type UserResponse,
} from '../../contract/auth';
import type { AppContext } from '../../context';
import { publicOrigin } from '../../lib/public-url';
import { bodyEmail, rateLimit } from '../../lib/rate-limit';
import { endpoint } from '../../lib/validate';
import { requireUser, signedInUser } from './guard';
import { requestPasswordReset, resetPassword } from './password-reset';
import { presentSessionUser } from './presenter';
import { register } from './register';
import { signIn } from './sign-in';
import { revokeToken } from './tokens';
import { oauthRoutes } from './oauth/routes';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RESET_MAIL_SENT =
  'Если этот адрес зарегистрирован, мы отправили на него письмо со ссылкой для сброса пароля';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = {
    /** Guessing one account's password, and trying many accounts from one address. */
    signInPerAccount: rateLimit(ctx, { name: 'sign-in', limit: 10, windowSeconds: 15 * MINUTE, key: bodyEmail }),
    signInPerAddress: rateLimit(ctx, { name: 'sign-in-address', limit: 50, windowSeconds: 15 * MINUTE }),
    register: rateLimit(ctx, { name: 'register', limit: 10, windowSeconds: HOUR }),
    /** Mail bombing one address, and probing many. */
    forgotPerAccount: rateLimit(ctx, { name: 'forgot', limit: 5, windowSeconds: HOUR, key: bodyEmail }),
    forgotPerAddress: rateLimit(ctx, { name: 'forgot-address', limit: 20, windowSeconds: HOUR }),
    reset: rateLimit(ctx, { name: 'reset', limit: 10, windowSeconds: 15 * MINUTE }),
  };

  router.post(
    '/register',
    limits.register,
    endpoint({ body: RegisterBodySchema }, async ({ body }): Promise<UserResponse> => {
      return { user: presentSessionUser(await register(ctx, body)) };
    }),
  );

  router.post(
    '/authenticate',
    limits.signInPerAddress,
    limits.signInPerAccount,
    endpoint({ body: AuthenticateBodySchema }, ({ body }): Promise<AuthResponse> => signIn(ctx, body)),
  );

  router.get(
    '/logout',
    requireUser,
    endpoint({}, async (_input, _req, res): Promise<MessageResponse> => {
      await revokeToken(ctx, signedInUser(res).tokenId);
      return { message: 'Вы вышли из аккаунта' };
    }),
  );

  router.get(
    '/get-token',
    requireUser,
    endpoint({}, (_input, _req, res): UserResponse => ({ user: presentSessionUser(signedInUser(res)) })),
  );

  const reset = [
    limits.reset,
    endpoint({ body: ResetPasswordBodySchema }, async ({ body }): Promise<MessageResponse> => {
      await resetPassword(ctx, body);
      return { message: 'Пароль изменён. Войдите с новым паролем' };
    }),
  ];
  // SPEC sends both the request for a link and the reset itself to /api/forgot-password:
  // a body with a token is a reset and continues to the next route.
  const resetsGoOn: RequestHandler = (req, _res, next) =>
    next((req.body as { token?: unknown } | undefined)?.token !== undefined ? 'route' : undefined);
  router.post(
    '/forgot-password',
    resetsGoOn,
    limits.forgotPerAddress,
    limits.forgotPerAccount,
    endpoint({ body: ForgotPasswordBodySchema }, async ({ body }, req): Promise<MessageResponse> => {
      await requestPasswordReset(ctx, body.email, publicOrigin(ctx.config, req));
      return { message: RESET_MAIL_SENT };
    }),
  );
  router.post('/forgot-password', ...reset);
  router.post('/reset-password', ...reset);

  router.use(oauthRoutes(ctx));
  return router;
}
