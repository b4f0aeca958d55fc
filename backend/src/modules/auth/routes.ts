/**
 * Accounts: registration, password sign-in, the session check, logout and password reset
 * (social sign-in is in oauth/routes.ts). Sign-in, registration and reset are rate limited.
 */
import type { Request, RequestHandler } from 'express';
import type { ResetPasswordBody } from '../../contract/auth';
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { bodyEmail, rateLimit } from '../../lib/http/rate-limit';
import { disconnectToken } from '../../realtime/emitter';
import { requestPasswordReset, resetPassword } from './password-reset';
import { presentSessionUser } from './presenter';
import { register } from './register';
import { signIn } from './sign-in';
import { revokeToken } from './tokens';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RESET_MAIL_SENT =
  'Если этот адрес зарегистрирован, мы отправили на него письмо со ссылкой для сброса пароля';
const PASSWORD_CHANGED = 'Пароль изменён. Войдите с новым паролем';

const isReset = (body: object): body is ResetPasswordBody => 'token' in body;
const isResetRequest = (req: Request) => (req.body as { token?: unknown } | undefined)?.token !== undefined;
/** Runs the middleware only for the requests that pass the test. */
const when =
  (test: (req: Request) => boolean, middleware: RequestHandler): RequestHandler =>
  (req, res, next) =>
    test(req) ? middleware(req, res, next) : next();

export function authRoutes(ctx: AppContext) {
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

  return handlers({
    'POST /register': {
      use: [limits.register],
      handle: async ({ body, req }) => ({ user: presentSessionUser(await register(ctx, body, req.ip ?? null)) }),
    },
    'POST /authenticate': {
      use: [limits.signInPerAddress, limits.signInPerAccount],
      handle: ({ body }) => signIn(ctx, body),
    },
    'GET /logout': async ({ user }) => {
      await revokeToken(ctx, user.tokenId);
      // The token's live sockets end too, in every API process.
      await disconnectToken(ctx, user.tokenId);
      return { message: 'Вы вышли из аккаунта' };
    },
    'GET /get-token': ({ user }) => ({ user: presentSessionUser(user) }),
    /** SPEC sends both the request for a link and the reset itself here: a body with a token is a reset. */
    'POST /forgot-password': {
      use: [
        when(isResetRequest, limits.reset),
        when((req) => !isResetRequest(req), limits.forgotPerAddress),
        when((req) => !isResetRequest(req), limits.forgotPerAccount),
      ],
      handle: async ({ body }) => {
        if (isReset(body)) {
          await resetPassword(ctx, body);
          return { message: PASSWORD_CHANGED };
        }
        await requestPasswordReset(ctx, body.email);
        return { message: RESET_MAIL_SENT };
      },
    },
    'POST /reset-password': {
      use: [limits.reset],
      handle: async ({ body }) => {
        await resetPassword(ctx, body);
        return { message: PASSWORD_CHANGED };
      },
    },
  });
}
