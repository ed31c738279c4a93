import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { cookieHeaderFrom } from './support/http.js';
import { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import { insecure, refusal, RelyingParty } from './support/identity-providers/relying-party.js';

// The local identity providers are test equipment for the social sign-in tests; these tests prove them first,
// with oauth4webapi as the client (see relying-party.ts). They need no stack.

const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/callback/test';
const ELSEWHERE = 'http://127.0.0.1:9/elsewhere';

/** The page a browser first lands on at the provider (after its redirects), with the cookies set on the way. */
async function firstPage(authorizationUrl: string): Promise<{ status: number; html: string }> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const page = await fetch(new URL(String(first.headers.get('location')), authorizationUrl), {
    redirect: 'manual',
    headers: { cookie: cookieHeaderFrom(first.headers.getSetCookie()) },
  });
  return { status: page.status, html: await page.text() };
}

/** `url` with one query parameter changed. */
function withParam(url: string, name: string, value: string): string {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed.href;
}

describe('local OpenID provider', () => {
  const alice = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true, name: 'Alice' };
  const picture = 'https://example.com/alice.png';

  describe('under its own issuer, found by discovery', () => {
    let provider: LocalOpenIdProvider;
    let rp: RelyingParty;

    beforeAll(async () => {
      provider = await LocalOpenIdProvider.start();
      provider.addUser({ ...alice, picture });
      provider.allowRedirectUri(REDIRECT_URI);
      const issuer = new URL(provider.env('ACME').ACME_ISSUER);
      const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
      rp = new RelyingParty(as, provider.clientId, provider.clientSecret, REDIRECT_URI);
    });
    afterAll(() => provider?.stop());

    /** Alice signed in and consented: the callback's parameters. */
    const signedIn = async (scope = 'openid email profile') => {
      const started = await rp.start(scope);
      return { started, params: rp.callback(await provider.authorize(started.url, alice.sub), started) };
    };

    it('runs the code flow with PKCE and nonce: id token with the profile, userinfo, rotating refresh', async () => {
      const { started, params } = await signedIn();
      const tokens = await rp.tokens(params, started);
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      expect(claims).toMatchObject({ iss: rp.as.issuer, aud: provider.clientId, sub: alice.sub, nonce: started.nonce });
      expect(claims).toMatchObject({ email: alice.email, email_verified: true, name: alice.name, picture });
      // oauth4webapi trusts the TLS channel for the id token; check the RS256 signature against the JWKS too.
      const jwks = createRemoteJWKSet(new URL(String(rp.as.jwks_uri)));
      expect((await jwtVerify(String(tokens.id_token), jwks)).protectedHeader.alg).toBe('RS256');

      expect(await rp.userInfo(tokens.access_token, alice.sub)).toMatchObject({
        email: alice.email,
        email_verified: true,
        name: alice.name,
      });

      const refreshed = await rp.refresh(String(tokens.refresh_token));
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(refreshed.refresh_token).toEqual(expect.any(String));
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      // The rotated-out refresh token is spent.
      expect(await refusal(rp.refresh(String(tokens.refresh_token)))).toBe('invalid_grant');
    });

    it('burns a refresh token presented twice at once: one call wins, the other is refused and revokes the grant', async () => {
      const { started, params } = await signedIn();
      const { refresh_token: refreshToken } = await rp.tokens(params, started);
      const outcomes = await Promise.allSettled([rp.refresh(String(refreshToken)), rp.refresh(String(refreshToken))]);
      const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      expect(won).toHaveLength(1);
      const lost = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(await refusal(Promise.reject(lost?.reason))).toBe('invalid_grant');
      // The replay revoked the grant: the winner's new refresh token is dead too.
      expect(await refusal(rp.refresh(String(won[0].refresh_token)))).toBe('invalid_grant');
    });

    it('accepts the client secret in Basic as well as in the body', async () => {
      const { started, params } = await signedIn();
      expect((await rp.tokens(params, started, oauth.ClientSecretBasic)).access_token).toEqual(expect.any(String));
    });

    it('refuses a replayed code, a wrong verifier and a wrong secret', async () => {
      const process = (answer: Promise<Response>) =>
        answer.then((response) => oauth.processAuthorizationCodeResponse(rp.as, rp.client, response));
      const first = await signedIn();
      await rp.tokens(first.params, first.started);
      expect(await refusal(process(rp.exchange(first.params, first.started.verifier)))).toBe('invalid_grant');

      const second = await signedIn();
      const wrongVerifier = rp.exchange(second.params, oauth.generateRandomCodeVerifier());
      expect(await refusal(process(wrongVerifier))).toBe('invalid_grant');

      const third = await signedIn();
      const wrongSecret = rp.exchange(third.params, third.started.verifier, 'not-the-secret');
      expect(await refusal(process(wrongSecret))).toBe('invalid_client');
    });

    it('refuses a redirect_uri it was not told, and answers access_denied for a user it does not know', async () => {
      const started = await rp.start('openid');
      const foreign = withParam(started.url, 'redirect_uri', ELSEWHERE);
      await expect(provider.authorize(foreign, alice.sub)).rejects.toThrow(/answered 400/);

      const cancelled = await provider.authorize(started.url, 'nobody');
      expect(cancelled.searchParams.get('error')).toBe('access_denied');
      expect(cancelled.searchParams.get('state')).toBe(started.state);
    });

    it('shows a plain sign-in form, for a person or a browser test', async () => {
      const page = await firstPage((await rp.start('openid')).url);
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<form method="post"[^>]*>.*<input name="sub"/);
    });
  });

  describe("under Google's issuer, told its endpoints", () => {
    const GOOGLE = 'https://accounts.google.com';
    const bob = { sub: '1234567890', email: 'bob@example.com', emailVerified: false, name: 'Bob' };
    let provider: LocalOpenIdProvider;
    let rp: RelyingParty;

    beforeAll(async () => {
      provider = await LocalOpenIdProvider.start({
        issuer: GOOGLE,
        clientId: 'google-client',
        clientSecret: 'shh',
        accessTokenTtlSeconds: 30,
      });
      provider.addUser(bob);
      provider.allowRedirectUri(REDIRECT_URI);
      const env = provider.env('GOOGLE');
      const as = {
        issuer: env.GOOGLE_ISSUER,
        authorization_endpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT,
        token_endpoint: env.GOOGLE_TOKEN_ENDPOINT,
        userinfo_endpoint: env.GOOGLE_USERINFO_ENDPOINT,
        jwks_uri: env.GOOGLE_JWKS_URI,
        // RFC 9207: the provider names itself in the redirect, so the client detects a mix-up.
        authorization_response_iss_parameter_supported: true,
      };
      rp = new RelyingParty(as, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, REDIRECT_URI);
    });
    afterAll(() => provider?.stop());

    it('names the settings after the prefix', () => {
      expect(provider.env('GOOGLE')).toEqual({
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'shh',
        GOOGLE_AUTHORIZATION_ENDPOINT: `${provider.origin}/auth`,
        GOOGLE_TOKEN_ENDPOINT: `${provider.origin}/token`,
        GOOGLE_USERINFO_ENDPOINT: `${provider.origin}/me`,
        GOOGLE_JWKS_URI: `${provider.origin}/jwks`,
        GOOGLE_ISSUER: GOOGLE,
      });
    });

    it("signs in with tokens in Google's name, served on localhost", async () => {
      const started = await rp.start('email profile openid');
      const redirect = await provider.authorize(started.url, bob.sub);
      expect(redirect.searchParams.get('iss')).toBe(GOOGLE);
      const tokens = await rp.tokens(rp.callback(redirect, started), started);
      expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({
        iss: GOOGLE,
        sub: bob.sub,
        email: bob.email,
        email_verified: false,
      });
      expect(tokens.refresh_token).toEqual(expect.any(String));
      // A short access-token lifetime, for tests of the refresh just before expiry.
      expect(tokens.expires_in).toBe(30);
    });

    it('signs id tokens of its own making with the key its JWKS serves, forged claims included', async () => {
      const jwks = createRemoteJWKSet(new URL(String(rp.as.jwks_uri)));
      const expected = { issuer: GOOGLE, audience: 'google-client', algorithms: ['RS256'] };
      const token = await provider.signIdToken({ sub: bob.sub, email: bob.email, nonce: 'n-1' });
      expect((await jwtVerify(token, jwks, expected)).payload).toMatchObject({ sub: bob.sub, nonce: 'n-1' });

      const expired = await provider.signIdToken({ sub: bob.sub, exp: Math.floor(Date.now() / 1000) - 60 });
      await expect(jwtVerify(expired, jwks, expected)).rejects.toThrow(/exp/);
      const otherAudience = await provider.signIdToken({ sub: bob.sub, aud: 'another-client' });
      await expect(jwtVerify(otherAudience, jwks, expected)).rejects.toThrow(/aud/);
    });
  });
});

