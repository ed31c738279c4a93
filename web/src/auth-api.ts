/** The few calls of the auth API this page makes; the gateway serves both, so cookies are first-party. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export interface CurrentSession {
  session: { id: string; expiresAt: string };
  user: SignedInUser;
}

export class AuthApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`/api/auth${path}`, {
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    ...init,
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new AuthApiError(body?.message ?? response.statusText, body?.code ?? 'UNKNOWN');
  }
  return body as T;
}

export const authApi = {
  getSession: () => call<CurrentSession | null>('/get-session'),
  signUp: (input: { name: string; email: string; password: string }) =>
    call<{ token: string | null }>('/sign-up/email', { method: 'POST', body: JSON.stringify(input) }),
  signIn: (input: { email: string; password: string }) =>
    call<{ token: string }>('/sign-in/email', { method: 'POST', body: JSON.stringify(input) }),
  signOut: () => call<{ success: boolean }>('/sign-out', { method: 'POST', body: '{}' }),
};
