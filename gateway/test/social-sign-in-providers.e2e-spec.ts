import { cookieHeaderFrom, postJson, request, uniqueEmail } from './support/http.js';
import { socialSteps, startSocialWorld, type SocialWorld } from './support/social-sign-in-steps.js';
import type { AdminStack } from './support/admin-stack.js';
import type { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import type { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import type { TestStack } from './support/test-stack.js';

describe('social sign-in through the gateway', () => {
  let world: SocialWorld;
  let admin: AdminStack,
    stack: TestStack,
    google: LocalOpenIdProvider,
    github: GitHubStandIn,
    acme: LocalOpenIdProvider;
  const { headers, start, callback, sessionOf, location, githubUser } = socialSteps(() => world);

  beforeAll(async () => {
    world = await startSocialWorld();
    ({ admin, stack, google, github, acme } = world);
  });
  afterAll(() => world?.stop());

  describe('with an id token the client brings (Google)', () => {
    const signInWith = (idToken: Record<string, unknown>, provider = 'google') =>
      postJson<{ redirect: boolean; token: string; user: { email: string } } & { code?: string; message?: string }>(
        stack.url('/api/auth/sign-in/social'),
        { provider, idToken },
        headers(),
      );
    const person = (label: string) => {
      const email = uniqueEmail(label);
      return { sub: `${label}-${email}`, email, email_verified: true, name: label };
    };

    it('signs in with a valid token once: {redirect: false, token, user} and the session cookie', async () => {
      const claims = person('onetap');
      const token = await google.signIdToken(claims);
      const answer = await signInWith({ token });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ redirect: false, token: expect.any(String), user: { email: claims.email } });
      expect(answer.body).not.toHaveProperty('url');
      expect(answer.setCookies).toContainEqual(expect.stringMatching(/^better-auth\.session_token=/));
      // A captured token signs in once only.
      expect(await signInWith({ token })).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
    });

    it('refuses tokens of another audience or issuer, expired, too old, or with nonces that disagree', async () => {
      const now = Math.floor(Date.now() / 1000);
      const refused = [
        await google.signIdToken({ ...person('aud'), aud: 'another-client' }),
        await google.signIdToken({ ...person('iss'), iss: 'https://evil.example' }),
        await google.signIdToken({ ...person('exp'), iat: now - 7200, exp: now - 3600 }),
        await google.signIdToken({ ...person('old'), iat: now - 4000, exp: now + 600 }),
      ];
      for (const token of refused) {
        expect(await signInWith({ token })).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
      }
      const withNonce = await google.signIdToken({ ...person('nonce'), nonce: 'n-1' });
      expect(await signInWith({ token: withNonce, nonce: 'n-2' })).toMatchObject({ status: 401 });
      expect(await signInWith({ token: withNonce })).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
      expect((await signInWith({ token: withNonce, nonce: 'n-1' })).status).toBe(200);
    });

    it('refuses an unverified address that meets an existing account, and providers without id tokens', async () => {
      const email = uniqueEmail('idvictim');
      google.addUser({ sub: `idvictim-${email}`, email, emailVerified: true, name: 'V' });
      const started = await start('google');
      await callback(await google.authorize(started.url, `idvictim-${email}`), started.stateCookie);
      const token = await google.signIdToken({ sub: `other-${email}`, email, email_verified: false, name: 'A' });
      expect(await signInWith({ token })).toMatchObject({
        status: 401,
        body: { code: 'OAUTH_LINK_ERROR', message: 'account not linked' },
      });
      expect(await signInWith({ token: 'x.y.z' }, 'github')).toMatchObject({
        status: 404,
        body: { code: 'ID_TOKEN_NOT_SUPPORTED', message: 'id_token not supported' },
      });
    });
  });

  describe('with a generic OpenID provider of OIDC_PROVIDERS', () => {
    it('signs in through its discovered endpoints, on the same routes', async () => {
      const email = uniqueEmail('acme');
      acme.addUser({ sub: `acme-${email}`, email, emailVerified: true, name: 'Grace Hopper' });
      const started = await start('acme');
      expect(new URL(started.url).origin).toBe(acme.origin);
      const answer = await callback(await acme.authorize(started.url, `acme-${email}`), started.stateCookie);
      expect(location(answer)).toBe('/welcome');
      expect((await sessionOf(answer.setCookies))?.user).toMatchObject({ email, name: 'Grace Hopper' });
      const config = await request<{ socialProviders: string[] }>(stack.url('/client-config.json'));
      expect(config.body.socialProviders).toEqual(['google', 'github', 'acme']);
    });
  });

  describe('with GitHub (plain OAuth 2.0)', () => {
    it("signs up with the primary verified address from /user/emails, keyed by GitHub's numeric id", async () => {
      const email = uniqueEmail('octo');
      const id = Math.floor(Math.random() * 1e9);
      github.addUser({
        id,
        login: 'octocat',
        name: null,
        email: null,
        emails: [
          { email: `old-${email}`, primary: false, verified: false, visibility: null },
          { email, primary: true, verified: true, visibility: 'private' },
        ],
      });
      const started = await start('github');
      expect(new URL(started.url).searchParams.has('nonce')).toBe(false);
      const answer = await callback(await github.authorize(started.url, id), started.stateCookie);
      expect(location(answer)).toBe('/welcome');
      expect((await sessionOf(answer.setCookies))?.user).toMatchObject({ email, emailVerified: true, name: 'octocat' });
    });

    it('links to a verified user only when GitHub verified the address too (no pre-account takeover)', async () => {
      const email = uniqueEmail('both');
      google.addUser({ sub: `both-${email}`, email, emailVerified: true, name: 'Both' });
      const viaGoogle = await start('google');
      expect(
        location(await callback(await google.authorize(viaGoogle.url, `both-${email}`), viaGoogle.stateCookie)),
      ).toBe('/welcome');
      const attackerId = githubUser(email, false);
      const attack = await start('github');
      const refused = await callback(await github.authorize(attack.url, attackerId), attack.stateCookie);
      expect(location(refused)).toBe('/oops?error=account_not_linked');
      expect(refused.setCookies.filter((c) => c.includes('session_token'))).toEqual([]);

      const ownerId = githubUser(email, true);
      const owner = await start('github');
      const linked = await callback(await github.authorize(owner.url, ownerId), owner.stateCookie);
      expect(location(linked)).toBe('/dashboard');
      const accounts = await request<{ providerId: string }[]>(stack.url('/api/auth/list-accounts'), {
        headers: { cookie: cookieHeaderFrom(linked.setCookies.filter((c) => c.includes('session_token'))) },
      });
      expect(accounts.body.map((account) => account.providerId).sort()).toEqual(['github', 'google']);
    });

    it('refuses a sign-up when GITHUB_DISABLE_SIGN_UP is on', async () => {
      await stack.restart('identity', { ...admin.gatewayEnv, GITHUB_DISABLE_SIGN_UP: 'true' });
      try {
        const email = uniqueEmail('closed');
        const id = githubUser(email, true);
        const started = await start('github');
        const answer = await callback(await github.authorize(started.url, id), started.stateCookie);
        expect(location(answer)).toBe('/oops?error=signup_disabled');
      } finally {
        await stack.restart('identity', admin.gatewayEnv);
      }
    });
  });
});
