/**
 * The three social sign-ins as passport strategies on a private Passport instance (no sessions).
 * Each strategy only turns the provider's profile into a SocialProfile; accounts are handled by
 * social-sign-in.ts. Endpoints come from configuration so tests can use a provider on loopback.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../contract/accounts';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import { Strategy as VkStrategy, type StrategyOptions as VkOptions } from 'passport-vkontakte';
import { Strategy as YandexStrategy } from 'passport-yandex';
import type { OAuthProviderConfig } from '../../../config';
import type { AppContext } from '../../../context';
import { redisStateStore } from './state-store';

/** What a provider tells us about the viewer. */
export interface SocialProfile {
  provider: OAuthProvider;
  /** Lower-cased; undefined when the provider gave none or marked it unverified. */
  email: string | undefined;
  fio: string;
  avatar: string | undefined;
}

/** The part of a passport profile we read; each strategy's own profile type has it. */
interface ProviderProfile {
  displayName?: string;
  name?: { givenName?: string; familyName?: string };
  emails?: { value: string; verified?: boolean | string }[];
  photos?: { value: string }[];
}

/** passport-yandex asks this address for the profile and has no option to change it. */
const YANDEX_PROFILE_URL = 'https://login.yandex.ru/info';

function toSocialProfile(provider: OAuthProvider, profile: ProviderProfile): SocialProfile {
  // Google says whether it checked the address; an unchecked one cannot link accounts.
  const email = profile.emails?.find((e) => e.value && e.verified !== false && e.verified !== 'false')?.value;
  const name = [profile.name?.givenName, profile.name?.familyName].filter(Boolean).join(' ');
  const photo = profile.photos?.find((p) => /^https?:\/\//.test(p.value))?.value;
  return {
    provider,
    email: email?.trim().toLowerCase(),
    fio: (profile.displayName?.trim() || name || email?.split('@')[0] || 'Зритель').slice(0, 255),
    avatar: photo,
  };
}

function strategyFor(ctx: AppContext, provider: OAuthProvider, config: OAuthProviderConfig) {
  const verify = (
    _access: string,
    _refresh: string,
    profile: ProviderProfile,
    done: (err: null, user: SocialProfile) => void,
  ) => done(null, toSocialProfile(provider, profile));
  const common = {
    clientID: config.clientId,
    clientSecret: config.clientSecret,
    authorizationURL: config.authorizationUrl,
    tokenURL: config.tokenUrl,
    // The full address (PUBLIC_URL + this path) is given per request in routes.ts.
    callbackURL: `/api/auth/${provider}/callback`,
    // Authorization code with PKCE (S256): a code caught on its way back is useless without the verifier.
    pkce: true,
    state: true,
    store: redisStateStore(ctx, provider),
  };
  switch (provider) {
    case 'google':
      return new GoogleStrategy({ ...common, userProfileURL: config.profileUrl, scope: ['profile', 'email'] }, verify);
    case 'vk':
      return new VkStrategy(
        { ...common, profileURL: config.profileUrl, scope: ['email'], lang: 'ru' } as VkOptions,
        verify,
      );
    case 'yandex': {
      const strategy = new YandexStrategy(common, verify);
      const oauth2 = (strategy as unknown as { _oauth2: { get: (url: string, ...rest: unknown[]) => void } })._oauth2;
      const get = oauth2.get.bind(oauth2);
      oauth2.get = (url, ...rest) => get(url.replace(YANDEX_PROFILE_URL, config.profileUrl), ...rest);
      return strategy;
    }
  }
}

/** A Passport with a strategy for every configured provider, named as the provider. */
export function createAuthenticator(ctx: AppContext) {
  const authenticator = new Passport();
  for (const provider of OAUTH_PROVIDERS) {
    const config = ctx.config.oauth[provider];
    if (config) authenticator.use(provider, strategyFor(ctx, provider, config));
  }
  return authenticator;
}
