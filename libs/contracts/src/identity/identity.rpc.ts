import { defineRpc } from '../messaging/rpc-definition.js';
import { GetUserRequest } from './get-user.request.js';
import type { TwoFactorChallenge } from './two-factor.requests.js';
import { RegisterUserRequest } from './register-user.request.js';
import {
  ChangePasswordRequest,
  CheckPasswordRequest,
  PasswordResetTokenRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
} from './password.requests.js';
import { ConfirmUserDeletionRequest, DeleteUserRequest, type DeleteUserReply } from './delete-user.requests.js';
import { UpdateUserRequest } from './update-user.request.js';
import { UsernameAvailabilityRequest } from './username.requests.js';
import { SignInWithEmailRequest, SignInWithUsernameRequest } from './sign-in.requests.js';
import {
  ChangeEmailRequest,
  SendVerificationEmailRequest,
  VerifyEmailRequest,
  type VerifyEmailReply,
} from './verification.requests.js';
import {
  AdminUpdateUserRequest,
  BanUserRequest,
  CreateUserRequest,
  ListUsersRequest,
  RemoveUserRequest,
  SetRoleByEmailRequest,
  SetRoleRequest,
  SetUserPasswordRequest,
  UnbanUserRequest,
  type UserPage,
} from '../admin/admin.requests.js';
import type { AccountView } from './account.view.js';
import { LinkWithIdTokenRequest, StartSocialLinkRequest, UnlinkAccountRequest } from './account-linking.requests.js';
import {
  ListSocialProvidersRequest,
  SignInWithIdTokenRequest,
  SocialCallbackRequest,
  StartSocialSignInRequest,
  type SocialAuthorization,
  type SocialCallbackReply,
} from './social.requests.js';
import type { UserView } from './user.view.js';
import type { StartedSession } from '../session/session.rpc.js';

/** A password change: the replacing session when the others were revoked (answered by the session service). */
export type PasswordChangeReply = StartedSession | { readonly session: null; readonly user: UserView };

