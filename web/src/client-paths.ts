/**
 * Every page of the web client, as react-router patterns. The router (routes.tsx) is built from them, and the
 * build hands them to the gateway (client-paths.json, see vite.config.ts), which serves the client at these paths
 * alone, so that a deep link survives a reload and any other path answers 404.
 */
export const CLIENT_PATHS = {
  home: '/',
  signIn: '/sign-in',
  signInLink: '/sign-in/link',
  signInCode: '/sign-in/code',
  twoFactor: '/two-factor',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where a verification link sends the browser: plain on success, with `?error=CODE` when it failed. */
  emailVerified: '/email-verified',
  error: '/error',
  goodbye: '/goodbye',
  acceptInvitation: '/accept-invitation/:id',
  account: '/account',
  accountEmail: '/account/email',
  accountPassword: '/account/password',
  accountSessions: '/account/sessions',
  accountSignInMethods: '/account/sign-in-methods',
  accountSecurity: '/account/security',
  accountDelete: '/account/delete',
  organizations: '/organizations',
  newOrganization: '/organizations/new',
  organization: '/organization',
  admin: '/admin',
  newUser: '/admin/users/new',
  user: '/admin/users/:id',
  adminAudit: '/admin/audit',
} as const;

/** The file of the build that lists CLIENT_PATHS for the gateway. */
export const CLIENT_PATHS_FILE = 'client-paths.json';
