import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Sign-in by mailed link or code (better-auth 1.7's magicLink and emailOTP plugins, their wording and codes). */
export const PasswordlessErrors = {
  /** A wrong code, a code replaced by a newer one, or no live code at all: the same answer. */
  INVALID_OTP: defineError('Invalid OTP', HttpStatus.BAD_REQUEST),
  OTP_EXPIRED: defineError('OTP expired', HttpStatus.BAD_REQUEST),
  /** The code's tries, or the address's budget of wrong codes, are used up (even a right code is refused then). */
  TOO_MANY_ATTEMPTS: defineError('Too many attempts', HttpStatus.FORBIDDEN),
  INVALID_OTP_TYPE: defineError('Invalid OTP type', HttpStatus.BAD_REQUEST),
  CHANGE_EMAIL_WITH_OTP_IS_DISABLED: defineError('Change email with OTP is disabled', HttpStatus.BAD_REQUEST),
  /** Sign-up on first use is off (EMAIL_SIGN_IN_SIGN_UP=false) and the address has no account. */
  NEW_USER_SIGNUP_DISABLED: defineError('New user signup disabled', HttpStatus.BAD_REQUEST),
} as const;
