import pg from 'pg';
import { signUpActor } from './support/actor.js';
import { connectClient } from './support/client.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import { signInThrough, type SocialUser } from './support/social-session.js';
import { TestStack } from './support/test-stack.js';

interface AccessTokenAnswer {
  accessToken: string;
  accessTokenExpiresAt?: string;
  scopes: string[];
  idToken?: string;
}

describe('provider tokens through the gateway (get-access-token, refresh-token, account-info)', () => {
  let stack: TestStack;
  let google: LocalOpenIdProvider;
  let github: GitHubStandIn;
  let db: pg.Client;

  beforeAll(async () => {
    // A sign-in's access token lives two seconds, always within the five-second window: the first get-access-token
    // refreshes it. A refreshed one lives an hour: later calls answer it as it is.
    google = await LocalOpenIdProvider.start({
      issuer: 'https://accounts.google.com',
      accessTokenTtlSeconds: 2,
      refreshedAccessTokenTtlSeconds: 3600,
    });
    github = await GitHubStandIn.start();
    stack = await TestStack.start({
      ...google.env('GOOGLE'),
      ...github.env('GITHUB'),
      // A company provider whose discovery fails: nothing listens on port 9 of loopback.
      OIDC_PROVIDERS: 'down',
      DOWN_ISSUER: 'http://127.0.0.1:9',
      DOWN_CLIENT_ID: 'down-client',
      DOWN_CLIENT_SECRET: 'down-secret',
    });
    google.allowRedirectUri(stack.url('/api/auth/callback/google'));
    github.allowRedirectUri(stack.url('/api/auth/callback/github'));
    // Two identity replicas share the NATS queue group: parallel calls reach both.
    await stack.startServiceReplica('identity');
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await google?.stop();
    await github?.stop();
  });

  const post = <T>(path: string, body: unknown, cookie: string) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, {
      cookie,
      origin: stack.baseUrl,
      'x-forwarded-for': randomClientIp(),
    });
  const get = <T>(path: string, cookie: string) =>
    request<T>(stack.url(`/api/auth${path}`), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });

  const signIn = (provider: string, authorize: (url: string) => Promise<URL>) =>
    signInThrough(stack, provider, authorize);

  const googleUser = (): Promise<SocialUser & { sub: string }> => {
    const email = uniqueEmail('tokens');
    const sub = `google-${email}`;
    google.addUser({ sub, email, emailVerified: true, name: 'Ada Lovelace', picture: 'https://example.com/ada.png' });
    return signIn('google', (url) => google.authorize(url, sub)).then((user) => ({ ...user, sub }));
  };

  const githubUser = (): Promise<SocialUser & { id: number }> => {
    const id = Math.floor(Math.random() * 1e9);
    const email = uniqueEmail('octo');
    github.addUser({
      id,
      login: 'octocat',
      name: 'Mona',
      emails: [{ email, primary: true, verified: true, visibility: null }],
    });
    return signIn('github', (url) => github.authorize(url, id)).then((user) => ({ ...user, id }));
  };

  const refreshEvents = async (accountId: string): Promise<number> => {
    const { rows } = await db.query<{ count: string }>(
      `SELECT count(*) FROM identity.events WHERE type = 'ProviderTokensRefreshed' AND data->>'accountId' = $1`,
      [accountId],
    );
    return Number(rows[0].count);
  };

  /** Whether the provider takes the token (its userinfo endpoint answers with the person). */
  const providerAccepts = async (accessToken: string): Promise<boolean> =>
    (await fetch(`${google.origin}/me`, { headers: { authorization: `Bearer ${accessToken}` } })).ok;

  it('answers 401 without a session, on all four routes', async () => {
    const answers = await Promise.all([
      post('/get-access-token', { providerId: 'google' }, ''),
      post('/refresh-token', { providerId: 'google' }, ''),
      get('/account-info?accountId=x', ''),
      post('/account-info', { accountId: 'x' }, ''),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
  });

  it('get-access-token refreshes a token about to expire, then answers the fresh one; the 1.7 and spec bodies', async () => {
    const user = await googleUser();
    const before = Date.now();
    const modern = await post<AccessTokenAnswer>('/get-access-token', { accountId: user.accountId }, user.cookie);
    expect(modern.status).toBe(200);
    expect(Object.keys(modern.body).sort()).toEqual(['accessToken', 'accessTokenExpiresAt', 'idToken', 'scopes']);
    expect([...modern.body.scopes].sort()).toEqual(['email', 'openid', 'profile']);
    const expiresAt = Date.parse(modern.body.accessTokenExpiresAt!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3599_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(await providerAccepts(modern.body.accessToken)).toBe(true);
    expect(await refreshEvents(user.accountId)).toBe(1);

    // The spec's body names the provider (and a userId other than the session's changes nothing): the token has
    // an hour left, so it is answered without a refresh.
    const spec = await post<AccessTokenAnswer>(
      '/get-access-token',
      { providerId: 'google', userId: 'someone-else' },
      user.cookie,
    );
    expect(spec.status).toBe(200);
    expect(spec.body).toEqual(modern.body);
    expect(await refreshEvents(user.accountId)).toBe(1);
  });

  it('makes one refresh grant for parallel calls on two identity replicas; the rotated token still refreshes', async () => {
    const user = await googleUser();
    const calls = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0
          ? post<AccessTokenAnswer>('/get-access-token', { accountId: user.accountId }, user.cookie)
          : post<AccessTokenAnswer>('/get-access-token', { providerId: 'google' }, user.cookie),
      ),
    );
    expect(calls.map((call) => call.status)).toEqual(Array(8).fill(200));
    expect(new Set(calls.map((call) => call.body.accessToken)).size).toBe(1);
    expect(await refreshEvents(user.accountId)).toBe(1);

    // Forced refreshes in parallel share a grant too. One that reaches identity after a grant has ended makes its
    // own (it asked for a refresh after that one): each grant's token is answered to the calls that shared it.
    const forced = await Promise.all(
      Array.from({ length: 6 }, () =>
        post<{ accessToken: string }>('/refresh-token', { accountId: user.accountId }, user.cookie),
      ),
    );
    expect(forced.map((call) => call.status)).toEqual(Array(6).fill(200));
    const grants = new Set(forced.map((call) => call.body.accessToken)).size;
    expect(grants).toBeLessThan(6);
    expect(await refreshEvents(user.accountId)).toBe(1 + grants);

    // Had two grants presented one rotating refresh token, the provider would have revoked the grant.
    const later = await post<{ accessToken: string }>('/refresh-token', { accountId: user.accountId }, user.cookie);
    expect(later.status).toBe(200);
    expect(await providerAccepts(later.body.accessToken)).toBe(true);
  });

  it('refresh-token answers the reference shape without the refresh token, which stays with identity', async () => {
    // The local provider gives no refresh-token lifetime, so refreshTokenExpiresAt is left out, as the reference does.
    const user = await googleUser();
    const answer = await post<Record<string, unknown>>('/refresh-token', { providerId: 'google' }, user.cookie);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([
      'accessToken',
      'accessTokenExpiresAt',
      'accountId',
      'idToken',
      'providerId',
      'scope',
    ]);
    expect(answer.body).toMatchObject({ providerId: 'google', accountId: user.accountId });
    expect(String(answer.body.scope).split(',').sort()).toEqual(['email', 'openid', 'profile']);
  });

  it('answers the reference errors: unknown account, unsupported provider, no refresh token, provider refusal', async () => {
    const actor = await signUpActor(stack, 'credential');
    const [credential] = (await get<{ id: string }[]>('/list-accounts', actor.cookie)).body;
    expect(await post('/get-access-token', { accountId: 'no-such-account' }, actor.cookie)).toMatchObject({
      status: 400,
      body: { code: 'ACCOUNT_NOT_FOUND', message: 'Account not found' },
    });
    expect(await post('/get-access-token', { useAccountCookie: true }, actor.cookie)).toMatchObject({
      status: 400,
      body: { code: 'ACCOUNT_NOT_FOUND' },
    });
    expect(await post('/get-access-token', { accountId: credential.id }, actor.cookie)).toMatchObject({
      status: 400,
      body: { code: 'PROVIDER_NOT_SUPPORTED', message: 'Provider credential is not supported.' },
    });
    expect(await get(`/account-info?accountId=${credential.id}`, actor.cookie)).toMatchObject({
      status: 400,
      body: { code: 'PROVIDER_NOT_CONFIGURED' },
    });

    // GitHub gives no refresh token (and no expiry): its token is answered as is, and cannot be refreshed.
    const octo = await githubUser();
    const token = await post<AccessTokenAnswer>('/get-access-token', { providerId: 'github' }, octo.cookie);
    expect(token.status).toBe(200);
    expect(token.body.accessTokenExpiresAt).toBeUndefined();
    expect(await post('/refresh-token', { accountId: octo.accountId }, octo.cookie)).toMatchObject({
      status: 400,
      body: { code: 'REFRESH_TOKEN_NOT_FOUND', message: 'Refresh token not found' },
    });
    // Another user's account is not the caller's.
    expect(await post('/get-access-token', { accountId: octo.accountId }, actor.cookie)).toMatchObject({
      status: 400,
      body: { code: 'ACCOUNT_NOT_FOUND' },
    });

    // The person left the provider: it refuses their refresh token.
    const leaving = await googleUser();
    google.removeUser(leaving.sub);
    expect(await post('/get-access-token', { accountId: leaving.accountId }, leaving.cookie)).toMatchObject({
      status: 400,
      body: { code: 'FAILED_TO_GET_ACCESS_TOKEN', message: 'Failed to get a valid access token' },
    });
    expect(await post('/refresh-token', { accountId: leaving.accountId }, leaving.cookie)).toMatchObject({
      status: 400,
      body: { code: 'FAILED_TO_REFRESH_ACCESS_TOKEN', message: 'Failed to refresh access token' },
    });
  });

  it("account-info answers the provider's profile, by GET (1.7) and by POST (the spec)", async () => {
    const octo = await githubUser();
    const info = await get<Record<string, unknown>>(`/account-info?accountId=${octo.accountId}`, octo.cookie);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      user: {
        id: String(octo.id),
        name: 'Mona',
        email: expect.any(String),
        image: expect.stringContaining(String(octo.id)),
        emailVerified: true,
      },
      data: expect.objectContaining({ id: octo.id, login: 'octocat', name: 'Mona' }),
      account: { id: octo.accountId, providerId: 'github', accountId: String(octo.id) },
    });

    const ada = await googleUser();
    const posted = await post<Record<string, unknown>>('/account-info', { accountId: ada.accountId }, ada.cookie);
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({
      user: { id: ada.sub, name: 'Ada Lovelace', image: 'https://example.com/ada.png', emailVerified: true },
      data: expect.objectContaining({ sub: ada.sub, iss: 'https://accounts.google.com' }),
      account: { id: ada.accountId, providerId: 'google', accountId: ada.sub },
    });
  });

  it('works with the better-auth client: getAccessToken, refreshToken, accountInfo', async () => {
    const ada = await googleUser();
    const client = connectClient(stack.baseUrl, []);
    const options = { headers: { cookie: ada.cookie } };
    const token = await client.getAccessToken({ accountId: ada.accountId }, options);
    expect(token.error).toBeNull();
    expect(await providerAccepts(String(token.data?.accessToken))).toBe(true);
    const refreshed = await client.refreshToken({ accountId: ada.accountId }, options);
    expect(refreshed.error).toBeNull();
    expect(refreshed.data).toMatchObject({ providerId: 'google', accountId: ada.accountId });
    const info = await client.accountInfo({ query: { accountId: ada.accountId } }, options);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ user: { id: ada.sub, name: 'Ada Lovelace' } });
  });

  it('says a provider whose discovery fails is temporarily unavailable, at sign-in and at the callback', async () => {
    const headers = { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() };
    const signIn = await postJson(stack.url('/api/auth/sign-in/social'), { provider: 'down' }, headers);
    expect(signIn.status).toBe(503);
    // A flow of another provider brings its state to the failing one's callback: the lookup fails before the
    // mix-up check, and the app hears "try again", not "no such provider".
    const started = await postJson<{ url: string }>(
      stack.url('/api/auth/sign-in/social'),
      { provider: 'google', errorCallbackURL: '/oops' },
      headers,
    );
    const state = new URL(started.body.url).searchParams.get('state')!;
    const answer = await request(stack.url(`/api/auth/callback/down?state=${state}&code=any`), {
      headers: { cookie: cookieHeaderFrom(started.setCookies), 'x-forwarded-for': randomClientIp() },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/oops?error=temporarily_unavailable');
  });
});
