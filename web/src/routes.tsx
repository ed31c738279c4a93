import { createBrowserRouter, Navigate } from 'react-router';
import { authClient } from './api/auth-client';
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
import { CreateUserPage } from './pages/admin/create-user-page';
import { RequireAdmin } from './pages/admin/require-admin';
import { UserDetailsPage } from './pages/admin/user-details-page';
import { UsersPage } from './pages/admin/users-page';
import { EmailVerifiedPage } from './pages/entry/email-verified-page';
import { ErrorPage, NotFoundPage } from './pages/entry/error-page';
import { ForgotPasswordPage } from './pages/entry/forgot-password-page';
import { ResetPasswordPage } from './pages/entry/reset-password-page';
import { SignInPage } from './pages/entry/sign-in-page';
import { SignUpPage } from './pages/entry/sign-up-page';
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

/** Every path here is also served by the gateway (index.html for any non-API GET), so deep links survive reloads. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'email-verified', element: <EmailVerifiedPage /> },
      { path: 'error', element: <ErrorPage /> },
      { path: 'goodbye', element: <GoodbyePage /> },
      { path: 'accept-invitation/:id', element: <AcceptInvitationPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'account',
            element: <AccountLayout />,
            children: [
              { index: true, element: <ProfilePage /> },
              { path: 'email', element: <EmailPage /> },
              { path: 'password', element: <PasswordPage /> },
              { path: 'sessions', element: <SessionsPage /> },
              { path: 'sign-in-methods', element: <SignInMethodsPage /> },
              { path: 'delete', element: <DeleteAccountPage /> },
            ],
          },
          { path: 'organizations', element: <OrganizationsPage /> },
          { path: 'organizations/new', element: <CreateOrganizationPage /> },
          { path: 'organization', element: <ActiveOrganizationPage /> },
          {
            path: 'admin',
            element: <RequireAdmin />,
            children: [
              { index: true, element: <UsersPage /> },
              { path: 'users/new', element: <CreateUserPage /> },
              { path: 'users/:id', element: <UserDetailsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
