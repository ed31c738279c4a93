import { adminClient, organizationClient, usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The one API client of the web app: the published better-auth React client. The gateway serves the app and the
 * API from one origin (Vite's dev server proxies /api), so the default base URL, this page's origin, is right.
 */
export const authClient = createAuthClient({
  plugins: [usernameClient(), organizationClient({ teams: { enabled: true } }), adminClient()],
});

export type SessionData = typeof authClient.$Infer.Session;
