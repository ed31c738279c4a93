import pg from 'pg';
import type { Actor } from './actor.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, type JsonResponse } from './http.js';
import { GitHubStandIn } from './identity-providers/github-stand-in.js';
import { LocalOpenIdProvider } from './identity-providers/local-openid-provider.js';
import { TestStack } from './test-stack.js';

/** An entry of list-accounts, as the linking tests read it. */
export interface AccountRow {
  id: string;
  providerId: string;
  accountId: string;
  email: string | null;
}

/**
 * A stack with Google (the local OpenID provider under Google's issuer) and GitHub (the stand-in) configured, a
 * client of its database to read events, and what the linking tests do with them. Set once `beforeAll` ran.
 */
export interface LinkingStack {
  stack: TestStack;
  db: pg.Client;
  google: LocalOpenIdProvider;
  github: GitHubStandIn;
}

/** Starts the stack and the providers for the describe block it is called in; both stop after it. */
export function linkingStack(): LinkingStack {
  const linking = {} as LinkingStack;
  beforeAll(async () => {
    linking.google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
    linking.github = await GitHubStandIn.start();
    linking.stack = await TestStack.start({ ...linking.google.env('GOOGLE'), ...linking.github.env('GITHUB') });
    linking.google.allowRedirectUri(linking.stack.url('/api/auth/callback/google'));
    linking.github.allowRedirectUri(linking.stack.url('/api/auth/callback/github'));
    linking.db = new pg.Client({ connectionString: linking.stack.databaseUrl });
    await linking.db.connect();
  });
  afterAll(async () => {
    await linking.db?.end();
    await linking.stack?.stop();
    await linking.google?.stop();
    await linking.github?.stop();
  });
  return linking;
}

export const location = (answer: { headers: Headers }) => answer.headers.get('location');

/** A GitHub account of the stand-in whose only (primary) address is `email`; its id. */
export function githubUser({ github }: LinkingStack, email: string, verified: boolean): number {
  const id = Math.floor(Math.random() * 1e9);
  github.addUser({ id, login: 'octocat', name: null, emails: [{ email, primary: true, verified, visibility: null }] });
  return id;
}

/**
 * The actor starts link-social's redirect branch (back to `/account/linked`, errors to `/oops`), signs in at the
 * provider as `subject`, and their browser follows the provider's redirect: the gateway's answer to it.
 */
export async function linkThrough(
  { google, github }: LinkingStack,
  actor: Actor,
  provider: 'google' | 'github',
  subject: string | number,
): Promise<JsonResponse> {
  const started = await actor.post<{ url: string; redirect: boolean }>('/link-social', {
    provider,
    callbackURL: '/account/linked',
    errorCallbackURL: '/oops',
  });
  expect(started.status).toBe(200);
  const redirect =
    provider === 'google'
      ? await google.authorize(started.body.url, String(subject))
      : await github.authorize(started.body.url, Number(subject));
  return request(String(redirect), {
    headers: {
      cookie: `${actor.cookie}; ${cookieHeaderFrom(started.setCookies)}`,
      'x-forwarded-for': randomClientIp(),
    },
  });
}

export const accountsOf = async (actor: Actor) => (await actor.get<AccountRow[]>('/list-accounts')).body;

export const providersOf = async (actor: Actor) => (await accountsOf(actor)).map((a) => a.providerId).sort();

/** A new person signed in with Google only (an id token): the cookie header of their session. */
export async function googleOnlyUser({ stack, google }: LinkingStack, email: string): Promise<string> {
  const token = await google.signIdToken({ sub: `only-${email}`, email, email_verified: true, name: 'O' });
  const signedIn = await postJson(
    stack.url('/api/auth/sign-in/social'),
    { provider: 'google', idToken: { token } },
    { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() },
  );
  return cookieHeaderFrom(signedIn.setCookies.filter((c) => c.includes('session_token')));
}
