/**
 * A fake OAuth 2.0 provider on loopback speaking the authorization-code flow the way Yandex,
 * Google and VK do, so the real passport strategies run against it:
 *   GET  /authorize  → 302 to redirect_uri with a one-time code (or error=access_denied); a PKCE
 *                      code_challenge (S256) is required
 *   POST /token      → the code, client id, secret, redirect_uri and the PKCE code_verifier are checked
 *                      → an access token
 *   GET  /userinfo   → the signed-in account, in the provider's own profile format
 * `signInAs(account)` says who is signed in at the provider when the browser arrives.
 */
import { type OAuthProvider } from '../contract/accounts';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAccount {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  /** Google's email_verified; true unless said otherwise. */
  emailVerified?: boolean;
}

export interface FakeOAuthProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The configuration variables that point the API at this provider. */
  env: Record<string, string>;
  signInAs(account: FakeAccount): void;
  /** The viewer refuses access on the provider's page at their next visit. */
  denyNext(): void;
  /** How many codes were exchanged for tokens. */
  tokensIssued: number;
  /** How many token requests were refused (wrong code, secret, redirect_uri or PKCE verifier). */
  tokensRefused: number;
  close(): Promise<void>;
}

interface Grant {
  account: FakeAccount;
  redirectUri: string;
  codeChallenge: string;
}

/** RFC 7636 S256: the challenge is the verifier's SHA-256 in base64url. */
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The profile document each provider answers (the fields their passport strategies read). */
function profileBody(flavour: OAuthProvider, a: FakeAccount): unknown {
  switch (flavour) {
    case 'yandex':
      return {
        id: a.id,
        login: a.id,
        display_name: `${a.firstName} ${a.lastName}`,
        real_name: `${a.lastName} ${a.firstName}`,
        default_email: a.email,
        default_avatar_id: `avatar-${a.id}`,
      };
    case 'google':
      return {
        sub: a.id,
        name: `${a.firstName} ${a.lastName}`,
        given_name: a.firstName,
        family_name: a.lastName,
        picture: `https://lh3.googleusercontent.test/${a.id}.jpg`,
        ...(a.email ? { email: a.email, email_verified: a.emailVerified ?? true } : {}),
      };
    case 'vk':
      return {
        response: [
          {
            id: Number(a.id),
            first_name: a.firstName,
            last_name: a.lastName,
            screen_name: `id${a.id}`,
            photo_200: `https://sun.userapi.test/${a.id}.jpg`,
          },
        ],
      };
  }
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

export async function startFakeOAuthProvider(flavour: OAuthProvider): Promise<FakeOAuthProvider> {
  const clientId = `${flavour}-client`;
  const clientSecret = randomBytes(12).toString('hex');
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeAccount>();
  let account: FakeAccount | undefined;
  let deny = false;

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      const codeChallenge = q.get('code_challenge');
      if (
        q.get('response_type') !== 'code' ||
        q.get('client_id') !== clientId ||
        !redirectUri ||
        !account ||
        !codeChallenge ||
        q.get('code_challenge_method') !== 'S256'
      ) {
        return json(res, 400, { error: 'invalid_request' });
      }
      const back = new URL(redirectUri);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      if (deny) {
        deny = false;
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'User denied access');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { account, redirectUri, codeChallenge });
        back.searchParams.set('code', code);
      }
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        !grant ||
        form.get('redirect_uri') !== grant.redirectUri ||
        s256(form.get('code_verifier') ?? '') !== grant.codeChallenge
      ) {
        provider.tokensRefused++;
        return json(res, 400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.account);
      provider.tokensIssued++;
      // VK gives the e-mail with the token, not in the profile.
      const extra = flavour === 'vk' ? { user_id: Number(grant.account.id), email: grant.account.email } : {};
      return json(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600, ...extra });
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const bearer = req.headers.authorization?.match(/^(?:Bearer|OAuth) (\S+)$/)?.[1];
      const token = bearer ?? url.searchParams.get('access_token') ?? url.searchParams.get('oauth_token') ?? '';
      const owner = tokens.get(token);
      if (!owner) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, profileBody(flavour, owner));
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prefix = flavour.toUpperCase();

  const provider: FakeOAuthProvider = {
    url,
    clientId,
    clientSecret,
    env: {
      [`${prefix}_CLIENT_ID`]: clientId,
      [`${prefix}_CLIENT_SECRET`]: clientSecret,
      [`${prefix}_AUTHORIZATION_URL`]: `${url}/authorize`,
      [`${prefix}_TOKEN_URL`]: `${url}/token`,
      [`${prefix}_PROFILE_URL`]: `${url}/userinfo`,
    },
    signInAs: (a) => void (account = a),
    denyNext: () => void (deny = true),
    tokensIssued: 0,
    tokensRefused: 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return provider;
}
