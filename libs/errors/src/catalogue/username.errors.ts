import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Username plugin errors, with the current client's wording and explicit codes. */
export const UsernameErrors = {
  INVALID_USERNAME_OR_PASSWORD: defineError('Invalid username or password', HttpStatus.UNAUTHORIZED),
  EMAIL_NOT_VERIFIED: defineError('Email not verified', HttpStatus.FORBIDDEN),
  UNEXPECTED_ERROR: defineError('Unexpected error', HttpStatus.INTERNAL_SERVER_ERROR),
  USERNAME_TOO_SHORT: defineError('Username is too short', HttpStatus.BAD_REQUEST, 'USERNAME_TOO_SHORT'),
  USERNAME_TOO_LONG: defineError('Username is too long', HttpStatus.BAD_REQUEST, 'USERNAME_TOO_LONG'),
  INVALID_USERNAME: defineError('Username is invalid', HttpStatus.BAD_REQUEST, 'INVALID_USERNAME'),
  USERNAME_IS_ALREADY_TAKEN: defineError(
    'Username is already taken. Please try another.',
    HttpStatus.BAD_REQUEST,
    'USERNAME_IS_ALREADY_TAKEN',
  ),
} as const;
