import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import { TestStack } from './support/test-stack.js';

describe("Sign in with Apple's form_post through the gateway", () => {
  let stack: TestStack;
  let apple: LocalOpenIdProvider;

  beforeAll(async () => {
    // A real OpenID provider under Apple's issuer; it answers `response_mode=form_post` with an auto-posting page.
    apple = await LocalOpenIdProvider.start({ issuer: 'https://appleid.apple.com' });
    // Apple issues an id token for `email name` alone; the local provider needs `openid` to issue one.
    stack = await TestStack.start({ ...apple.env('APPLE'), APPLE_SCOPES: 'openid' });
    apple.allowRedirectUri(stack.url('/api/auth/callback/apple'));
  });

  afterAll(async () => {
    await stack?.stop();
    await apple?.stop();
  });

  /**
   * A sign-in as `sub` up to the provider's page posting the answer to the gateway, then that POST as the browser
   * sends it: a cross-site form, without the Lax state cookie. `user` is the JSON Apple adds on the first consent.
   */
  async function postedCallback(sub: string, user?: Record<string, unknown>) {
    const started = await postJson<{ url: string }>(
      stack.url('/api/auth/sign-in/social'),
      { provider: 'apple', callbackURL: '/dashboard', newUserCallbackURL: '/welcome' },
      { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() },
    );
    expect(new URL(started.body.url).searchParams.get('response_mode')).toBe('form_post');
    const formPost = await apple.authorizeFormPost(started.body.url, sub);
    expect(formPost.action.href).toBe(stack.url('/api/auth/callback/apple'));
    const fields = { ...formPost.fields, ...(user === undefined ? {} : { user: JSON.stringify(user) }) };
    const posted = await request(formPost.action.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      body: new URLSearchParams(fields).toString(),
    });
    return { posted, stateCookie: cookieHeaderFrom(started.setCookies) };
  }

  const nameOf = async (setCookies: readonly string[]) => {
    const cookie = cookieHeaderFrom(setCookies.filter((line) => line.includes('session_token')));
    return (await request<{ user: { name: string } }>(stack.url('/api/auth/get-session'), { headers: { cookie } })).body
      .user.name;
  };

  it('signs up with the name of the first consent, then signs in again without it', async () => {
    const email = uniqueEmail('apple');
    const sub = `apple-${email}`;
    apple.addUser({ sub, email, emailVerified: true, name: '' });
    const first = await postedCallback(sub, { name: { firstName: 'Grace', lastName: 'Hopper' }, email });
    // The POST carries no cookie: the gateway answers with the GET of the same fields, which the browser follows
    // with its Lax state cookie.
    expect(first.posted.status).toBe(302);
    const get = new URL(first.posted.headers.get('location')!);
    expect(get.pathname).toBe('/api/auth/callback/apple');
    expect(get.searchParams.get('user')).toContain('Grace');
    const signedUp = await request(get.href, { headers: { cookie: first.stateCookie } });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get('location')).toBe('/welcome');
    expect(await nameOf(signedUp.setCookies)).toBe('Grace Hopper');

    // Apple sends the name only once: a later sign-in has no `user`, and the user keeps the name.
    const again = await postedCallback(sub);
    const returning = await request(again.posted.headers.get('location')!, { headers: { cookie: again.stateCookie } });
    expect(returning.headers.get('location')).toBe('/dashboard');
    expect(await nameOf(returning.setCookies)).toBe('Grace Hopper');
  });

  it('refuses the posted callback when the browser brings no state cookie to its GET', async () => {
    const email = uniqueEmail('apple-nocookie');
    apple.addUser({ sub: `apple-${email}`, email, emailVerified: true, name: '' });
    const { posted } = await postedCallback(`apple-${email}`);
    const answer = await request(posted.headers.get('location')!);
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location')!, stack.baseUrl).searchParams.get('error')).toBe('state_mismatch');
  });
});
