import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/**
 * The captcha check in front of sign-up, sign-in and password reset, worded and statused as the reference's
 * captcha plugin answers (wire-plugins.md §4); a provider that cannot be asked is its 500 "Something went wrong".
 */
export const CaptchaErrors = {
  MISSING_CAPTCHA_RESPONSE: defineError('Missing CAPTCHA response', HttpStatus.BAD_REQUEST),
  CAPTCHA_VERIFICATION_FAILED: defineError('Captcha verification failed', HttpStatus.FORBIDDEN),
  SOMETHING_WENT_WRONG: defineError('Something went wrong', HttpStatus.INTERNAL_SERVER_ERROR),
} as const;
