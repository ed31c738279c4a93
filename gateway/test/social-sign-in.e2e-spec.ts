import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cookieHeaderFrom, postJson, request, uniqueEmail } from './support/http.js';
import { socialSteps, startSocialWorld, type SocialWorld } from './support/social-sign-in-steps.js';
import type { AdminStack } from './support/admin-stack.js';
import type { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import type { TestStack } from './support/test-stack.js';

describe('social sign-in through the gateway', () => {
  let world: SocialWorld;
  let admin: AdminStack, stack: TestStack, google: LocalOpenIdProvider;
  const { headers, start, callback, sessionOf, location } = socialSteps(() => world);

  beforeAll(async () => {
    world = await startSocialWorld();
    ({ admin, stack, google } = world);
  });
  afterAll(() => world?.stop());

  describe('with an OpenID provider (Google)', () => {
    it('answers the redirect as the reference does: {url, redirect: true}, Location, a state cookie', async () => {
      const answer = await postJson<Record<string, unknown>>(
        stack.url('/api/auth/sign-in/social'),
        { provider: 'google' },
        headers(),
      );
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body).sort()).toEqual(['redirect', 'url']);
      expect(answer.body.redirect).toBe(true);
      expect(location(answer)).toBe(answer.body.url);
      const url = new URL(String(answer.body.url));
      expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('redirect_uri')).toBe(stack.url('/api/auth/callback/google'));
      expect(answer.setCookies).toEqual([
        expect.stringMatching(/^better-auth\.state=[^;]+; Max-Age=(600|599); Path=\/; HttpOnly; SameSite=Lax$/),
      ]);
      const quiet = await postJson<Record<string, unknown>>(
        stack.url('/api/auth/sign-in/social'),
        { provider: 'google', disableRedirect: true },
        headers(),
      );
      expect(quiet.body.redirect).toBe(false);
      expect(location(quiet)).toBeNull();
    });

    it('signs a new user up (verified by the provider), then signs the returning user in', async () => {
      const email = uniqueEmail('google');
      const sub = `google-${email}`;
      google.addUser({ sub, email, emailVerified: true, name: 'Ada Lovelace' });
      const first = await start('google');
      const answer = await callback(await google.authorize(first.url, sub), first.stateCookie);
      expect(answer.status).toBe(302);
      expect(location(answer)).toBe('/welcome');
      expect(answer.setCookies).toContainEqual(expect.stringMatching(/^better-auth\.state=; Max-Age=0/));
      expect(answer.setCookies).toContainEqual(
        expect.stringMatching(/^better-auth\.session_token=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/),
      );
      expect((await sessionOf(answer.setCookies))?.user).toMatchObject({
        email,
        emailVerified: true,
        name: 'Ada Lovelace',
      });

      const again = await start('google');
      const returning = await callback(await google.authorize(again.url, sub), again.stateCookie);
      expect(location(returning)).toBe('/dashboard');
      const accounts = await request<{ providerId: string; accountId: string; scopes: string[] }[]>(
        stack.url('/api/auth/list-accounts'),
        { headers: { cookie: cookieHeaderFrom(returning.setCookies.filter((c) => c.includes('session_token'))) } },
      );
      expect(accounts.body).toEqual([expect.objectContaining({ providerId: 'google', accountId: sub })]);
    });

    it("records the link on the user's stream with its actor, the provider's tokens sealed", async () => {
      const email = uniqueEmail('sealed');
      google.addUser({ sub: `sealed-${email}`, email, emailVerified: true, name: 'S' });
      const started = await start('google');
      await callback(await google.authorize(started.url, `sealed-${email}`), started.stateCookie);
      const { rows } = await admin.db.query<{
        data: Record<string, unknown>;
        personal: Buffer;
        metadata: Record<string, unknown>;
      }>(
        `SELECT data, personal, metadata FROM identity.events WHERE type = 'AccountLinked' AND data->>'subject' = $1`,
        [`sealed-${email}`],
      );
      expect(rows).toHaveLength(1);
      const [linked] = rows;
      expect(linked.data).toMatchObject({
        providerId: 'google',
        issuer: 'https://accounts.google.com',
        how: 'sign-up',
      });
      expect(linked.metadata.actorId).toBe(linked.data.userId);
      expect(Object.keys(linked.data).sort()).toEqual([
        'accessTokenExpiresAt',
        'accountId',
        'how',
        'issuer',
        'linkedAt',
        'providerId',
        'refreshTokenExpiresAt',
        'scopes',
        'subject',
        'userId',
      ]);
      // The id token is a JWT ("eyJ…"): sealed, its bytes show nothing of it.
      expect(linked.personal.toString('latin1')).not.toContain('eyJ');
    });

    it('refuses a banned user, as every session start', async () => {
      const email = uniqueEmail('banned');
      google.addUser({ sub: `banned-${email}`, email, emailVerified: true, name: 'B' });
      const first = await start('google');
      const signedUp = await callback(await google.authorize(first.url, `banned-${email}`), first.stateCookie);
      const { user } = (await sessionOf(signedUp.setCookies))!;
      expect((await admin.root.post('/admin/ban-user', { userId: user.id })).status).toBe(200);
      const again = await start('google');
      const refused = await callback(await google.authorize(again.url, `banned-${email}`), again.stateCookie);
      expect(location(refused)).toBe('/oops?error=banned');
      expect(refused.setCookies.filter((c) => c.includes('session_token'))).toEqual([]);
    });

    it('refuses a replayed callback (the state is used once) and a replayed code', async () => {
      const email = uniqueEmail('replay');
      google.addUser({ sub: `replay-${email}`, email, emailVerified: true, name: 'R' });
      const started = await start('google');
      const redirect = await google.authorize(started.url, `replay-${email}`);
      expect((await callback(redirect, started.stateCookie)).status).toBe(302);
      const replayed = await callback(redirect, started.stateCookie);
      expect(location(replayed)).toBe(stack.url('/api/auth/error?error=state_mismatch'));
      expect(replayed.setCookies.filter((c) => c.includes('session_token'))).toEqual([]);
      // The same code under a fresh flow of the same browser: the provider refuses it (used, and PKCE differs).
      const fresh = await start('google');
      const state = new URL(fresh.url).searchParams.get('state')!;
      const code = redirect.searchParams.get('code')!;
      const reused = stack.url(`/api/auth/callback/google?state=${state}&code=${encodeURIComponent(code)}`);
      expect(location(await callback(reused, fresh.stateCookie))).toBe('/oops?error=invalid_code');
    });

    it('takes Apple-style form_post callbacks: a 302 to the GET with the same fields', async () => {
      const answer = await request(stack.url('/api/auth/callback/google?iss=x'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
        body: 'code=c1&state=s1&user=%7B%7D',
      });
      expect(answer.status).toBe(302);
      expect(location(answer)).toBe(stack.url('/api/auth/callback/google?iss=x&code=c1&state=s1&user=%7B%7D'));
    });

    it('keeps the flow for its own browser: a missing or tampered state cookie is state_mismatch', async () => {
      const email = uniqueEmail('tamper');
      google.addUser({ sub: `tamper-${email}`, email, emailVerified: true, name: 'T' });
      const started = await start('google');
      const redirect = await google.authorize(started.url, `tamper-${email}`);
      expect(location(await callback(redirect, ''))).toBe('/oops?error=state_mismatch');
      const tampered = started.stateCookie.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A'));
      expect(location(await callback(redirect, tampered))).toBe('/oops?error=state_mismatch');
      const foreign = await start('google');
      expect(location(await callback(redirect, foreign.stateCookie))).toBe('/oops?error=state_mismatch');
      // The browser that started it still finishes.
      expect(location(await callback(redirect, started.stateCookie))).toBe('/welcome');
    });

    it('refuses an unverified provider address that meets an existing account (no takeover)', async () => {
      const email = uniqueEmail('victim');
      const signUp = await postJson(
        stack.url('/api/auth/sign-up/email'),
        { name: 'Victim', email, password: 'correct-horse-battery' },
        headers(),
      );
      expect(signUp.status).toBe(200);
      google.addUser({ sub: `attacker-${email}`, email, emailVerified: false, name: 'Attacker' });
      const started = await start('google');
      const answer = await callback(await google.authorize(started.url, `attacker-${email}`), started.stateCookie);
      expect(location(answer)).toBe('/oops?error=account_not_linked');
      expect(answer.setCookies.filter((c) => c.includes('session_token'))).toEqual([]);
    });

    it("passes the provider's RFC 6749 errors on and no other text", async () => {
      const started = await start('google');
      const denied = await google.authorize(started.url, 'nobody-at-all');
      expect(denied.searchParams.get('error')).toBe('access_denied');
      expect(location(await callback(denied, started.stateCookie))).toBe('/oops?error=access_denied');
      const other = await start('google');
      const state = new URL(other.url).searchParams.get('state')!;
      const made = stack.url(
        `/api/auth/callback/google?state=${state}&error=${encodeURIComponent('Call +1 555 0100')}`,
      );
      expect(location(await callback(made, other.stateCookie))).toBe('/oops?error=provider_error');
    });

    it('refuses a callback to another provider than the flow started with, before any code exchange', async () => {
      const email = uniqueEmail('mixup');
      google.addUser({ sub: `mixup-${email}`, email, emailVerified: true, name: 'M' });
      // GitHub's token endpoint replaced by one that counts what reaches it.
      const tokenRequests: string[] = [];
      const recorder = createServer((incoming, answer) => {
        tokenRequests.push(String(incoming.url));
        answer.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad_verification_code"}');
      });
      await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
      const { port } = recorder.address() as AddressInfo;
      await stack.restart('identity', {
        ...admin.gatewayEnv,
        GITHUB_TOKEN_ENDPOINT: `http://127.0.0.1:${port}/token`,
      });
      try {
        const started = await start('google');
        const redirect = await google.authorize(started.url, `mixup-${email}`);
        const elsewhere = stack.url(`/api/auth/callback/github${redirect.search}`);
        expect(location(await callback(elsewhere, started.stateCookie))).toBe('/oops?error=invalid_code');
        expect(tokenRequests).toEqual([]);
        // The recorder does count: a GitHub flow's own code reaches it.
        const own = await start('github');
        const ownState = new URL(own.url).searchParams.get('state')!;
        const ownCallback = stack.url(`/api/auth/callback/github?state=${ownState}&code=c`);
        expect(location(await callback(ownCallback, own.stateCookie))).toBe('/oops?error=invalid_code');
        expect(tokenRequests).toEqual(['/token']);
      } finally {
        await stack.restart('identity', admin.gatewayEnv);
        await new Promise((resolve) => recorder.close(resolve));
      }
      const unknown = await start('google');
      const unknownState = new URL(unknown.url).searchParams.get('state')!;
      const unconfigured = stack.url(`/api/auth/callback/apple?state=${unknownState}&code=x`);
      expect(location(await callback(unconfigured, unknown.stateCookie))).toBe('/oops?error=oauth_provider_not_found');
    });

    it('answers a callback without state, or without code, with the reference errors', async () => {
      expect(location(await callback(stack.url('/api/auth/callback/google?code=x'), ''))).toBe(
        stack.url('/api/auth/error?error=state_not_found'),
      );
      const started = await start('google');
      const state = new URL(started.url).searchParams.get('state')!;
      const noCode = await callback(stack.url(`/api/auth/callback/google?state=${state}`), started.stateCookie);
      expect(location(noCode)).toBe('/oops?error=no_code');
    });

    it('refuses an unconfigured provider with 404 PROVIDER_NOT_FOUND and untrusted URLs with 403', async () => {
      const answer = await postJson(stack.url('/api/auth/sign-in/social'), { provider: 'apple' }, headers());
      expect(answer).toMatchObject({
        status: 404,
        body: { code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' },
      });
      const untrusted = await postJson(
        stack.url('/api/auth/sign-in/social'),
        { provider: 'google', errorCallbackURL: 'https://evil.example/' },
        headers(),
      );
      expect(untrusted).toMatchObject({ status: 403, body: { code: 'INVALID_ERROR_CALLBACK_URL' } });
      const reserved = await postJson(
        stack.url('/api/auth/sign-in/social'),
        { provider: 'google', additionalParams: { nonce: 'mine' } },
        headers(),
      );
      expect(reserved).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    });
  });
});
