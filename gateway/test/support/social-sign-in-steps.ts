import { cookieHeaderFrom, postJson, randomClientIp, request } from './http.js';
import { GitHubStandIn } from './identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from './identity-providers/local-openid-provider.js';
import { startAdminStack, type AdminStack } from './admin-stack.js';
import type { TestStack } from './test-stack.js';

export interface Started {
  url: string;
  stateCookie: string;
}

/** The social suites' admin stack and providers: Google and a company's provider locally, GitHub's stand-in. */
export interface SocialWorld {
  admin: AdminStack;
  stack: TestStack;
  google: LocalOpenIdProvider;
  github: GitHubStandIn;
  acme: LocalOpenIdProvider;
  stop(): Promise<void>;
}

export async function startSocialWorld(): Promise<SocialWorld> {
  // The local provider signs under Google's issuer, so GOOGLE_ISSUER stays Google's; its endpoints are local.
  const google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
  const github = await GitHubStandIn.start();
  // A company's provider under its own issuer: the engine finds its endpoints by discovery.
  const acme = await LocalOpenIdProvider.start();
  const { ACME_ISSUER, ACME_CLIENT_ID, ACME_CLIENT_SECRET } = acme.env('ACME');
  const admin = await startAdminStack({
    ...google.env('GOOGLE'),
    ...github.env('GITHUB'),
    OIDC_PROVIDERS: 'acme',
    ACME_ISSUER,
    ACME_CLIENT_ID,
    ACME_CLIENT_SECRET,
  });
  const stack = admin.stack;
  acme.allowRedirectUri(stack.url('/api/auth/callback/acme'));
  google.allowRedirectUri(stack.url('/api/auth/callback/google'));
  github.allowRedirectUri(stack.url('/api/auth/callback/github'));
  const stop = async () => {
    await admin.stop();
    await google.stop();
    await github.stop();
    await acme.stop();
  };
  return { admin, stack, google, github, acme, stop };
}

/** The browser's side of the social suites, on the world `world()` returns when they run. */
export function socialSteps(world: () => SocialWorld) {
  const headers = () => ({ origin: world().stack.baseUrl, 'x-forwarded-for': randomClientIp() });

  async function start(provider: string, body: Record<string, unknown> = {}): Promise<Started> {
    const answer = await postJson<{ url: string; redirect: boolean }>(
      world().stack.url('/api/auth/sign-in/social'),
      { provider, callbackURL: '/dashboard', newUserCallbackURL: '/welcome', errorCallbackURL: '/oops', ...body },
      headers(),
    );
    expect(answer.status).toBe(200);
    return { url: answer.body.url, stateCookie: cookieHeaderFrom(answer.setCookies) };
  }

  /** The gateway's answer to the provider's redirect, sent with `cookie`. */
  const callback = (redirect: URL | string, cookie: string) =>
    request(String(redirect), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });

  const sessionOf = async (setCookies: readonly string[]) =>
    (
      await request<{ user: { id: string; email: string; emailVerified: boolean; name: string } } | null>(
        world().stack.url('/api/auth/get-session'),
        { headers: { cookie: cookieHeaderFrom(setCookies.filter((c) => c.includes('session_token'))) } },
      )
    ).body;

  const location = (answer: { headers: Headers }) => answer.headers.get('location');

  /** A new GitHub account whose only (primary) address is `email`; its id. */
  const githubUser = (email: string, verified: boolean, login = 'octocat'): number => {
    const id = Math.floor(Math.random() * 1e9);
    world().github.addUser({ id, login, name: null, emails: [{ email, primary: true, verified, visibility: null }] });
    return id;
  };

  return { headers, start, callback, sessionOf, location, githubUser };
}
