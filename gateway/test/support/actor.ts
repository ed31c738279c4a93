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
  const headers = { 'x-forwarded-for': ip };
  const origin = new URL(stack.url('/')).origin;
  const signUp = await request<{ user: { id: string } }>(stack.url('/api/auth/sign-up/email'), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: ACTOR_PASSWORD }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const actor: Actor = {
    id: signUp.body.user.id,
    email,
    name,
    cookie: cookieHeaderFrom(signUp.setCookies),
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
