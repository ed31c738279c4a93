import { createAuthClient, type BetterAuthClientPlugin } from 'better-auth/client';
import { CookieJar } from '../../../examples/client-smoke.js';
import { randomClientIp } from './http.js';

/**
 * The published client with `plugins`, unchanged, as an app would use it: Node's fetch has no cookie jar and
 * sends no Origin, so each user's jar and the gateway's origin are the app's glue here.
 */
export function connectClient<TPlugins extends BetterAuthClientPlugin[]>(baseURL: string, plugins: TPlugins) {
  const jar = new CookieJar();
  const ip = randomClientIp();
  return createAuthClient({
    baseURL,
    plugins,
    fetchOptions: {
      onRequest(context) {
        context.headers.set('x-forwarded-for', ip);
        context.headers.set('origin', new URL(baseURL).origin);
        const cookie = jar.header();
        if (cookie) context.headers.set('cookie', cookie);
        return context;
      },
      onResponse(context) {
        jar.store(context.response.headers.getSetCookie());
      },
    },
  });
}
