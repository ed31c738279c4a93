import { createBrowserRouter, Navigate } from 'react-router';
import { authClient } from './api/auth-client';
import { CLIENT_PATHS } from './client-paths';
import { AppLayout } from './components/app-layout';
import { Loading } from './components/page';
import { RequireSession } from './components/require-session';
import { AccountLayout } from './pages/account/account-layout';
import { DeleteAccountPage, GoodbyePage } from './pages/account/delete-account-page';
import { EmailPage } from './pages/account/email-page';
import { PasswordPage } from './pages/account/password-page';
import { ProfilePage } from './pages/account/profile-page';
import { SessionsPage } from './pages/account/sessions-page';
import { SignInMethodsPage } from './pages/account/sign-in-methods-page';
import { AuditPage } from './pages/admin/audit-page';
import { CreateUserPage } from './pages/admin/create-user-page';
import { RequireAdmin } from './pages/admin/require-admin';
import { UserDetailsPage } from './pages/admin/user-details-page';
import { UsersPage } from './pages/admin/users-page';
import { EmailCodePage } from './pages/entry/email-code-page';
import { EmailVerifiedPage } from './pages/entry/email-verified-page';
import { ErrorPage, NotFoundPage } from './pages/entry/error-page';
import { ForgotPasswordPage } from './pages/entry/forgot-password-page';
import { MagicLinkPage } from './pages/entry/magic-link-page';
import { ResetPasswordPage } from './pages/entry/reset-password-page';
import { SignInPage } from './pages/entry/sign-in-page';
import { SignUpPage } from './pages/entry/sign-up-page';
import { TwoFactorPage } from './pages/entry/two-factor-page';
import { AcceptInvitationPage } from './pages/organization/accept-invitation-page';
import { ActiveOrganizationPage } from './pages/organization/active-organization-page';
import { CreateOrganizationPage } from './pages/organization/create-organization-page';
import { OrganizationsPage } from './pages/organization/organizations-page';

/** `/`: the account when signed in, else sign-in. */
function Home() {
  const { data, isPending } = authClient.useSession();
  if (isPending) return <Loading what="your session" />;
  return <Navigate to={data ? '/account' : '/sign-in'} replace />;
}

/** Absolute paths, all from CLIENT_PATHS: the gateway serves the client at those alone. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // Shown while a page loaded on demand arrives, when it is the first page opened.
    hydrateFallbackElement: <Loading what="the page" />,
    children: [
      { index: true, element: <Home /> },
      { path: CLIENT_PATHS.signIn, element: <SignInPage /> },
      { path: CLIENT_PATHS.signInLink, element: <MagicLinkPage /> },
      { path: CLIENT_PATHS.signInCode, element: <EmailCodePage /> },
      { path: CLIENT_PATHS.twoFactor, element: <TwoFactorPage /> },
      { path: CLIENT_PATHS.signUp, element: <SignUpPage /> },
      { path: CLIENT_PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      { path: CLIENT_PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: CLIENT_PATHS.emailVerified, element: <EmailVerifiedPage /> },
      { path: CLIENT_PATHS.error, element: <ErrorPage /> },
      { path: CLIENT_PATHS.goodbye, element: <GoodbyePage /> },
      { path: CLIENT_PATHS.acceptInvitation, element: <AcceptInvitationPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            path: CLIENT_PATHS.account,
            element: <AccountLayout />,
            children: [
              { index: true, element: <ProfilePage /> },
              { path: CLIENT_PATHS.accountEmail, element: <EmailPage /> },
              { path: CLIENT_PATHS.accountPassword, element: <PasswordPage /> },
              { path: CLIENT_PATHS.accountSessions, element: <SessionsPage /> },
              { path: CLIENT_PATHS.accountSignInMethods, element: <SignInMethodsPage /> },
              // Loaded when opened: its QR code library is for the few who set up an authenticator.
              {
                path: CLIENT_PATHS.accountSecurity,
                lazy: async () => ({ Component: (await import('./pages/account/security-page')).SecurityPage }),
              },
              { path: CLIENT_PATHS.accountDelete, element: <DeleteAccountPage /> },
            ],
          },
          { path: CLIENT_PATHS.organizations, element: <OrganizationsPage /> },
          { path: CLIENT_PATHS.newOrganization, element: <CreateOrganizationPage /> },
          { path: CLIENT_PATHS.organization, element: <ActiveOrganizationPage /> },
          {
            path: CLIENT_PATHS.admin,
            element: <RequireAdmin />,
            children: [
              { index: true, element: <UsersPage /> },
              { path: CLIENT_PATHS.newUser, element: <CreateUserPage /> },
              { path: CLIENT_PATHS.user, element: <UserDetailsPage /> },
              { path: CLIENT_PATHS.adminAudit, element: <AuditPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
