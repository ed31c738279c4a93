import { postJson, randomClientIp } from './http.js';
import type { TestStack } from './test-stack.js';

export interface AuthAnswer {
  token: string;
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean; createdAt: string };
}
export interface SessionAnswer {
  session: { id: string; token: string; userId: string; expiresAt: string; userAgent: string };
  user: AuthAnswer['user'];
}

/** A sign-up with a password from a client of its own. */
export const signUpWith = (stack: TestStack, body: unknown, headers: Record<string, string> = {}) =>
  postJson<AuthAnswer>(stack.url('/api/auth/sign-up/email'), body, {
    'x-forwarded-for': randomClientIp(),
    ...headers,
  });
