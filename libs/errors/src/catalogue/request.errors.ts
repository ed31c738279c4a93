import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Errors of the transport itself: validation, origins, limits, unexpected failures. */
export const RequestErrors = {
  INVALID_BODY: defineError('Invalid body parameters', HttpStatus.BAD_REQUEST, 'VALIDATION_ERROR'),
  INVALID_QUERY: defineError('Invalid query parameters', HttpStatus.BAD_REQUEST, 'VALIDATION_ERROR'),
  INVALID_JSON: defineError('Invalid JSON in request body', HttpStatus.BAD_REQUEST, 'BAD_REQUEST'),
  /** Worded with the request's Content-Type (printable, at most 100 characters), as the reference does. */
  UNSUPPORTED_MEDIA_TYPE: defineError(
    'Content-Type is not allowed. Allowed types: application/x-www-form-urlencoded, application/json',
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    'UNSUPPORTED_MEDIA_TYPE',
    /^Content-Type "[\x20\x21\x23-\x7e]{0,100}" is not allowed\. Allowed types: application\/x-www-form-urlencoded, application\/json$/,
  ),
  /** A redirect URL field that is not a string, in the reference's words; the code derives from the message. */
  CALLBACK_URL_NOT_A_STRING: defineError('Invalid callbackURL: expected a string', HttpStatus.BAD_REQUEST),
  REDIRECT_URL_NOT_A_STRING: defineError('Invalid redirectURL: expected a string', HttpStatus.BAD_REQUEST),
  ERROR_CALLBACK_URL_NOT_A_STRING: defineError('Invalid errorCallbackURL: expected a string', HttpStatus.BAD_REQUEST),
  NEW_USER_CALLBACK_URL_NOT_A_STRING: defineError(
    'Invalid newUserCallbackURL: expected a string',
    HttpStatus.BAD_REQUEST,
  ),
  INVALID_ORIGIN: defineError('Invalid origin', HttpStatus.FORBIDDEN),
  MISSING_OR_NULL_ORIGIN: defineError('Missing or null Origin', HttpStatus.FORBIDDEN),
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: defineError(
    'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
    HttpStatus.FORBIDDEN,
    'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  ),
  INVALID_CALLBACK_URL: defineError('Invalid callbackURL', HttpStatus.FORBIDDEN, 'INVALID_CALLBACK_URL'),
  INVALID_REDIRECT_URL: defineError('Invalid redirectURL', HttpStatus.FORBIDDEN, 'INVALID_REDIRECT_URL'),
  INVALID_ERROR_CALLBACK_URL: defineError(
    'Invalid errorCallbackURL',
    HttpStatus.FORBIDDEN,
    'INVALID_ERROR_CALLBACK_URL',
  ),
  INVALID_NEW_USER_CALLBACK_URL: defineError(
    'Invalid newUserCallbackURL',
    HttpStatus.FORBIDDEN,
    'INVALID_NEW_USER_CALLBACK_URL',
  ),
  PAYLOAD_TOO_LARGE: defineError('Request body is too large', HttpStatus.PAYLOAD_TOO_LARGE),
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: defineError(
    'POST method requires deferSessionRefresh to be enabled in session config',
    HttpStatus.METHOD_NOT_ALLOWED,
    'METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED',
  ),
  UNAUTHORIZED: defineError('Unauthorized', HttpStatus.UNAUTHORIZED),
  NOT_FOUND: defineError('Not Found', HttpStatus.NOT_FOUND),
  TOO_MANY_REQUESTS: defineError(
    'Too many requests. Please try again later.',
    HttpStatus.TOO_MANY_REQUESTS,
    'TOO_MANY_REQUESTS',
  ),
  CONCURRENT_MODIFICATION: defineError('Concurrent modification, please retry', HttpStatus.CONFLICT),
  SERVICE_UNAVAILABLE: defineError('Service temporarily unavailable', HttpStatus.SERVICE_UNAVAILABLE),
  INTERNAL_SERVER_ERROR: defineError('Internal server error', HttpStatus.INTERNAL_SERVER_ERROR),
} as const;
