/**
 * Social sign-in by browser redirect: /api/auth/{provider}/redirect → the provider →
 * /api/auth/{provider}/callback → /auth/callback?token=…&user=… on the site (or ?error=<code>).
 */
import { OAUTH_PROVIDERS, type OAuthErrorCode, type OAuthProvider } from '../../../contract/accounts';
import { Router, type Request, type Response } from 'express';
import type { AuthenticateOptions } from 'passport';
import { type OAuthProvidersResponse } from '../../../contract/auth';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { publicOrigin } from '../../../lib/public-url';
import { presentSessionUser } from '../presenter';
import { issueToken } from '../tokens';
import { accountFor } from './social-sign-in';
import { EXPIRED_STATE } from './state-store';
import { createAuthenticator, type SocialProfile } from './strategies';

const isProvider = (name: string): name is OAuthProvider => (OAUTH_PROVIDERS as readonly string[]).includes(name);

export function oauthRoutes(ctx: AppContext): Router {
  const router = Router();
  const authenticator = createAuthenticator(ctx);

  const backToSite = (req: Request, res: Response, query: Record<string, string>) =>
    res.redirect(302, `${publicOrigin(ctx.config, req)}/auth/callback?${new URLSearchParams(query)}`);
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
  const options = (req: Request, provider: OAuthProvider): AuthenticateOptions =>
    ({
      session: false,
      callbackURL: `${publicOrigin(ctx.config, req)}/api/auth/${provider}/callback`,
    }) as AuthenticateOptions;

  router.get('/auth/providers', (_req, res) => {
    const configured = (p: OAuthProvider) => ctx.config.oauth[p] !== undefined;
    const body: OAuthProvidersResponse = {
      yandex: configured('yandex'),
      google: configured('google'),
      vk: configured('vk'),
    };
    res.json(body);
  });

  router.get('/auth/:provider/redirect', (req, res, next) => {
    const provider = providerOf(req, res);
    if (provider) authenticator.authenticate(provider, options(req, provider))(req, res, next);
  });

  router.get('/auth/:provider/callback', (req, res, next) => {
    const provider = providerOf(req, res);
    if (!provider) return;
    const finish = async (err: unknown, profile: SocialProfile | false, info: unknown) => {
      if (err) {
        req.log.warn({ err, provider }, 'social sign-in failed');
        return fail(req, res, 'failed');
      }
      if (!profile) return fail(req, res, info === EXPIRED_STATE ? 'expired' : 'denied');
      if (!profile.email) return fail(req, res, 'no_email');
      const user = await accountFor(ctx, { ...profile, email: profile.email });
      const token = await issueToken(ctx, user.id);
      backToSite(req, res, { token, user: JSON.stringify(presentSessionUser(user)) });
    };
    authenticator.authenticate(
      provider,
      options(req, provider),
      (err: unknown, profile: SocialProfile | false, info: unknown) => finish(err, profile, info).catch(next),
    )(req, res, next);
  });

  return router;
}
