import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Account, credential and session errors (spec §8 "Auth", with the current client's wording and codes). */
export const AuthErrors = {
  USER_NOT_FOUND: defineError('User not found', HttpStatus.NOT_FOUND),
  FAILED_TO_CREATE_USER: defineError('Failed to create user', HttpStatus.UNPROCESSABLE_ENTITY),
  FAILED_TO_CREATE_SESSION: defineError('Failed to create session', HttpStatus.BAD_REQUEST),
  FAILED_TO_UPDATE_USER: defineError('Failed to update user', HttpStatus.BAD_REQUEST),
  FAILED_TO_GET_SESSION: defineError('Failed to get session', HttpStatus.INTERNAL_SERVER_ERROR),
  INVALID_PASSWORD: defineError('Invalid password', HttpStatus.BAD_REQUEST),
  INVALID_EMAIL: defineError('Invalid email', HttpStatus.BAD_REQUEST),
  INVALID_EMAIL_OR_PASSWORD: defineError('Invalid email or password', HttpStatus.UNAUTHORIZED),
  /** link-social with an id token of a provider account another user holds. */
  SOCIAL_ACCOUNT_ALREADY_LINKED: defineError('Social account already linked', HttpStatus.CONFLICT),
  PROVIDER_NOT_FOUND: defineError('Provider not found', HttpStatus.NOT_FOUND),
  INVALID_TOKEN: defineError('Invalid token', HttpStatus.BAD_REQUEST),
  TOKEN_EXPIRED: defineError('Token expired', HttpStatus.UNAUTHORIZED),
  /** A change-email link followed by a browser signed in as another user. */
  INVALID_USER: defineError('Invalid user', HttpStatus.UNAUTHORIZED),
  ID_TOKEN_NOT_SUPPORTED: defineError('id_token not supported', HttpStatus.NOT_FOUND),
  FAILED_TO_GET_USER_INFO: defineError('Failed to get user info', HttpStatus.UNAUTHORIZED),
  USER_EMAIL_NOT_FOUND: defineError('User email not found', HttpStatus.UNAUTHORIZED),
  EMAIL_NOT_VERIFIED: defineError('Email not verified', HttpStatus.FORBIDDEN),
  PASSWORD_TOO_SHORT: defineError('Password too short', HttpStatus.BAD_REQUEST),
  PASSWORD_TOO_LONG: defineError('Password too long', HttpStatus.BAD_REQUEST),
  /** The reference's code for a refused password (its haveibeenpwned plugin); ours refuses the most common ones. */
  PASSWORD_COMPROMISED: defineError(
    'The password you entered has been compromised. Please choose a different password.',
    HttpStatus.BAD_REQUEST,
    'PASSWORD_COMPROMISED',
  ),
  PASSWORD_CONTAINS_CONTEXT_WORD: defineError(
    'Password contains a word that is too easy to guess here',
    HttpStatus.BAD_REQUEST,
    'PASSWORD_CONTAINS_CONTEXT_WORD',
  ),
  USER_ALREADY_EXISTS: defineError(
    'User already exists. Use another email.',
    HttpStatus.UNPROCESSABLE_ENTITY,
    'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  ),
  EMAIL_CAN_NOT_BE_UPDATED: defineError('Email can not be updated', HttpStatus.BAD_REQUEST),
  FIELD_NOT_ALLOWED: defineError(
    'Field not allowed to be set',
    HttpStatus.BAD_REQUEST,
    'FIELD_NOT_ALLOWED',
    /^(role|banned|banReason|banExpires) is not allowed to be set$/,
  ),
  NO_FIELDS_TO_UPDATE: defineError('No fields to update', HttpStatus.BAD_REQUEST),
  CREDENTIAL_ACCOUNT_NOT_FOUND: defineError('Credential account not found', HttpStatus.BAD_REQUEST),
  SESSION_EXPIRED: defineError('Session expired. Re-authenticate to perform this action.', HttpStatus.BAD_REQUEST),
  FAILED_TO_UNLINK_LAST_ACCOUNT: defineError(
    "You can't unlink your last account",
    HttpStatus.BAD_REQUEST,
    'FAILED_TO_UNLINK_LAST_ACCOUNT',
  ),
  ACCOUNT_NOT_FOUND: defineError('Account not found', HttpStatus.BAD_REQUEST),
  SESSION_NOT_FRESH: defineError('Session is not fresh', HttpStatus.FORBIDDEN, 'SESSION_NOT_FRESH'),
  SESSION_NOT_FOUND: defineError('Session not found', HttpStatus.BAD_REQUEST),
  EMAIL_PASSWORD_DISABLED: defineError('Email and password is not enabled', HttpStatus.BAD_REQUEST),
  EMAIL_PASSWORD_SIGN_UP_DISABLED: defineError('Email and password sign up is not enabled', HttpStatus.BAD_REQUEST),
  VERIFICATION_EMAIL_DISABLED: defineError("Verification email isn't enabled", HttpStatus.BAD_REQUEST),
  RESET_PASSWORD_DISABLED: defineError("Reset password isn't enabled", HttpStatus.BAD_REQUEST),
  CHANGE_EMAIL_DISABLED: defineError('Change email is disabled', HttpStatus.BAD_REQUEST),
  EMAIL_IS_THE_SAME: defineError('Email is the same', HttpStatus.BAD_REQUEST),
  USER_ALREADY_HAS_PASSWORD: defineError('user already has a password', HttpStatus.BAD_REQUEST),
  EMAIL_ALREADY_VERIFIED: defineError('Email is already verified', HttpStatus.BAD_REQUEST, 'EMAIL_ALREADY_VERIFIED'),
  EMAIL_MISMATCH: defineError('Email mismatch', HttpStatus.BAD_REQUEST, 'EMAIL_MISMATCH'),
  RESET_REQUEST_ACCEPTED: defineError(
    'If this email exists in our system, check your email for the reset link',
    HttpStatus.BAD_REQUEST,
  ),
  ACCOUNT_NOT_LINKED: defineError('account not linked', HttpStatus.UNAUTHORIZED),
  /** The id-token branch of sign-in/social says the same under the reference's code. */
  OAUTH_LINK_ERROR: defineError('account not linked', HttpStatus.UNAUTHORIZED, 'OAUTH_LINK_ERROR'),
  UNABLE_TO_LINK_ACCOUNT: defineError('unable to link account', HttpStatus.UNAUTHORIZED),
  SIGNUP_DISABLED: defineError('signup disabled', HttpStatus.UNAUTHORIZED),
  UNABLE_TO_CREATE_USER: defineError('unable to create user', HttpStatus.UNAUTHORIZED),
  UNABLE_TO_CREATE_SESSION: defineError('unable to create session', HttpStatus.UNAUTHORIZED),
  LINKING_NOT_ALLOWED: defineError(
    'Account not linked - linking not allowed',
    HttpStatus.UNAUTHORIZED,
    'LINKING_NOT_ALLOWED',
  ),
  DIFFERENT_EMAILS_NOT_ALLOWED: defineError(
    'Account not linked - different emails not allowed',
    HttpStatus.UNAUTHORIZED,
    'LINKING_DIFFERENT_EMAILS_NOT_ALLOWED',
  ),
  UNABLE_TO_CREATE_ACCOUNT: defineError(
    'Account not linked - unable to create account',
    HttpStatus.EXPECTATION_FAILED,
    'LINKING_FAILED',
  ),
  USER_ID_OR_SESSION_REQUIRED: defineError('Either userId or session is required', HttpStatus.BAD_REQUEST),
  /** The reference's code is not its message's. */
  FAILED_TO_GET_ACCESS_TOKEN: defineError(
    'Failed to get a valid access token',
    HttpStatus.BAD_REQUEST,
    'FAILED_TO_GET_ACCESS_TOKEN',
  ),
  FAILED_TO_REFRESH_ACCESS_TOKEN: defineError('Failed to refresh access token', HttpStatus.BAD_REQUEST),
  REFRESH_TOKEN_NOT_FOUND: defineError('Refresh token not found', HttpStatus.BAD_REQUEST),
  ACCESS_TOKEN_NOT_FOUND: defineError('Access token not found', HttpStatus.BAD_REQUEST),
  /** An account of a provider not configured (the credential account too), worded with its provider id. */
  PROVIDER_NOT_SUPPORTED: defineError(
    'Provider is not supported.',
    HttpStatus.BAD_REQUEST,
    'PROVIDER_NOT_SUPPORTED',
    /^Provider [\w.-]+ is not supported\.$/,
  ),
  /** account-info of an account whose provider is not configured. */
  PROVIDER_NOT_CONFIGURED: defineError(
    'Account is not associated with a configured social provider.',
    HttpStatus.BAD_REQUEST,
    'PROVIDER_NOT_CONFIGURED',
  ),
  CALLBACK_URL_REQUIRED: defineError('callbackURL is required', HttpStatus.BAD_REQUEST),
  UNABLE_TO_CREATE_VERIFICATION: defineError('Unable to create verification', HttpStatus.INTERNAL_SERVER_ERROR),
  SESSION_DATA_TOO_LARGE: defineError(
    'Session data is too large to store in the cookie. Please disable session cookie caching or reduce the size of the session data',
    HttpStatus.INTERNAL_SERVER_ERROR,
    'SESSION_DATA_TOO_LARGE',
  ),
  HEADERS_REQUIRED: defineError('Headers is required', HttpStatus.BAD_REQUEST),
  REQUEST_REQUIRED: defineError('Request is required', HttpStatus.BAD_REQUEST),
} as const;