describe('GitHub stand-in', () => {
  const octocat = {
    id: 583231,
    login: 'octocat',
    name: 'The Octocat',
    email: null,
    emails: [
      { email: 'octocat@example.com', primary: true, verified: true, visibility: 'private' as const },
      { email: 'old@example.com', primary: false, verified: false, visibility: null },
    ],
  };
  let github: GitHubStandIn;
  let rp: RelyingParty;
  let env: Record<string, string>;

  beforeAll(async () => {
    github = await GitHubStandIn.start();
    github.addUser(octocat);
    github.allowRedirectUri(REDIRECT_URI);
    env = github.env('GITHUB');
    const as = {
      issuer: github.origin,
      authorization_endpoint: env.GITHUB_AUTHORIZATION_ENDPOINT,
      token_endpoint: env.GITHUB_TOKEN_ENDPOINT,
    };
    rp = new RelyingParty(as, env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, REDIRECT_URI);
  });
  afterAll(() => github?.stop());

  /** Octocat signed in: the callback's parameters. */
  const signedIn = async () => {
    const started = await rp.start('read:user user:email');
    return { started, params: rp.callback(await github.authorize(started.url, octocat.id), started) };
  };
  const api = async (endpoint: string, token: string) => {
    const answer = await oauth.protectedResourceRequest(token, 'GET', new URL(endpoint), undefined, null, insecure);
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('names the settings after the prefix, with the emails endpoint', () => {
    expect(env).toEqual({
      GITHUB_CLIENT_ID: github.clientId,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_AUTHORIZATION_ENDPOINT: `${github.origin}/login/oauth/authorize`,
      GITHUB_TOKEN_ENDPOINT: `${github.origin}/login/oauth/access_token`,
      GITHUB_USERINFO_ENDPOINT: `${github.origin}/user`,
      GITHUB_EMAILS_ENDPOINT: `${github.origin}/user/emails`,
    });
  });

  it("authorizes with PKCE, exchanges the code and serves GitHub's /user and /user/emails", async () => {
    const { started, params } = await signedIn();
    const tokens = await rp.tokens(params, started);
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'read:user,user:email' });
    expect(tokens.refresh_token).toBeUndefined();

    expect(await api(env.GITHUB_USERINFO_ENDPOINT, tokens.access_token)).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: octocat.id,
        login: 'octocat',
        name: 'The Octocat',
        email: null,
        avatar_url: expect.stringContaining(String(octocat.id)),
      }),
    });
    expect(await api(env.GITHUB_EMAILS_ENDPOINT, tokens.access_token)).toEqual({ status: 200, body: octocat.emails });
    expect(await api(env.GITHUB_USERINFO_ENDPOINT, 'gho_unknown')).toEqual({
      status: 401,
      body: expect.objectContaining({ message: 'Bad credentials' }),
    });
  });

  it('answers errors as GitHub does: 200 with error, for a replayed code, a wrong verifier and a wrong secret', async () => {
    const errorOf = async (answer: Promise<Response>) => {
      const response = await answer;
      return { status: response.status, error: ((await response.json()) as { error?: string }).error };
    };
    const first = await signedIn();
    expect(await errorOf(rp.exchange(first.params, first.started.verifier))).toEqual({ status: 200 });
    expect(await errorOf(rp.exchange(first.params, first.started.verifier))).toEqual({
      status: 200,
      error: 'bad_verification_code',
    });

    const second = await signedIn();
    const wrongVerifier = rp.exchange(second.params, oauth.generateRandomCodeVerifier());
    expect((await errorOf(wrongVerifier)).error).toBe('invalid_grant');
    // The failed attempt spent the code.
    expect((await errorOf(rp.exchange(second.params, second.started.verifier))).error).toBe('bad_verification_code');

    const third = await signedIn();
    const wrongSecret = rp.exchange(third.params, third.started.verifier, 'not-the-secret');
    expect((await errorOf(wrongSecret)).error).toBe('incorrect_client_credentials');
  });

  it('refuses a redirect_uri other than the one authorized, and answers a form without accept: json', async () => {
    const { started, params } = await signedIn();
    const body = new URLSearchParams({
      client_id: github.clientId,
      client_secret: github.clientSecret,
      code: String(params.get('code')),
      code_verifier: started.verifier,
      redirect_uri: ELSEWHERE,
    });
    const answer = await fetch(env.GITHUB_TOKEN_ENDPOINT, { method: 'POST', body });
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(await answer.text()).get('error')).toBe('redirect_uri_mismatch');
  });

  it('shows an error page for an unknown redirect_uri or client, and cancels for an unknown user', async () => {
    const started = await rp.start('read:user');
    const foreign = withParam(started.url, 'redirect_uri', ELSEWHERE);
    await expect(github.authorize(foreign, octocat.id)).rejects.toThrow(/answered 400/);
    const unknownClient = withParam(started.url, 'client_id', 'someone-else');
    await expect(github.authorize(unknownClient, octocat.id)).rejects.toThrow(/answered 404/);

    const cancelled = await github.authorize(started.url, 1);
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('state')).toBe(started.state);
  });

  it('shows a plain sign-in form, for a person or a browser test', async () => {
    const page = await firstPage((await rp.start('read:user')).url);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form method="post"[^>]*>.*<input name="sub"/);
  });
});
