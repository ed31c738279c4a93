import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Two-factor plugin errors (`/two-factor/*` and the second step of a sign-in), worded and coded as 1.7 answers. */
export const TwoFactorErrors = {
  OTP_HAS_EXPIRED: defineError('OTP has expired', HttpStatus.BAD_REQUEST),
  TOTP_NOT_ENABLED: defineError('TOTP not enabled', HttpStatus.BAD_REQUEST),
  TOTP_ALREADY_ENABLED: defineError('TOTP is already enabled', HttpStatus.BAD_REQUEST, 'TOTP_ALREADY_ENABLED'),
  TWO_FACTOR_NOT_ENABLED: defineError("Two factor isn't enabled", HttpStatus.BAD_REQUEST, 'TWO_FACTOR_NOT_ENABLED'),
  BACKUP_CODES_NOT_ENABLED: defineError(
    "Backup codes aren't enabled",
    HttpStatus.BAD_REQUEST,
    'BACKUP_CODES_NOT_ENABLED',
  ),
  INVALID_BACKUP_CODE: defineError('Invalid backup code', HttpStatus.UNAUTHORIZED),
  INVALID_CODE: defineError('Invalid code', HttpStatus.UNAUTHORIZED),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: defineError(
    'Too many attempts. Please request a new code.',
    HttpStatus.BAD_REQUEST,
    'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  ),
  INVALID_TWO_FACTOR_COOKIE: defineError('Invalid two factor cookie', HttpStatus.UNAUTHORIZED),
  ACCOUNT_TEMPORARILY_LOCKED: defineError(
    'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
    HttpStatus.TOO_MANY_REQUESTS,
    'ACCOUNT_TEMPORARILY_LOCKED',
  ),
} as const;
