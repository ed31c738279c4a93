import { passkeyClient } from '@better-auth/passkey/client';
import {
  adminClient,
  emailOTPClient,
  magicLinkClient,
  organizationClient,
  twoFactorClient,
  usernameClient,
} from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * How often (seconds) an open tab reads its session again. A session can end elsewhere (a ban, an admin's or
 * another device's revocation) and this tab must notice without a reload; the client also reads it again when the
 * tab becomes visible (better-auth's `refetchOnWindowFocus`, on by default) and on any 401 (see query-client.ts).
 */
const SESSION_REFETCH_SECONDS = 60;

/**
 * The one API client of the web app: the published better-auth React client. The gateway serves the app and the
 * API from one origin (Vite's dev server proxies /api), so the default base URL, this page's origin, is right.
 */
export const authClient = createAuthClient({
  // twoFactorClient without a redirect option: the sign-in screens read `twoFactorRedirect` from the answer and
  // move to the second-factor screen themselves, inside the app (the option's page reload would lose the state).
  plugins: [
    usernameClient(),
    organizationClient({ teams: { enabled: true } }),
    adminClient(),
    twoFactorClient(),
    magicLinkClient(),
    emailOTPClient(),
    passkeyClient(),
  ],
  sessionOptions: { refetchInterval: SESSION_REFETCH_SECONDS, refetchOnWindowFocus: true },
});

export type SessionData = typeof authClient.$Infer.Session;

/** Reads the session again (useSession's subscribers follow): for code outside a component. */
export function rereadSession(): void {
  authClient.$store.notify('$sessionSignal');
}
