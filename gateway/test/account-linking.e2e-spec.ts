import { signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { accountsOf, githubUser, linkingStack, linkThrough, location, providersOf } from './support/linking-stack.js';

const sessionCookies = (setCookies: readonly string[]) => setCookies.filter((c) => c.includes('session_token'));

describe('link-social through the gateway, against the local providers', () => {
  const linking = linkingStack();
  const linkIdToken = (actor: Actor, token: string) =>
    actor.post('/link-social', { provider: 'google', idToken: { token } });

  describe('redirect branch', () => {
    it('answers 401 without a session', async () => {
      const { stack } = linking;
      const answer = await postJson(
        stack.url('/api/auth/link-social'),
        { provider: 'google' },
        { origin: stack.baseUrl },
      );
      expect(answer).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    });

    it('links the provider account to the signed-in user, without a new session, recorded with the user as actor', async () => {
      const { stack, google, db } = linking;
      const ada = await signUpActor(stack, 'link-google');
      google.addUser({ sub: `link-${ada.email}`, email: ada.email, emailVerified: true, name: 'Ada' });
      const started = await ada.post<Record<string, unknown>>('/link-social', { provider: 'google' });
      expect(Object.keys(started.body).sort()).toEqual(['redirect', 'url']);
      expect(location(started)).toBe(started.body.url);
      expect(started.setCookies).toEqual([expect.stringMatching(/^better-auth\.state=/)]);

      const linked = await linkThrough(linking, ada, 'google', `link-${ada.email}`);
      expect(linked.status).toBe(302);
      expect(location(linked)).toBe('/account/linked');
      expect(sessionCookies(linked.setCookies)).toEqual([]);
      expect(await accountsOf(ada)).toEqual([
        expect.objectContaining({ providerId: 'credential', email: ada.email }),
        expect.objectContaining({ providerId: 'google', accountId: `link-${ada.email}`, email: ada.email }),
      ]);
      const { rows } = await db.query<{ data: { how: string; userId: string }; metadata: { actorId: string } }>(
        `SELECT data, metadata FROM identity.events WHERE type = 'AccountLinked' AND data->>'subject' = $1`,
        [`link-${ada.email}`],
      );
      expect(rows).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ how: 'link', userId: ada.id }) }),
      ]);
      expect(rows[0].metadata.actorId).toBe(ada.id);
      // Linking the same account again only refreshes its tokens.
      expect(location(await linkThrough(linking, ada, 'google', `link-${ada.email}`))).toBe('/account/linked');
      expect(await providersOf(ada)).toEqual(['credential', 'google']);
    });

    it("refuses another address, an address GitHub did not verify, and another user's account", async () => {
      const { stack, github } = linking;
      const ada = await signUpActor(stack, 'link-rules');
      const elsewhere = githubUser(linking, uniqueEmail('elsewhere'), true);
      expect(location(await linkThrough(linking, ada, 'github', elsewhere))).toBe('/oops?error=email_does_not_match');
      const unverified = githubUser(linking, ada.email, false);
      expect(location(await linkThrough(linking, ada, 'github', unverified))).toBe(
        '/oops?error=unable_to_link_account',
      );

      const grace = await signUpActor(stack, 'link-owner');
      const gracesGithub = githubUser(linking, grace.email, true);
      expect(location(await linkThrough(linking, grace, 'github', gracesGithub))).toBe('/account/linked');
      github.addUser({
        id: gracesGithub,
        login: 'octocat',
        name: null,
        emails: [{ email: ada.email, primary: true, verified: true, visibility: null }],
      });
      expect(location(await linkThrough(linking, ada, 'github', gracesGithub))).toBe(
        '/oops?error=account_already_linked_to_different_user',
      );
      expect(await providersOf(ada)).toEqual(['credential']);
    });

    it('links nothing once the user who asked signed out in that browser', async () => {
      const { stack, google, db } = linking;
      const ada = await signUpActor(stack, 'link-signed-out');
      google.addUser({ sub: `out-${ada.email}`, email: ada.email, emailVerified: true, name: 'Ada' });
      const started = await ada.post<{ url: string }>('/link-social', {
        provider: 'google',
        errorCallbackURL: '/oops',
      });
      expect((await ada.post('/sign-out')).status).toBe(200);
      const redirect = await google.authorize(started.body.url, `out-${ada.email}`);
      const answer = await request(String(redirect), {
        headers: {
          cookie: `${ada.cookie}; ${cookieHeaderFrom(started.setCookies)}`,
          'x-forwarded-for': randomClientIp(),
        },
      });
      expect(location(answer)).toBe('/oops?error=unable_to_link_account');
      const { rows } = await db.query(`SELECT 1 FROM identity.events WHERE data->>'subject' = $1`, [
        `out-${ada.email}`,
      ]);
      expect(rows).toEqual([]);
    });
  });

  describe('id-token branch', () => {
    it('links with a checked token: {url: "", status: true, redirect: false}; the errors of the reference', async () => {
      const { stack, google } = linking;
      const ada = await signUpActor(stack, 'link-idtoken');
      const claims = { sub: `id-${ada.email}`, email: ada.email, email_verified: true, name: 'Ada' };
      const answer = await linkIdToken(ada, await google.signIdToken(claims));
      expect(answer).toMatchObject({ status: 200, body: { url: '', status: true, redirect: false } });
      expect(sessionCookies(answer.setCookies)).toEqual([]);
      expect(await providersOf(ada)).toEqual(['credential', 'google']);
      // Its own account again (another token: each is used once): the same answer.
      expect((await linkIdToken(ada, await google.signIdToken({ ...claims, jti: 'again' }))).status).toBe(200);

      const grace = await signUpActor(stack, 'link-idtoken-other');
      const other = { ...claims, sub: `new-${grace.email}` };
      const refusals: [Record<string, unknown>, number, string][] = [
        [{ ...claims, email: grace.email }, 409, 'SOCIAL_ACCOUNT_ALREADY_LINKED'],
        [{ ...other, email_verified: false, email: grace.email }, 401, 'LINKING_NOT_ALLOWED'],
        [other, 401, 'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED'],
        [{ ...other, aud: 'another-client' }, 401, 'INVALID_TOKEN'],
      ];
      for (const [refused, status, code] of refusals) {
        expect(await linkIdToken(grace, await google.signIdToken(refused))).toMatchObject({ status, body: { code } });
      }
      expect(await providersOf(grace)).toEqual(['credential']);
    });
  });

  describe('the linking settings', () => {
    afterAll(() => linking.stack.restart('identity', {}));

    it('ACCOUNT_LINKING_ENABLED=false refuses both branches', async () => {
      const { stack, google } = linking;
      await stack.restart('identity', { ACCOUNT_LINKING_ENABLED: 'false' });
      const ada = await signUpActor(stack, 'linking-off');
      google.addUser({ sub: `off-${ada.email}`, email: ada.email, emailVerified: true, name: 'Ada' });
      expect(location(await linkThrough(linking, ada, 'google', `off-${ada.email}`))).toBe(
        '/oops?error=unable_to_link_account',
      );
      const token = await google.signIdToken({ sub: `off-${ada.email}`, email: ada.email, email_verified: true });
      expect(await linkIdToken(ada, token)).toMatchObject({ status: 401, body: { code: 'LINKING_NOT_ALLOWED' } });
    });

    describe('with TRUSTED_PROVIDERS, ALLOW_DIFFERENT_EMAILS and UPDATE_USER_INFO_ON_LINK', () => {
      beforeAll(() =>
        linking.stack.restart('identity', {
          TRUSTED_PROVIDERS: 'github',
          ALLOW_DIFFERENT_EMAILS: 'true',
          UPDATE_USER_INFO_ON_LINK: 'true',
        }),
      );

      it('TRUSTED_PROVIDERS: a signed-in user links an address GitHub did not verify, never at sign-in', async () => {
        const { stack, google, github } = linking;
        const ada = await signUpActor(stack, 'trusted');
        const unverified = githubUser(linking, ada.email, false);
        expect(location(await linkThrough(linking, ada, 'github', unverified))).toBe('/account/linked');
        expect(await providersOf(ada)).toEqual(['credential', 'github']);
        // Implicit linking at sign-in still needs GitHub's verification (no pre-account takeover): a user whose
        // address Google vouched for at sign-up, and an unverified GitHub account with that address.
        const email = uniqueEmail('trusted-victim');
        const token = await google.signIdToken({ sub: `victim-${email}`, email, email_verified: true, name: 'G' });
        const signedUp = await postJson(stack.url('/api/auth/sign-in/social'), {
          provider: 'google',
          idToken: { token },
        });
        expect(signedUp.status).toBe(200);
        const started = await postJson<{ url: string }>(
          stack.url('/api/auth/sign-in/social'),
          { provider: 'github', errorCallbackURL: '/oops' },
          { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() },
        );
        const redirect = await github.authorize(started.body.url, githubUser(linking, email, false));
        const answer = await request(String(redirect), {
          headers: { cookie: cookieHeaderFrom(started.setCookies), 'x-forwarded-for': randomClientIp() },
        });
        expect(location(answer)).toBe('/oops?error=account_not_linked');
      });

      it("ALLOW_DIFFERENT_EMAILS and UPDATE_USER_INFO_ON_LINK: another address links, the provider's name and image copied", async () => {
        const { stack, google } = linking;
        const ada = await signUpActor(stack, 'different');
        const sub = `different-${ada.email}`;
        const picture = 'https://images.example/ada.png';
        google.addUser({ sub, email: uniqueEmail('other'), emailVerified: true, name: 'Ada Lovelace', picture });
        expect(location(await linkThrough(linking, ada, 'google', sub))).toBe('/account/linked');
        // The session service learns of the change from identity's events.
        const user = await eventually(async () => {
          const session = await ada.get<{ user: { name: string; image: string | null; email: string } }>(
            '/get-session',
            { disableCookieCache: 'true' },
          );
          return session.body.user.name === 'Ada Lovelace' ? session.body.user : undefined;
        });
        expect(user).toMatchObject({ image: picture, email: ada.email });
      });
    });
  });
});
