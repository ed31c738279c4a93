import { cookieHeaderFrom, randomClientIp, request, type JsonResponse } from './http.js';
import type { CeremonyOptions, SoftwareAuthenticator } from './software-authenticator.js';
import type { Actor } from './actor.js';
import type { TestStack } from './test-stack.js';

export interface PasskeyRow {
  id: string;
  name: string | null;
  userId: string;
  credentialID: string;
  counter: number;
  createdAt: string;
}

export const CHALLENGE_COOKIE = 'better-auth.better-auth-passkey';

/** The passkey ceremonies as a browser runs them against the gateway of `stack()`. */
export function passkeySteps(stack: () => TestStack) {
  /** A browser's request: its cookies, its page origin (the gateway's own unless told), its own address. */
  function send<T = unknown>(
    path: string,
    { cookie = '', body, origin = stack().baseUrl }: { cookie?: string; body?: unknown; origin?: string } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': randomClientIp(), cookie, origin };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const method = body === undefined ? 'GET' : 'POST';
    return request<T>(stack().url(`/api/auth${path}`), { method, headers, body: JSON.stringify(body) });
  }

  /** Options of a ceremony and the cookie header that carries its challenge afterwards. */
  async function options(path: string, cookie = ''): Promise<{ options: CeremonyOptions; cookie: string }> {
    const answer = await send<CeremonyOptions>(path, { cookie });
    expect(answer.status).toBe(200);
    const challenge = cookieHeaderFrom(answer.setCookies.filter((set) => set.startsWith(`${CHALLENGE_COOKIE}=`)));
    return { options: answer.body, cookie: [cookie, challenge].filter(Boolean).join('; ') };
  }

  async function register(actor: Actor, authenticator: SoftwareAuthenticator, name?: string): Promise<PasskeyRow> {
    const ceremony = await options('/passkey/generate-register-options', actor.cookie);
    const response = authenticator.register(ceremony.options);
    const answer = await send<PasskeyRow>('/passkey/verify-registration', {
      cookie: ceremony.cookie,
      body: { response, name },
    });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /** A passkey sign-in from a browser without a session. */
  async function signIn(
    authenticator: SoftwareAuthenticator,
    bend: Parameters<SoftwareAuthenticator['authenticate']>[1] = {},
  ) {
    const ceremony = await options('/passkey/generate-authenticate-options');
    const response = authenticator.authenticate(ceremony.options, bend);
    const answer = await send<{ session: { token: string; userId: string }; user: { id: string } }>(
      '/passkey/verify-authentication',
      { cookie: ceremony.cookie, body: { response } },
    );
    return { answer, cookie: ceremony.cookie, response };
  }

  return { send, options, register, signIn };
}
