import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

/** Passkey errors, worded and coded as @better-auth/passkey 1.7 answers them. */
export const PasskeyErrors = {
  /** No challenge cookie, or its challenge is unknown, expired, already used or of the other ceremony. */
  CHALLENGE_NOT_FOUND: defineError('Challenge not found', HttpStatus.BAD_REQUEST),
  /** A registration challenge issued to another user than the session's. */
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: defineError(
    'You are not allowed to register this passkey',
    HttpStatus.UNAUTHORIZED,
  ),
  /** The reference answers a refused attestation with 500; a client's bad answer is a 400 here. */
  FAILED_TO_VERIFY_REGISTRATION: defineError('Failed to verify registration', HttpStatus.BAD_REQUEST),
  /** 404 at update and delete (another user's passkey too); 401 for an unknown credential at sign-in. */
  PASSKEY_NOT_FOUND: defineError('Passkey not found', HttpStatus.NOT_FOUND),
  AUTHENTICATION_FAILED: defineError('Authentication failed', HttpStatus.BAD_REQUEST),
};
