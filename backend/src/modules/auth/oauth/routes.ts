/**
 * Social sign-in by browser redirect: /api/auth/{provider}/redirect → the provider →
 * /api/auth/{provider}/callback → /auth/callback?token=…&user=… on the site (or ?error=<code>), or, for a
 * viewer who has not given the processing consent yet, /auth/callback?consent=<ticket>: the consent step,
 * which answers the session itself (POST /api/auth/social-consent; social-sign-in.ts).
 */
import { OAUTH_PROVIDERS, type OAuthErrorCode, type OAuthProvider } from '../../../contract/accounts';
import type { Request, Response } from 'express';
import type { AuthenticateOptions } from 'passport';
import type { AppContext } from '../../../context';
import { handlers } from '../../../lib/http/api-router';
import { notFound } from '../../../lib/http/errors';
import { presentSessionUser } from '../presenter';
import { issueToken } from '../tokens';
import { completeSocialConsent, pendingSocialConsent, socialSignIn } from './social-sign-in';
import { EXPIRED_STATE } from './state-store';
import { createAuthenticator, type SocialProfile } from './strategies';

const isProvider = (name: string): name is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(name);

export function oauthRoutes(ctx: AppContext) {
  const authenticator = createAuthenticator(ctx);

  // Both addresses come from PUBLIC_URL, never from the request's Host.
  const backToSite = (_req: Request, res: Response, query: Record<string, string>) =>
    res.redirect(302, `${ctx.config.publicUrl}/auth/callback?${new URLSearchParams(query)}`);
  const fail = (req: Request, res: Response, error: OAuthErrorCode) => backToSite(req, res, { error });

  /** The provider from the path; an unknown one is 404, a known one without keys goes back with not_configured. */
  const providerOf = (req: Request, res: Response): OAuthProvider | undefined => {
    const provider = String(req.params.provider);
    if (!isProvider(provider)) throw notFound('Такого способа входа нет');
    if (!ctx.config.oauth[provider]) {
      fail(req, res, 'not_configured');
      return undefined;
    }
    return provider;
  };
  /** passport-oauth2 takes the callback address per request; it must be the same on both legs. */
  const options = (_req: Request, provider: OAuthProvider): AuthenticateOptions =>
    ({
      session: false,
      callbackURL: `${ctx.config.publicUrl}/api/auth/${provider}/callback`,
    }) as AuthenticateOptions;

  const configured = (p: OAuthProvider) => ctx.config.oauth[p] !== undefined;

  return handlers({
    'GET /auth/social-consent': ({ query }) => pendingSocialConsent(ctx, query.ticket),
    'POST /auth/social-consent': async ({ body, req }) => {
      const user = await completeSocialConsent(ctx, body, req.ip ?? null);
      return { token: await issueToken(ctx, user.id), user: presentSessionUser(user) };
    },
    'GET /auth/providers': () => ({ yandex: configured('yandex'), google: configured('google'), vk: configured('vk') }),

    'GET /auth/:provider/redirect': ({ req, res }) =>
      new Promise<void>((resolve, reject) => {
        const provider = providerOf(req, res);
        if (!provider) return resolve();
        authenticator.authenticate(provider, options(req, provider))(req, res, (err?: unknown) =>
          err ? reject(err) : resolve(),
        );
        res.once('finish', resolve);
      }),

    'GET /auth/:provider/callback': ({ req, res }) =>
      new Promise<void>((resolve, reject) => {
        const provider = providerOf(req, res);
        if (!provider) return resolve();
        const finish = async (err: unknown, profile: SocialProfile | false, info: unknown) => {
          if (err) {
            req.log.warn({ err, provider }, 'social sign-in failed');
            return fail(req, res, 'failed');
          }
          if (!profile) return fail(req, res, info === EXPIRED_STATE ? 'expired' : 'denied');
          if (!profile.email) return fail(req, res, 'no_email');
          const signIn = await socialSignIn(ctx, { ...profile, email: profile.email });
          if ('ticket' in signIn) return backToSite(req, res, { consent: signIn.ticket });
          const token = await issueToken(ctx, signIn.user.id);
          backToSite(req, res, { token, user: JSON.stringify(presentSessionUser(signIn.user)) });
        };
        authenticator.authenticate(
          provider,
          options(req, provider),
          (err: unknown, profile: SocialProfile | false, info: unknown) =>
            finish(err, profile, info).then(resolve, reject),
        )(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
      }),
  });
}
