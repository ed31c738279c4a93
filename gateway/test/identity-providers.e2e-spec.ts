import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';

// The local identity providers are test equipment: these tests prove them with a certified client library, as the
// engine will use them, so a failing social sign-in test points at the engine and not at its provider.

const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/callback/test';
const insecure = { [oauth.allowInsecureRequests]: true };

/** One authorization request as a relying party starts it: PKCE S256, state and nonce. */
async function startAuthorization(as: oauth.AuthorizationServer, clientId: string, scope: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(String(as.authorization_endpoint));
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope,
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, verifier, state, nonce };
}

/** The error a token endpoint answered, as the client library reports it. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error instanceof oauth.ResponseBodyError) return error.error;
  if (error instanceof oauth.WWWAuthenticateChallengeError) return error.cause[0]?.parameters.error ?? 'challenge';
  throw new Error(`expected a refusal, got ${String(error)}`);
}

describe('local OpenID provider', () => {
  const alice = { sub: 'alice-sub', email: 'alice@example.com', emailVerified: true, name: 'Alice' };
  const picture = 'https://example.com/alice.png';

  describe('under its own issuer, found by discovery', () => {
    let provider: LocalOpenIdProvider;
    let as: oauth.AuthorizationServer;
    let client: oauth.Client;

    beforeAll(async () => {
      provider = await LocalOpenIdProvider.start();
      provider.addUser({ ...alice, picture });
      provider.allowRedirectUri(REDIRECT_URI);
      const issuer = new URL(provider.env('ACME').ACME_ISSUER);
      as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
      client = { client_id: provider.clientId };
    });
    afterAll(() => provider?.stop());

    const exchange = async (auth = oauth.ClientSecretPost(provider.clientSecret)) => {
      const started = await startAuthorization(as, provider.clientId, 'openid email profile');
      const callback = await provider.authorize(started.url, alice.sub);
      const params = oauth.validateAuthResponse(as, client, callback, started.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        auth,
        params,
        REDIRECT_URI,
        started.verifier,
        insecure,
      );
      return { started, params, response };
    };

    it('runs the code flow with PKCE and nonce: id token with the profile, userinfo, rotating refresh', async () => {
      const { started, response } = await exchange();
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: started.nonce,
        requireIdToken: true,
      });
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      expect(claims).toMatchObject({ iss: as.issuer, aud: provider.clientId, sub: alice.sub, nonce: started.nonce });
      expect(claims).toMatchObject({ email: alice.email, email_verified: true, name: alice.name, picture });
      // The library trusts the TLS channel for the id token; check the RS256 signature against the JWKS too.
      const jwks = createRemoteJWKSet(new URL(String(as.jwks_uri)));
      const verified = await jwtVerify(String(tokens.id_token), jwks, { algorithms: ['RS256'] });
      expect(verified.protectedHeader.alg).toBe('RS256');

      const userInfo = await oauth.processUserInfoResponse(
        as,
        client,
        alice.sub,
        await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
      );
      expect(userInfo).toMatchObject({ sub: alice.sub, email: alice.email, email_verified: true, name: alice.name });

      const refreshToken = String(tokens.refresh_token);
      const auth = oauth.ClientSecretPost(provider.clientSecret);
      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure),
      );
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(refreshed.refresh_token).toEqual(expect.any(String));
      expect(refreshed.refresh_token).not.toBe(refreshToken);
      // The rotated-out refresh token is spent.
      const reused = oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, insecure);
      expect(await refusal(reused.then((answer) => oauth.processRefreshTokenResponse(as, client, answer)))).toBe(
        'invalid_grant',
      );
    });

    it('burns a refresh token presented twice at once: one call wins, the other is refused and revokes the grant', async () => {
      const { started, response } = await exchange();
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: started.nonce,
      });
      const auth = oauth.ClientSecretPost(provider.clientSecret);
      const refresh = (token: string) =>
        oauth
          .refreshTokenGrantRequest(as, client, auth, token, insecure)
          .then((answer) => oauth.processRefreshTokenResponse(as, client, answer));
      const outcomes = await Promise.allSettled([
        refresh(String(tokens.refresh_token)),
        refresh(String(tokens.refresh_token)),
      ]);
      const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      expect(won).toHaveLength(1);
      const lost = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(await refusal(Promise.reject(lost?.reason))).toBe('invalid_grant');
      // The replay revoked the grant: the winner's new refresh token is dead too.
      expect(await refusal(refresh(String(won[0].refresh_token)))).toBe('invalid_grant');
    });

    it('accepts the client secret in Basic as well as in the body', async () => {
      const { started, response } = await exchange(oauth.ClientSecretBasic(provider.clientSecret));
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: started.nonce,
      });
      expect(tokens.access_token).toEqual(expect.any(String));
    });

    it('refuses a replayed code, a wrong verifier and a wrong secret', async () => {
      const first = await exchange();
      await oauth.processAuthorizationCodeResponse(as, client, first.response, {
        expectedNonce: first.started.nonce,
      });
      const replay = oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(provider.clientSecret),
        first.params,
        REDIRECT_URI,
        first.started.verifier,
        insecure,
      );
      expect(await refusal(replay.then((answer) => oauth.processAuthorizationCodeResponse(as, client, answer)))).toBe(
        'invalid_grant',
      );

      const started = await startAuthorization(as, provider.clientId, 'openid email');
      const params = oauth.validateAuthResponse(
        as,
        client,
        await provider.authorize(started.url, alice.sub),
        started.state,
      );
      const wrongVerifier = oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(provider.clientSecret),
        params,
        REDIRECT_URI,
        oauth.generateRandomCodeVerifier(),
        insecure,
      );
      expect(
        await refusal(wrongVerifier.then((answer) => oauth.processAuthorizationCodeResponse(as, client, answer))),
      ).toBe('invalid_grant');

      const wrongSecret = await exchange(oauth.ClientSecretPost('not-the-secret'));
      expect(await refusal(oauth.processAuthorizationCodeResponse(as, client, wrongSecret.response))).toBe(
        'invalid_client',
      );
    });

    it('refuses a redirect_uri it was not told, and answers access_denied for a user it does not know', async () => {
      const started = await startAuthorization(as, provider.clientId, 'openid');
      const foreign = new URL(started.url);
      foreign.searchParams.set('redirect_uri', 'http://127.0.0.1:9/elsewhere');
      await expect(provider.authorize(foreign.href, alice.sub)).rejects.toThrow(/answered 400/);

      const cancelled = await provider.authorize(started.url, 'nobody');
      expect(cancelled.searchParams.get('error')).toBe('access_denied');
      expect(cancelled.searchParams.get('state')).toBe(started.state);
    });
  });

  describe("under Google's issuer, told its endpoints", () => {
    const GOOGLE = 'https://accounts.google.com';
    let provider: LocalOpenIdProvider;
    let as: oauth.AuthorizationServer;

    beforeAll(async () => {
      provider = await LocalOpenIdProvider.start({ issuer: GOOGLE, clientId: 'google-client', clientSecret: 'shh' });
      provider.addUser({ sub: '1234567890', email: 'bob@example.com', emailVerified: false, name: 'Bob' });
      provider.allowRedirectUri(REDIRECT_URI);
      const env = provider.env('GOOGLE');
      as = {
        issuer: env.GOOGLE_ISSUER,
        authorization_endpoint: env.GOOGLE_AUTHORIZATION_ENDPOINT,
        token_endpoint: env.GOOGLE_TOKEN_ENDPOINT,
        userinfo_endpoint: env.GOOGLE_USERINFO_ENDPOINT,
        jwks_uri: env.GOOGLE_JWKS_URI,
        // RFC 9207: the provider names itself in the redirect, so a mix-up is detectable.
        authorization_response_iss_parameter_supported: true,
      };
    });
    afterAll(() => provider?.stop());

    it('names the settings after the prefix', () => {
      expect(Object.keys(provider.env('GOOGLE')).sort()).toEqual([
        'GOOGLE_AUTHORIZATION_ENDPOINT',
        'GOOGLE_CLIENT_ID',
        'GOOGLE_CLIENT_SECRET',
        'GOOGLE_ISSUER',
        'GOOGLE_JWKS_URI',
        'GOOGLE_TOKEN_ENDPOINT',
        'GOOGLE_USERINFO_ENDPOINT',
      ]);
      expect(provider.env('GOOGLE').GOOGLE_ISSUER).toBe(GOOGLE);
    });

    it("signs in with tokens in Google's name, served on localhost", async () => {
      const client = { client_id: 'google-client' };
      const started = await startAuthorization(as, 'google-client', 'email profile openid');
      const callback = await provider.authorize(started.url, '1234567890');
      expect(callback.searchParams.get('iss')).toBe(GOOGLE);
      const params = oauth.validateAuthResponse(as, client, callback, started.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost('shh'),
        params,
        REDIRECT_URI,
        started.verifier,
        insecure,
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: started.nonce,
      });
      expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({
        iss: GOOGLE,
        sub: '1234567890',
        email: 'bob@example.com',
        email_verified: false,
      });
      expect(tokens.refresh_token).toEqual(expect.any(String));
    });

    it('signs id tokens of its own making with the key its JWKS serves, forged claims included', async () => {
      const jwks = createRemoteJWKSet(new URL(String(as.jwks_uri)));
      const expected = { issuer: GOOGLE, audience: 'google-client', algorithms: ['RS256'] };
      const token = await provider.signIdToken({ sub: '1234567890', email: 'bob@example.com', nonce: 'n-1' });
      expect((await jwtVerify(token, jwks, expected)).payload).toMatchObject({ sub: '1234567890', nonce: 'n-1' });

      const expired = await provider.signIdToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 });
      await expect(jwtVerify(expired, jwks, expected)).rejects.toThrow(/exp/);
      const otherAudience = await provider.signIdToken({ sub: '1', aud: 'another-client' });
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
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  let env: Record<string, string>;

  beforeAll(async () => {
    github = await GitHubStandIn.start();
    github.addUser(octocat);
    github.allowRedirectUri(REDIRECT_URI);
    env = github.env('GITHUB');
    as = {
      issuer: github.origin,
      authorization_endpoint: env.GITHUB_AUTHORIZATION_ENDPOINT,
      token_endpoint: env.GITHUB_TOKEN_ENDPOINT,
    };
    client = { client_id: env.GITHUB_CLIENT_ID };
  });
  afterAll(() => github?.stop());

  /** An authorization as the engine starts it, answered by the stand-in for `id`. */
  const authorized = async (id = octocat.id) => {
    const started = await startAuthorization(as, client.client_id, 'read:user user:email');
    const params = oauth.validateAuthResponse(as, client, await github.authorize(started.url, id), started.state);
    return { started, params };
  };
  const tokenRequest = (params: URLSearchParams, verifier: string, secret = env.GITHUB_CLIENT_SECRET) =>
    oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(secret),
      params,
      REDIRECT_URI,
      verifier,
      insecure,
    );
  const api = async (endpoint: string, token: string) => {
    const answer = await oauth.protectedResourceRequest(
      token,
      'GET',
      new URL(endpoint),
      undefined,
      undefined,
      insecure,
    );
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('names the settings after the prefix, with the emails endpoint', () => {
    expect(Object.keys(env).sort()).toEqual([
      'GITHUB_AUTHORIZATION_ENDPOINT',
      'GITHUB_CLIENT_ID',
      'GITHUB_CLIENT_SECRET',
      'GITHUB_EMAILS_ENDPOINT',
      'GITHUB_TOKEN_ENDPOINT',
      'GITHUB_USERINFO_ENDPOINT',
    ]);
  });

  it("authorizes with PKCE, exchanges the code and serves GitHub's /user and /user/emails", async () => {
    const { started, params } = await authorized();
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await tokenRequest(params, started.verifier),
    );
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
    const first = await authorized();
    expect((await tokenRequest(first.params, first.started.verifier)).status).toBe(200);
    const replay = await tokenRequest(first.params, first.started.verifier);
    expect({ status: replay.status, body: await replay.json() }).toEqual({
      status: 200,
      body: expect.objectContaining({ error: 'bad_verification_code' }),
    });

    const second = await authorized();
    const wrongVerifier = await tokenRequest(second.params, oauth.generateRandomCodeVerifier());
    expect(await wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt spent the code.
    expect(await (await tokenRequest(second.params, second.started.verifier)).json()).toMatchObject({
      error: 'bad_verification_code',
    });

    const third = await authorized();
    const wrongSecret = await tokenRequest(third.params, third.started.verifier, 'not-the-secret');
    expect(await wrongSecret.json()).toMatchObject({ error: 'incorrect_client_credentials' });
  });

  it('refuses a redirect_uri other than the one authorized, and answers a form without accept: json', async () => {
    const { started, params } = await authorized();
    const body = new URLSearchParams({
      client_id: client.client_id,
      client_secret: env.GITHUB_CLIENT_SECRET,
      code: String(params.get('code')),
      code_verifier: started.verifier,
      redirect_uri: 'http://127.0.0.1:9/elsewhere',
    });
    const answer = await fetch(env.GITHUB_TOKEN_ENDPOINT, { method: 'POST', body });
    expect(answer.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(await answer.text()).get('error')).toBe('redirect_uri_mismatch');
  });

  it('shows an error page for an unknown redirect_uri or client, and cancels for an unknown user', async () => {
    const started = await startAuthorization(as, client.client_id, 'read:user');
    const foreign = new URL(started.url);
    foreign.searchParams.set('redirect_uri', 'http://127.0.0.1:9/elsewhere');
    await expect(github.authorize(foreign.href, octocat.id)).rejects.toThrow(/answered 400/);
    const unknownClient = new URL(started.url);
    unknownClient.searchParams.set('client_id', 'someone-else');
    await expect(github.authorize(unknownClient.href, octocat.id)).rejects.toThrow(/answered 404/);

    const cancelled = await github.authorize(started.url, 1);
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('state')).toBe(started.state);
  });
});
