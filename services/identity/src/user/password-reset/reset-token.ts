import { randomString } from '@authsvc/platform';

/** 24 characters of [A-Za-z0-9] from a CSPRNG, as the reference client expects. */
export function newResetToken(): string {
  return randomString(24);
}

/** The mailed link: the gateway checks the token and sends the browser to the app's reset page with it. */
export function passwordResetUrl(baseUrl: URL, token: string, redirectTo: string | undefined): string {
  const url = new URL(`${baseUrl.toString().replace(/\/$/, '')}/api/auth/reset-password/${token}`);
  url.searchParams.set('callbackURL', redirectTo ?? '');
  return url.toString();
}
