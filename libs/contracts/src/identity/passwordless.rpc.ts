import { defineRpc } from '../messaging/rpc-definition.js';
import type { StartedSession } from '../session/session.rpc.js';
import type { TwoFactorChallenge } from './two-factor.requests.js';
import type { UserView } from './user.view.js';
import {
  CheckEmailOtpRequest,
  ResetPasswordOtpRequest,
  SendEmailOtpRequest,
  SendMagicLinkRequest,
  SignInEmailOtpRequest,
  VerifyEmailOtpRequest,
  VerifyMagicLinkRequest,
} from './passwordless.requests.js';

/** verify-email by code: the session the code started (handed on to the session service), or no session. */
export type VerifyEmailOtpReply = StartedSession | { readonly status: true; readonly user: UserView };

// WARNING: persisted names (subjects), do not rename.
/**
 * Sign-in by mailed link or code (better-auth's magicLink and emailOTP). Every request that proves an address
 * and starts a session is handed on to the session service, which answers the caller.
 */
export const PasswordlessRpc = {
  /** `{status: true}` whether or not the address has an account: a link is mailed either way. */
  sendMagicLink: defineRpc<SendMagicLinkRequest, { status: true }>(
    'identity.rpc.passwordless.send-magic-link',
    SendMagicLinkRequest,
  ),
  verifyMagicLink: defineRpc<VerifyMagicLinkRequest, StartedSession | TwoFactorChallenge>(
    'identity.rpc.passwordless.verify-magic-link',
    VerifyMagicLinkRequest,
  ),
  /** `{success: true}` whether or not the address has an account (mailed as the type's rules say). */
  sendEmailOtp: defineRpc<SendEmailOtpRequest, { success: true }>('identity.rpc.email-otp.send', SendEmailOtpRequest),
  checkEmailOtp: defineRpc<CheckEmailOtpRequest, { success: true }>(
    'identity.rpc.email-otp.check',
    CheckEmailOtpRequest,
  ),
  signInWithEmailOtp: defineRpc<SignInEmailOtpRequest, StartedSession | TwoFactorChallenge>(
    'identity.rpc.email-otp.sign-in',
    SignInEmailOtpRequest,
  ),
  verifyEmailWithOtp: defineRpc<VerifyEmailOtpRequest, VerifyEmailOtpReply>(
    'identity.rpc.email-otp.verify-email',
    VerifyEmailOtpRequest,
  ),
  resetPasswordWithOtp: defineRpc<ResetPasswordOtpRequest, { success: true }>(
    'identity.rpc.email-otp.reset-password',
    ResetPasswordOtpRequest,
  ),
} as const;
