import type { SocialAuthorization } from '@authsvc/contracts';
import type { FastifyReply } from 'fastify';
import { locationOf } from '../http/location.js';
import type { AuthCookies } from '../session/auth-cookies.js';

/**
 * The answer that sends the browser to a provider (sign-in/social, link-social): the state cookie, expiring with
 * the flow, and `{url, redirect: true}` with a Location, or with `disableRedirect` `{url, redirect: false}` only.
 */
export function authorizationAnswer(
  { url, state, expiresAt }: SocialAuthorization,
  disableRedirect: boolean | undefined,
  cookies: AuthCookies,
  response: FastifyReply,
): { url: string; redirect: boolean } {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  response.header('Set-Cookie', cookies.issueState(state, maxAge));
  if (disableRedirect === true) return { url, redirect: false };
  response.header('Location', locationOf(url));
  return { url, redirect: true };
}
