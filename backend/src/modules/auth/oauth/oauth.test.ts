import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../contract/accounts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthResponseSchema,
  OAuthProvidersResponseSchema,
  SessionUserSchema,
  UserResponseSchema,
} from '../../../contract/auth';
import { schema } from '../../../db';
import { buildUser, TEST_PASSWORD } from '../../../testing/factories';
import { startTestApi, type TestApi } from '../../../testing/harness';
import { startFakeOAuthProvider, type FakeAccount, type FakeOAuthProvider } from '../../../testing/oauth-provider';

let t: TestApi;
const providers = {} as Record<OAuthProvider, FakeOAuthProvider>;
beforeAll(async () => {
  for (const name of OAUTH_PROVIDERS) providers[name] = await startFakeOAuthProvider(name);
  t = await startTestApi({ env: Object.assign({}, ...OAUTH_PROVIDERS.map((p) => providers[p].env)) });
});
afterAll(async () => {
  await t.close();
  await Promise.all(OAUTH_PROVIDERS.map((p) => providers[p].close()));
});

let lastId = 1000;
const account = (overrides: Partial<FakeAccount> = {}): FakeAccount => {
  const id = String(++lastId);
  return { id, firstName: 'Ольга', lastName: 'Соколова', email: `social-${id}@example.test`, ...overrides };
};

/** Follows one redirect without letting fetch do it, as a browser would. */
async function hop(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status, `redirect from ${url}`).toBe(302);
  return new URL(res.headers.get('location')!, url);
}

/** The browser's trip: our redirect → provider's page → our callback → the site's /auth/callback. */
async function signInThrough(provider: OAuthProvider) {
  const authorize = await hop(`${t.url}/api/auth/${provider}/redirect`);
  const callback = await hop(authorize.toString());
  const site = await hop(callback.toString());
  return { authorize, callback, site };
}

/** The token and user /auth/callback receives, after checking the token works. */
async function sessionFrom(site: URL) {
  expect(site.origin + site.pathname).toBe(`${t.url}/auth/callback`);
  const token = site.searchParams.get('token')!;
  const user = SessionUserSchema.parse(JSON.parse(site.searchParams.get('user')!));
  const me = await t.fetch('/api/get-token', { token });
  expect(me.status).toBe(200);
  expect(UserResponseSchema.parse(await me.json()).user).toEqual(user);
  return { token, user };
}

const userCount = async () => (await t.ctx.db.select({ n: count() }).from(schema.users))[0]!.n;

