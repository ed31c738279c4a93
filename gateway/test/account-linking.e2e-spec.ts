import pg from 'pg';
import { signUpActor, type Actor } from './support/actor.js';
import { connectClient } from './support/client.js';
import { eventually, sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import { TestStack } from './support/test-stack.js';

interface AccountRow {
  id: string;
  providerId: string;
  accountId: string;
}

describe('account linking through the gateway (link-social, unlink-account)', () => {
  let stack: TestStack;
  let db: pg.Client;
  let google: LocalOpenIdProvider;
  let github: GitHubStandIn;

  beforeAll(async () => {
    google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
    github = await GitHubStandIn.start();
    stack = await TestStack.start({ ...google.env('GOOGLE'), ...github.env('GITHUB') });
    google.allowRedirectUri(stack.url('/api/auth/callback/google'));
    github.allowRedirectUri(stack.url('/api/auth/callback/github'));
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await google?.stop();
    await github?.stop();
  });

  const location = (answer: { headers: Headers }) => answer.headers.get('location');
  const sessionCookies = (setCookies: readonly string[]) => setCookies.filter((c) => c.includes('session_token'));

  /** A GitHub account of the stand-in whose only (primary) address is `email`; its id. */
  const githubUser = (email: string, verified: boolean, name: string | null = null): number => {
    const id = Math.floor(Math.random() * 1e9);
    github.addUser({ id, login: 'octocat', name, emails: [{ email, primary: true, verified, visibility: null }] });
    return id;
  };

  /** The actor starts link-social's redirect branch; the provider's redirect is followed by their browser. */
  async function linkThrough(actor: Actor, provider: 'google' | 'github', subject: string | number) {
    const started = await actor.post<{ url: string; redirect: boolean }>('/link-social', {
      provider,
      callbackURL: '/account/linked',
      errorCallbackURL: '/oops',
    });
    expect(started.status).toBe(200);
    const stateCookie = cookieHeaderFrom(started.setCookies);
    const redirect =
      provider === 'google'
        ? await google.authorize(started.body.url, String(subject))
        : await github.authorize(started.body.url, Number(subject));
    return request(String(redirect), {
      headers: { cookie: `${actor.cookie}; ${stateCookie}`, 'x-forwarded-for': randomClientIp() },
    });
  }

  const accountsOf = async (actor: Actor) => (await actor.get<AccountRow[]>('/list-accounts')).body;
  const providersOf = async (actor: Actor) => (await accountsOf(actor)).map((a) => a.providerId).sort();
  const linkIdToken = (actor: Actor, token: string) =>
    actor.post('/link-social', { provider: 'google', idToken: { token } });

  describe('link-social, redirect branch', () => {
    it('answers 401 without a session', async () => {
      const answer = await postJson(
        stack.url('/api/auth/link-social'),
        { provider: 'google' },
        { origin: stack.baseUrl },
      );
      expect(answer).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    });

    it('links the provider account to the signed-in user, without a new session, recorded with the user as actor', async () => {
      const ada = await signUpActor(stack, 'link-google');
      google.addUser({ sub: `link-${ada.email}`, email: ada.email, emailVerified: true, name: 'Ada' });
      const started = await ada.post<Record<string, unknown>>('/link-social', { provider: 'google' });
      expect(Object.keys(started.body).sort()).toEqual(['redirect', 'url']);
      expect(location(started)).toBe(started.body.url);
      expect(started.setCookies).toEqual([expect.stringMatching(/^better-auth\.state=/)]);

      const linked = await linkThrough(ada, 'google', `link-${ada.email}`);
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
      expect(location(await linkThrough(ada, 'google', `link-${ada.email}`))).toBe('/account/linked');
      expect(await providersOf(ada)).toEqual(['credential', 'google']);
    });

    it("refuses another address, an address GitHub did not verify, and another user's account", async () => {
      const ada = await signUpActor(stack, 'link-rules');
      const elsewhere = githubUser(uniqueEmail('elsewhere'), true);
      expect(location(await linkThrough(ada, 'github', elsewhere))).toBe('/oops?error=email_does_not_match');
      const unverified = githubUser(ada.email, false);
      expect(location(await linkThrough(ada, 'github', unverified))).toBe('/oops?error=unable_to_link_account');

      const grace = await signUpActor(stack, 'link-owner');
      const gracesGithub = githubUser(grace.email, true);
      expect(location(await linkThrough(grace, 'github', gracesGithub))).toBe('/account/linked');
      github.addUser({
        id: gracesGithub,
        login: 'octocat',
        name: null,
        emails: [{ email: ada.email, primary: true, verified: true, visibility: null }],
      });
      expect(location(await linkThrough(ada, 'github', gracesGithub))).toBe(
        '/oops?error=account_already_linked_to_different_user',
      );
      expect(await providersOf(ada)).toEqual(['credential']);
    });
  });

  it('links nothing once the user who asked signed out in that browser', async () => {
    const ada = await signUpActor(stack, 'link-signed-out');
    google.addUser({ sub: `out-${ada.email}`, email: ada.email, emailVerified: true, name: 'Ada' });
    const started = await ada.post<{ url: string }>('/link-social', { provider: 'google', errorCallbackURL: '/oops' });
    expect((await ada.post('/sign-out')).status).toBe(200);
    const redirect = await google.authorize(started.body.url, `out-${ada.email}`);
    const answer = await request(String(redirect), {
      headers: {
        cookie: `${ada.cookie}; ${cookieHeaderFrom(started.setCookies)}`,
        'x-forwarded-for': randomClientIp(),
      },
    });
    expect(location(answer)).toBe('/oops?error=unable_to_link_account');
    const { rows } = await db.query(`SELECT 1 FROM identity.events WHERE data->>'subject' = $1`, [`out-${ada.email}`]);
    expect(rows).toEqual([]);
  });

  describe('link-social, id-token branch', () => {
    it('links with a checked token: {url: "", status: true, redirect: false}; the errors of the reference', async () => {
      const ada = await signUpActor(stack, 'link-idtoken');
      const claims = { sub: `id-${ada.email}`, email: ada.email, email_verified: true, name: 'Ada' };
      const answer = await linkIdToken(ada, await google.signIdToken(claims));
      expect(answer).toMatchObject({ status: 200, body: { url: '', status: true, redirect: false } });
      expect(sessionCookies(answer.setCookies)).toEqual([]);
      expect(await providersOf(ada)).toEqual(['credential', 'google']);
      // Its own account again (another token: each is used once): the same answer.
      expect((await linkIdToken(ada, await google.signIdToken({ ...claims, jti: 'again' }))).status).toBe(200);

      const grace = await signUpActor(stack, 'link-idtoken-other');
      const refusals: [Record<string, unknown>, number, string][] = [
        [{ ...claims, email: grace.email }, 409, 'SOCIAL_ACCOUNT_ALREADY_LINKED'],
        [
          { ...claims, sub: `new-${grace.email}`, email_verified: false, email: grace.email },
          401,
          'LINKING_NOT_ALLOWED',
        ],
        [{ ...claims, sub: `new-${grace.email}` }, 401, 'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED'],
        [{ ...claims, sub: `new-${grace.email}`, aud: 'another-client' }, 401, 'INVALID_TOKEN'],
      ];
      for (const [refused, status, code] of refusals) {
        expect(await linkIdToken(grace, await google.signIdToken(refused))).toMatchObject({ status, body: { code } });
      }
      expect(await providersOf(grace)).toEqual(['credential']);
    });
  });

  describe('unlink-account', () => {
    it('with the published client: linkSocial, listAccounts, unlinkAccount by the account id (1.7)', async () => {
      const client = connectClient(stack.baseUrl, []);
      const email = uniqueEmail('client-link');
      expect((await client.signUp.email({ name: 'C', email, password: 'client-password-1' })).error).toBeNull();
      const token = await google.signIdToken({ sub: `client-${email}`, email, email_verified: true, name: 'C' });
      const linked = await client.linkSocial({ provider: 'google', idToken: { token } });
      expect(linked.data).toMatchObject({ status: true, redirect: false });
      const accounts = (await client.listAccounts()).data!;
      expect(accounts.map((account) => account.providerId).sort()).toEqual(['credential', 'google']);
      const row = accounts.find((account) => account.providerId === 'google')!;

      const unknown = await client.unlinkAccount({ accountId: 'no-such-account' });
      expect(unknown.error).toMatchObject({ status: 400, code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' });
      expect((await client.unlinkAccount({ accountId: row.id })).data).toEqual({ status: true });
      expect((await client.listAccounts()).data!.map((account) => account.providerId)).toEqual(['credential']);
      const { rows } = await db.query<{ data: Record<string, unknown>; metadata: { actorId: string } }>(
        `SELECT data, metadata FROM identity.events WHERE type = 'AccountUnlinked' AND data->>'accountId' = $1`,
        [row.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].data).toMatchObject({ providerId: 'google', accountId: row.id });
      expect(rows[0].metadata.actorId).toBe(rows[0].data.userId);
    });

    it("takes the spec's body too: {providerId} and {providerId, accountId: the provider's id}", async () => {
      const ada = await signUpActor(stack, 'unlink-spec');
      const first = githubUser(ada.email, true);
      const second = githubUser(ada.email, true);
      for (const id of [first, second]) expect(location(await linkThrough(ada, 'github', id))).toBe('/account/linked');
      expect(await ada.post('/unlink-account', { providerId: 'github', accountId: String(second) })).toMatchObject({
        status: 200,
        body: { status: true },
      });
      expect((await accountsOf(ada)).map((account) => account.accountId)).toEqual([ada.id, String(first)]);
      expect(await ada.post('/unlink-account', { providerId: 'apple' })).toMatchObject({
        status: 400,
        body: { code: 'ACCOUNT_NOT_FOUND' },
      });
      expect(await ada.post('/unlink-account', { providerId: 'github' })).toMatchObject({ status: 200 });
      expect(await providersOf(ada)).toEqual(['credential']);
    });

    it('protects the last way to sign in, and answers 401 without a session', async () => {
      const email = uniqueEmail('only-google');
      google.addUser({ sub: `only-${email}`, email, emailVerified: true, name: 'O' });
      const token = await google.signIdToken({ sub: `only-${email}`, email, email_verified: true, name: 'O' });
      const signedIn = await postJson(
        stack.url('/api/auth/sign-in/social'),
        { provider: 'google', idToken: { token } },
        { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() },
      );
      const cookie = cookieHeaderFrom(sessionCookies(signedIn.setCookies));
      const unlink = (body: unknown, headers: Record<string, string> = { cookie }) =>
        postJson(stack.url('/api/auth/unlink-account'), body, { origin: stack.baseUrl, ...headers });
      expect(await unlink({ providerId: 'google' })).toMatchObject({
        status: 400,
        body: { code: 'FAILED_TO_UNLINK_LAST_ACCOUNT', message: "You can't unlink your last account" },
      });
      expect(await unlink({ providerId: 'google' }, {})).toMatchObject({ status: 401 });
    });
  });

  it('unlinks only with a fresh session (SESSION_FRESH_AGE): 403 SESSION_NOT_FRESH', async () => {
    await stack.restart('gateway', { SESSION_FRESH_AGE: '1' });
    try {
      const ada = await signUpActor(stack, 'unlink-stale');
      expect(location(await linkThrough(ada, 'github', githubUser(ada.email, true)))).toBe('/account/linked');
      await sleep(1500);
      expect(await ada.post('/unlink-account', { providerId: 'github' })).toMatchObject({
        status: 403,
        body: { code: 'SESSION_NOT_FRESH' },
      });
      expect(await providersOf(ada)).toEqual(['credential', 'github']);
    } finally {
      await stack.restart('gateway', {});
    }
  });

  describe('the linking settings', () => {
    afterAll(() => stack.restart('identity', {}));

    it('ACCOUNT_LINKING_ENABLED=false refuses both branches', async () => {
      await stack.restart('identity', { ACCOUNT_LINKING_ENABLED: 'false' });
      const ada = await signUpActor(stack, 'linking-off');
      google.addUser({ sub: `off-${ada.email}`, email: ada.email, emailVerified: true, name: 'Ada' });
      expect(location(await linkThrough(ada, 'google', `off-${ada.email}`))).toBe('/oops?error=unable_to_link_account');
      const token = await google.signIdToken({ sub: `off-${ada.email}`, email: ada.email, email_verified: true });
      expect(await linkIdToken(ada, token)).toMatchObject({ status: 401, body: { code: 'LINKING_NOT_ALLOWED' } });
    });

    describe('with TRUSTED_PROVIDERS, ALLOW_DIFFERENT_EMAILS, ALLOW_UNLINKING_ALL and UPDATE_USER_INFO_ON_LINK', () => {
      beforeAll(() =>
        stack.restart('identity', {
          TRUSTED_PROVIDERS: 'github',
          ALLOW_DIFFERENT_EMAILS: 'true',
          ALLOW_UNLINKING_ALL: 'true',
          UPDATE_USER_INFO_ON_LINK: 'true',
        }),
      );

      it('TRUSTED_PROVIDERS: a signed-in user links an address GitHub did not verify, never at sign-in', async () => {
        const ada = await signUpActor(stack, 'trusted');
        expect(location(await linkThrough(ada, 'github', githubUser(ada.email, false)))).toBe('/account/linked');
        expect(await providersOf(ada)).toEqual(['credential', 'github']);
        // Implicit linking at sign-in still needs GitHub's verification (pre-account takeover).
        // Grace's address is verified (Google vouched for it at her sign-up); an unverified GitHub one meets it.
        const email = uniqueEmail('trusted-victim');
        const token = await google.signIdToken({ sub: `victim-${email}`, email, email_verified: true, name: 'G' });
        expect(
          (await postJson(stack.url('/api/auth/sign-in/social'), { provider: 'google', idToken: { token } })).status,
        ).toBe(200);
        const started = await postJson<{ url: string }>(
          stack.url('/api/auth/sign-in/social'),
          { provider: 'github', errorCallbackURL: '/oops' },
          { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() },
        );
        const redirect = await github.authorize(started.body.url, githubUser(email, false));
        const answer = await request(String(redirect), {
          headers: { cookie: cookieHeaderFrom(started.setCookies), 'x-forwarded-for': randomClientIp() },
        });
        expect(location(answer)).toBe('/oops?error=account_not_linked');
      });

      it("ALLOW_DIFFERENT_EMAILS and UPDATE_USER_INFO_ON_LINK: another address links, the provider's name and image copied", async () => {
        const ada = await signUpActor(stack, 'different');
        const sub = `different-${ada.email}`;
        const picture = 'https://images.example/ada.png';
        google.addUser({ sub, email: uniqueEmail('other'), emailVerified: true, name: 'Ada Lovelace', picture });
        expect(location(await linkThrough(ada, 'google', sub))).toBe('/account/linked');
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

      it('ALLOW_UNLINKING_ALL: the last way to sign in may go', async () => {
        const email = uniqueEmail('unlink-all');
        const token = await google.signIdToken({ sub: `all-${email}`, email, email_verified: true, name: 'A' });
        const signedIn = await postJson(
          stack.url('/api/auth/sign-in/social'),
          { provider: 'google', idToken: { token } },
          { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() },
        );
        const cookie = cookieHeaderFrom(sessionCookies(signedIn.setCookies));
        const answer = await postJson(
          stack.url('/api/auth/unlink-account'),
          { providerId: 'google' },
          { origin: stack.baseUrl, cookie },
        );
        expect(answer).toMatchObject({ status: 200, body: { status: true } });
        const accounts = await request<AccountRow[]>(stack.url('/api/auth/list-accounts'), { headers: { cookie } });
        expect(accounts.body).toEqual([]);
      });
    });
  });
});
