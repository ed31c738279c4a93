import { cookieHeaderFrom } from '../http.js';

/** Where the relying party of the provider tests has the provider send the browser back (nothing listens). */
export const REDIRECT_URI = 'http://127.0.0.1:9/api/auth/callback/test';
export const ELSEWHERE = 'http://127.0.0.1:9/elsewhere';

/** The page a browser first lands on at the provider (after its redirects), with the cookies set on the way. */
export async function firstPage(authorizationUrl: string): Promise<{ status: number; html: string }> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const page = await fetch(new URL(String(first.headers.get('location')), authorizationUrl), {
    redirect: 'manual',
    headers: { cookie: cookieHeaderFrom(first.headers.getSetCookie()) },
  });
  return { status: page.status, html: await page.text() };
}

/** `url` with one query parameter changed. */
export function withParam(url: string, name: string, value: string): string {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed.href;
}
