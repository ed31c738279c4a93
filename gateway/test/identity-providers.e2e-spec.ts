import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import { insecure, refusal, RelyingParty } from './support/identity-providers/relying-party.js';
import { ELSEWHERE, firstPage, REDIRECT_URI, withParam } from './support/identity-providers/provider-probes.js';

// The local identity providers are test equipment for the social sign-in tests; these tests prove them first,
// with oauth4webapi as the client (see relying-party.ts). They need no stack.

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
