import { IsIn } from 'class-validator';
import { Email, Flag, LIMITS, OptionalImage, OptionalText, OptionalUrl, Password, Text } from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { traced } from '../messaging/traced-request.js';

/** What a mailed one-time code is for, as better-auth's emailOTP plugin names it. */
export const EMAIL_OTP_TYPES = ['email-verification', 'sign-in', 'forget-password', 'change-email'] as const;
export type EmailOtpType = (typeof EMAIL_OTP_TYPES)[number];

/** A mailed code is at most this long whatever the configured length: a longer input is no code of ours. */
const OTP_INPUT_LIMIT = 32;

/** POST /sign-in/magic-link (the three URLs are checked against the trusted origins before this is read). */
export class SendMagicLinkBody {
  @Email()
  email!: string;

  @OptionalText(LIMITS.name)
  name?: string;

  @OptionalUrl()
  callbackURL?: string;

  @OptionalUrl()
  newUserCallbackURL?: string;

  @OptionalUrl()
  errorCallbackURL?: string;
}

/** Mails a sign-in link to the address, whether or not it has an account. */
export class SendMagicLinkRequest extends traced(SendMagicLinkBody) {}

/** GET /magic-link/verify: the query of the mailed link. */
export class MagicLinkQuery {
  @Text(LIMITS.token)
  token!: string;

  @OptionalUrl()
  callbackURL?: string;

  @OptionalUrl()
  newUserCallbackURL?: string;

  @OptionalUrl()
  errorCallbackURL?: string;
}

/** The token of a followed magic link. */
export class MagicLinkToken {
  @Text(LIMITS.token)
  token!: string;
}

/** Spends a magic link's token and signs its address in (registering it on first use). */
/** `trustedDevice`: as for a password sign-in, the browser's trusted device spares a two-factor user the second step. */
export class VerifyMagicLinkRequest extends sessionClient(MagicLinkToken) {
  @OptionalText(LIMITS.token)
  trustedDevice?: string;
}

/** POST /email-otp/send-verification-otp. */
export class SendEmailOtpBody {
  @Text(LIMITS.email)
  email!: string;

  @IsIn(EMAIL_OTP_TYPES)
  type!: EmailOtpType;
}

export class SendEmailOtpRequest extends traced(SendEmailOtpBody) {}

/** POST /email-otp/request-password-reset and /forget-password/email-otp. */
export class RequestPasswordResetOtpBody {
  @Text(LIMITS.email)
  email!: string;
}

/** POST /email-otp/check-verification-otp: tells whether the code is right without spending it. */
export class CheckEmailOtpBody {
  @Text(LIMITS.email)
  email!: string;

  @IsIn(EMAIL_OTP_TYPES)
  type!: EmailOtpType;

  @Text(OTP_INPUT_LIMIT)
  otp!: string;
}

export class CheckEmailOtpRequest extends traced(CheckEmailOtpBody) {}

/** POST /sign-in/email-otp; `name` and `image` are used only when the address registers. */
export class SignInEmailOtpBody {
  @Text(LIMITS.email)
  email!: string;

  @Text(OTP_INPUT_LIMIT)
  otp!: string;

  @OptionalText(LIMITS.name)
  name?: string;

  @OptionalImage()
  image?: string;
}

export class SignInEmailOtpRequest extends sessionClient(SignInEmailOtpBody) {
  @OptionalText(LIMITS.token)
  trustedDevice?: string;
}

/** POST /email-otp/verify-email. */
export class VerifyEmailOtpBody {
  @Text(LIMITS.email)
  email!: string;

  @Text(OTP_INPUT_LIMIT)
  otp!: string;
}

/** `signIn`: the gateway's AUTO_SIGN_IN_AFTER_VERIFICATION, as for the verification link. */
export class VerifyEmailOtpRequest extends sessionClient(VerifyEmailOtpBody) {
  @Flag()
  signIn!: boolean;
}

/** POST /email-otp/reset-password. */
export class ResetPasswordOtpBody {
  @Text(LIMITS.email)
  email!: string;

  @Text(OTP_INPUT_LIMIT)
  otp!: string;

  @Password()
  password!: string;
}

export class ResetPasswordOtpRequest extends traced(ResetPasswordOtpBody) {}
