import * as oauth from 'oauth4webapi';
import { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import { insecure, RelyingParty } from './support/identity-providers/relying-party.js';
import { ELSEWHERE, firstPage, REDIRECT_URI, withParam } from './support/identity-providers/provider-probes.js';

// The local identity providers are test equipment for the social sign-in tests; these tests prove them first,
// with oauth4webapi as the client (see relying-party.ts). They need no stack.

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