// WARNING: persisted names (subjects), do not rename.
export const IdentityRpc = {
  registerUser: defineRpc<RegisterUserRequest, StartedSession>('identity.rpc.user.register', RegisterUserRequest),
  getUser: defineRpc<GetUserRequest, UserView | null>('identity.rpc.user.get', GetUserRequest),
  /**
   * Sign-in: identity checks the password and hands the request on to the session service
   * (`session.rpc.session.create`), whose answer reaches the caller directly; or
   * INVALID_EMAIL_OR_PASSWORD, whichever part was wrong.
   */
  signInWithEmail: defineRpc<SignInWithEmailRequest, StartedSession | TwoFactorChallenge>(
    'identity.rpc.sign-in.email',
    SignInWithEmailRequest,
  ),
  /** As `signInWithEmail`, with 'Invalid username or password' whichever part was wrong. */
  signInWithUsername: defineRpc<SignInWithUsernameRequest, StartedSession | TwoFactorChallenge>(
    'identity.rpc.sign-in.username',
    SignInWithUsernameRequest,
  ),
  isUsernameAvailable: defineRpc<UsernameAvailabilityRequest, { available: boolean }>(
    'identity.rpc.user.is-username-available',
    UsernameAvailabilityRequest,
  ),
  /** Always `{status: true}` for anonymous callers, whether or not the address has an account. */
  sendVerificationEmail: defineRpc<SendVerificationEmailRequest, { status: true }>(
    'identity.rpc.verification.send',
    SendVerificationEmailRequest,
  ),
  verifyEmail: defineRpc<VerifyEmailRequest, VerifyEmailReply>(
    'identity.rpc.verification.verify-email',
    VerifyEmailRequest,
  ),
  /** `{status: true}` whether or not the new address is free: a taken one is mailed nothing. */
  changeEmail: defineRpc<ChangeEmailRequest, { status: true }>('identity.rpc.user.change-email', ChangeEmailRequest),
  /** The same `{status, message}` whether or not the address has an account. */
  requestPasswordReset: defineRpc<RequestPasswordResetRequest, { status: true; message: string }>(
    'identity.rpc.password.request-reset',
    RequestPasswordResetRequest,
  ),
  checkPasswordResetToken: defineRpc<PasswordResetTokenRequest, { valid: boolean }>(
    'identity.rpc.password.check-reset-token',
    PasswordResetTokenRequest,
  ),
  resetPassword: defineRpc<ResetPasswordRequest, { status: true }>('identity.rpc.password.reset', ResetPasswordRequest),
  /**
   * Checks the current password and changes it: the user as it is after the change, with no session; with
   * `revokeOtherSessions` the request is handed on to the session service (`session.rpc.session.create` ending
   * the user's other sessions first), which answers the replacing session itself.
   */
  changePassword: defineRpc<ChangePasswordRequest, PasswordChangeReply>(
    'identity.rpc.password.change',
    ChangePasswordRequest,
  ),
  listAccounts: defineRpc<GetUserRequest, AccountView[]>('identity.rpc.account.list', GetUserRequest),
  updateUser: defineRpc<UpdateUserRequest, UserView>('identity.rpc.user.update', UpdateUserRequest),
  deleteUser: defineRpc<DeleteUserRequest, DeleteUserReply>('identity.rpc.user.delete', DeleteUserRequest),
  /** Deletes the user; handed on to the session service, which ends their sessions and answers `{revoked}`. */
  confirmUserDeletion: defineRpc<ConfirmUserDeletionRequest, { revoked: number }>(
    'identity.rpc.user.confirm-deletion',
    ConfirmUserDeletionRequest,
  ),
  checkPassword: defineRpc<CheckPasswordRequest, { status: true }>(
    'identity.rpc.credential.check-password',
    CheckPasswordRequest,
  ),
  setPassword: defineRpc<SetPasswordRequest, { status: true }>('identity.rpc.password.set', SetPasswordRequest),
  /** Admin: the user with the roles the request's actor gave them (only known roles). */
  setRole: defineRpc<SetRoleRequest, UserView>('identity.rpc.user.set-role', SetRoleRequest),
  /** Admin: the banned user (not oneself). Their sessions are the session service's to end. */
  banUser: defineRpc<BanUserRequest, UserView>('identity.rpc.user.ban', BanUserRequest),
  unbanUser: defineRpc<UnbanUserRequest, UserView>('identity.rpc.user.unban', UnbanUserRequest),
  /** Admin: a new user, with a credential account when a password is given; no verification mail. */
  createUser: defineRpc<CreateUserRequest, UserView>('identity.rpc.user.create', CreateUserRequest),
  /** Admin: `getUser` on the admins' route (the internal subject stays out of the gateway's reach). */
  adminGetUser: defineRpc<GetUserRequest, UserView | null>('identity.rpc.user.admin-get', GetUserRequest),
  listUsers: defineRpc<ListUsersRequest, UserPage>('identity.rpc.user.list', ListUsersRequest),
  adminUpdateUser: defineRpc<AdminUpdateUserRequest, UserView>(
    'identity.rpc.user.admin-update',
    AdminUpdateUserRequest,
  ),
  /** Admin: replaces the user's password (or gives them a first one); their sessions stay. */
  setUserPassword: defineRpc<SetUserPasswordRequest, { status: true }>(
    'identity.rpc.password.admin-set',
    SetUserPasswordRequest,
  ),
  /** Admin: deletes the user; handed on to the session service, which ends their sessions and answers `{revoked}`. */
  removeUser: defineRpc<RemoveUserRequest, { revoked: number }>('identity.rpc.user.remove', RemoveUserRequest),
  /** Server code only (`npm run admin -- grant|revoke <email>`): the roles of the user with this email. */
  setRoleByEmail: defineRpc<SetRoleByEmailRequest, UserView>(
    'identity.rpc.user.set-role-by-email',
    SetRoleByEmailRequest,
  ),
  /** The provider's authorization URL of a new social sign-in, its flow kept by identity; 404 PROVIDER_NOT_FOUND. */
  startSocialSignIn: defineRpc<StartSocialSignInRequest, SocialAuthorization>(
    'identity.rpc.social.authorize',
    StartSocialSignInRequest,
  ),
  /** A provider's callback: where the browser goes, and a grant for the session when a user was resolved. */
  finishSocialSignIn: defineRpc<SocialCallbackRequest, SocialCallbackReply>(
    'identity.rpc.social.callback',
    SocialCallbackRequest,
    { sentOnce: true },
  ),
  /**
   * Sign-in with an id token the client brings: identity checks it and hands the request on to the session
   * service, which answers; 401 INVALID_TOKEN, 404 ID_TOKEN_NOT_SUPPORTED, the linking errors.
   */
  signInWithIdToken: defineRpc<SignInWithIdTokenRequest, StartedSession | TwoFactorChallenge>(
    'identity.rpc.social.id-token',
    SignInWithIdTokenRequest,
    { sentOnce: true },
  ),
  /** link-social's redirect branch: a flow whose callback links the account to the user; as startSocialSignIn. */
  startSocialLink: defineRpc<StartSocialLinkRequest, SocialAuthorization>(
    'identity.rpc.social.link',
    StartSocialLinkRequest,
  ),
  /** link-social's id-token branch; 401 INVALID_TOKEN, LINKING_NOT_ALLOWED, 409 SOCIAL_ACCOUNT_ALREADY_LINKED, … */
  linkWithIdToken: defineRpc<LinkWithIdTokenRequest, { status: true }>(
    'identity.rpc.social.link-id-token',
    LinkWithIdTokenRequest,
    { sentOnce: true },
  ),
  /** Unlinks one of the user's provider accounts; 400 FAILED_TO_UNLINK_LAST_ACCOUNT, ACCOUNT_NOT_FOUND. */
  unlinkAccount: defineRpc<UnlinkAccountRequest, { status: true }>('identity.rpc.account.unlink', UnlinkAccountRequest),
  /** The configured provider ids, for the web client. */
  listSocialProviders: defineRpc<ListSocialProvidersRequest, { providers: string[] }>(
    'identity.rpc.social.providers',
    ListSocialProvidersRequest,
  ),
} as const;

/** NATS queue group shared by identity replicas. */
export const IDENTITY_QUEUE = 'identity';
