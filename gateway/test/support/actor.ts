import { CookieJar } from '../../../examples/client-smoke.js';
import { eventually } from './eventually.js';
import { cookieHeaderFrom, randomClientIp, request, uniqueEmail, type JsonResponse } from './http.js';
import type { TestStack } from './test-stack.js';

/** A signed-in user of a test, calling /api/auth with their own session cookie and client address. */
export interface Actor {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  cookie: string;
  post<T = unknown>(path: string, body?: unknown): Promise<JsonResponse<T>>;
  get<T = unknown>(path: string, query?: Record<string, string | number | undefined>): Promise<JsonResponse<T>>;
}

/** Every actor's password (a test signs an actor in again with it). */
export const ACTOR_PASSWORD = 'correct-horse-battery-1';

/** Signs up a new user (unique email) and returns them signed in. */
export async function signUpActor(stack: TestStack, label = 'actor'): Promise<Actor> {
  const ip = randomClientIp();
  const email = uniqueEmail(label);
  const name = `${label} user`;
  const signUp = await postAuth<{ user: { id: string } }>(stack, ip, '/sign-up/email', {
    name,
    email,
    password: ACTOR_PASSWORD,
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  return actorWith(stack, ip, { id: signUp.body.user.id, email, name }, cookieHeaderFrom(signUp.setCookies));
}

/** The same user in a new session of their own (another browser), signed in with their password. */
export async function signInActor(stack: TestStack, user: Pick<Actor, 'id' | 'email' | 'name'>): Promise<Actor> {
  const ip = randomClientIp();
  const signIn = await postAuth(stack, ip, '/sign-in/email', { email: user.email, password: ACTOR_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return actorWith(stack, ip, user, cookieHeaderFrom(signIn.setCookies));
}

/**
 * Starts an impersonation of `targetId` by `admin` (waiting for a newly granted admin role to arrive, so that only
 * what follows is under test); the cookie header of the admin's browser afterwards: the impersonation session,
 * with the admin's own session kept aside.
 */
export async function impersonate(admin: Actor, targetId: string): Promise<string> {
  const started = await eventually(
    async () => {
      const answer = await admin.post('/admin/impersonate-user', { userId: targetId });
      return answer.status === 200 ? answer : undefined;
    },
    { what: 'the new admin to impersonate' },
  );
  const jar = new CookieJar();
  jar.store(admin.cookie.split('; '));
  jar.store(started.setCookies);
  return jar.header() ?? '';
}

function postAuth<T>(stack: TestStack, ip: string, path: string, body: unknown): Promise<JsonResponse<T>> {
  return request<T>(stack.url(`/api/auth${path}`), {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The user calling with `cookie`, from the client address `ip` (the one they signed in from). */
function actorWith(stack: TestStack, ip: string, user: Pick<Actor, 'id' | 'email' | 'name'>, cookie: string): Actor {
  const headers = { 'x-forwarded-for': ip };
  const origin = new URL(stack.url('/')).origin;
  const actor: Actor = {
    ...user,
    cookie,
    post: (path, body = {}) =>
      request(stack.url(`/api/auth${path}`), {
        method: 'POST',
        headers: { ...headers, cookie: actor.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    get: (path, query = {}) => {
      const url = new URL(stack.url(`/api/auth${path}`));
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(key, String(value));
      return request(url.toString(), { headers: { ...headers, cookie: actor.cookie } });
    },
  };
  return actor;
}

/** A slug no other test uses. */
export function uniqueSlug(label = 'org'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
