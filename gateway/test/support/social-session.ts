import { cookieHeaderFrom, postJson, randomClientIp, request } from './http.js';
import type { TestStack } from './test-stack.js';

/** A user signed in through a provider: their session cookie and the account's id (list-accounts' `id`). */
export interface SocialUser {
  cookie: string;
  accountId: string;
}

/** Signs in through `provider`, `authorize` answering as the provider's person, following the redirects a browser would. */
export async function signInThrough(
  stack: TestStack,
  provider: string,
  authorize: (url: string) => Promise<URL>,
): Promise<SocialUser> {
  const headers = { origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() };
  const started = await postJson<{ url: string }>(stack.url('/api/auth/sign-in/social'), { provider }, headers);
  const redirect = await authorize(started.body.url);
  const answer = await request(String(redirect), {
    headers: { cookie: cookieHeaderFrom(started.setCookies), 'x-forwarded-for': randomClientIp() },
  });
  const cookie = cookieHeaderFrom(answer.setCookies.filter((line) => line.includes('session_token')));
  const accounts = await request<{ id: string; providerId: string }[]>(stack.url('/api/auth/list-accounts'), {
    headers: { cookie, 'x-forwarded-for': randomClientIp() },
  });
  const account = accounts.body.find((entry) => entry.providerId === provider);
  if (account === undefined) throw new Error(`no ${provider} account after sign-in: ${JSON.stringify(answer)}`);
  return { cookie, accountId: account.id };
}