describe.each(OAUTH_PROVIDERS)('social sign-in through %s', (provider) => {
  it('sends the browser to the provider with our client id, callback address and a state', async () => {
    const authorize = await hop(`${t.url}/api/auth/${provider}/redirect`);
    expect(authorize.origin).toBe(providers[provider].url);
    expect(authorize.searchParams.get('client_id')).toBe(providers[provider].clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/api/auth/${provider}/callback`);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it("refuses a code delivered with another sign-in's state (PKCE): error=failed, no token, no account", async () => {
    const viewer = account();
    providers[provider].signInAs(viewer);
    const victim = await hop(await hop(`${t.url}/api/auth/${provider}/redirect`).then(String));
    const attacker = await hop(`${t.url}/api/auth/${provider}/redirect`);
    const swapped = new URL(victim);
    swapped.searchParams.set('state', attacker.searchParams.get('state')!);
    const issued = providers[provider].tokensIssued;
    const refused = providers[provider].tokensRefused;
    const site = await hop(swapped.toString());
    expect(site.searchParams.get('error')).toBe('failed');
    expect(providers[provider].tokensIssued).toBe(issued);
    expect(providers[provider].tokensRefused).toBe(refused + 1);
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.email, viewer.email!));
    expect(row).toBeUndefined();
  });

  it('asks a new viewer for the consent before making the account, then signs them in with a working token', async () => {
    const viewer = account();
    providers[provider].signInAs(viewer);
    const before = await userCount();
    const { site } = await signInThrough(provider);
    expect(site.origin + site.pathname).toBe(`${t.url}/auth/callback`);
    expect([...site.searchParams.keys()]).toEqual(['consent']);
    const ticket = site.searchParams.get('consent')!;
    expect(await userCount()).toBe(before);

    const pending = await t.call('GET /auth/social-consent', { query: { ticket } });
    expect(pending.body).toEqual({ fio: 'Ольга Соколова', email: viewer.email, provider, existing: false });

    // Without the box: refused, naming it; nothing made and the step still open.
    const refused = await t.call('POST /auth/social-consent', { body: { ticket } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual({
      fields: { personal_data_consent: 'Нужно согласие на обработку персональных данных' },
    });
    expect(await userCount()).toBe(before);

    const done = await t.call('POST /auth/social-consent', {
      body: { ticket, personal_data_consent: true, marketing_consent: true },
    });
    expect(done.status).toBe(200);
    const { token, user } = AuthResponseSchema.parse(done.body);
    expect(user).toMatchObject({ email: viewer.email, role: 'customer', provider, fio: 'Ольга Соколова' });
    expect(user.avatar).toMatch(/^https:\/\//);
    const [row] = await t.ctx.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.password).toBeNull();
    const consents = await t.call('GET /profile/consents', {}, token);
    expect(consents.body).toMatchObject({ personal_data: true, marketing: true });
    expect(new Set(consents.body.records.map((r) => r.channel))).toEqual(new Set(['oauth']));

    // The ticket is spent; the next sign-in goes straight in.
    expect((await t.call('POST /auth/social-consent', { body: { ticket, personal_data_consent: true } })).status).toBe(
      400,
    );
    const next = await sessionFrom((await signInThrough(provider)).site);
    expect(next.user.id).toBe(user.id);
  });

  it('asks an account made before consents for the consent once, then signs it in as itself', async () => {
    const registered = await buildUser(t.ctx.db, { fio: 'Зритель с паролем' });
    providers[provider].signInAs(account({ email: registered.email.toUpperCase() }));
    const before = await userCount();
    const ticket = (await signInThrough(provider)).site.searchParams.get('consent')!;
    const pending = await t.call('GET /auth/social-consent', { query: { ticket } });
    expect(pending.body).toMatchObject({ fio: 'Зритель с паролем', existing: true });
    const first = await t.call('POST /auth/social-consent', { body: { ticket, personal_data_consent: true } });
    expect(first.status).toBe(200);
    const second = await sessionFrom((await signInThrough(provider)).site);
    expect(first.body.user.id).toBe(registered.id);
    expect(second.user.id).toBe(registered.id);
    expect(second.user).toMatchObject({ fio: 'Зритель с паролем', provider: 'youth' });
    expect(await userCount()).toBe(before);
    const password = await t.fetch('/api/authenticate', {
      method: 'POST',
      json: { email: registered.email, password: TEST_PASSWORD },
    });
    expect(password.status).toBe(200);
  });

  it('returns to /auth/callback with error=denied when the viewer refuses, and creates nothing', async () => {
    providers[provider].signInAs(account());
    providers[provider].denyNext();
    const before = await userCount();
    const { site } = await signInThrough(provider);
    expect(site.pathname).toBe('/auth/callback');
    expect([...site.searchParams.keys()]).toEqual(['error']);
    expect(site.searchParams.get('error')).toBe('denied');
    expect(await userCount()).toBe(before);
  });

  it('refuses a replayed callback or a forged state with error=expired, before asking for a token', async () => {
    providers[provider].signInAs(account());
    const { callback } = await signInThrough(provider);
    const issued = providers[provider].tokensIssued;
    const replay = await hop(callback.toString());
    expect(replay.searchParams.get('error')).toBe('expired');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'made-up-state-made-up-state');
    expect((await hop(forged.toString())).searchParams.get('error')).toBe('expired');
    expect(providers[provider].tokensIssued).toBe(issued);
  });
});

describe('the consent step of a social sign-in', () => {
  it('returns 400 naming the ticket for one that is unknown or spent', async () => {
    const ticket = 'x'.repeat(32);
    const shown = await t.call('GET /auth/social-consent', { query: { ticket } });
    expect(shown.status).toBe(400);
    expect(Object.keys((shown.body.error.details as { fields: object }).fields)).toEqual(['ticket']);
    const sent = await t.call('POST /auth/social-consent', { body: { ticket, personal_data_consent: true } });
    expect(sent.status).toBe(400);
    expect(sent.body.error.message).toBe('Попытка входа устарела. Войдите через соцсеть ещё раз');
  });
});

describe('social sign-in without a usable e-mail', () => {
  it.each([
    ['vk', account({ email: undefined })],
    ['google', account({ emailVerified: false })],
    ['yandex', account({ email: undefined })],
  ] as const)('returns %s with error=no_email and creates nothing', async (provider, viewer) => {
    providers[provider].signInAs(viewer);
    const before = await userCount();
    const { site } = await signInThrough(provider);
    expect(site.searchParams.get('error')).toBe('no_email');
    expect(site.searchParams.has('token')).toBe(false);
    expect(await userCount()).toBe(before);
  });
});

describe('GET /api/auth/providers and unconfigured providers', () => {
  let bare: TestApi;
  beforeAll(async () => {
    bare = await startTestApi({ env: providers.google.env });
  });
  afterAll(() => bare.close());

  it('lists which providers have keys', async () => {
    expect(OAuthProvidersResponseSchema.parse(await (await t.fetch('/api/auth/providers')).json())).toEqual({
      yandex: true,
      google: true,
      vk: true,
    });
    expect(await (await bare.fetch('/api/auth/providers')).json()).toEqual({ yandex: false, google: true, vk: false });
  });

  it('sends the browser back with error=not_configured for a provider without keys', async () => {
    const back = await hop(`${bare.url}/api/auth/vk/redirect`);
    expect(back.toString()).toBe(`${bare.url}/auth/callback?error=not_configured`);
  });

  it('returns 404 for a provider it does not know', async () => {
    const res = await bare.fetch('/api/auth/ok/redirect', { redirect: 'manual' });
    expect(res.status).toBe(404);
  });
});
