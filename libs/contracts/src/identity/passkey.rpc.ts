import { defineRpc } from '../messaging/rpc-definition.js';
import type { StartedSession } from '../session/session.rpc.js';
import {
  AdminRemovePasskeyRequest,
  DeletePasskeyRequest,
  PasskeyAuthenticationOptionsRequest,
  PasskeyRegistrationOptionsRequest,
  UpdatePasskeyRequest,
  UserPasskeysRequest,
  VerifyPasskeyAuthenticationRequest,
  VerifyPasskeyRegistrationRequest,
} from './passkey.requests.js';
import type { PasskeyCeremony, PasskeyView } from './passkey.view.js';

// WARNING: persisted names (subjects), do not rename.
/**
 * Passkeys (WebAuthn credentials) of users, kept by identity. Errors as @better-auth/passkey answers them
 * (`PasskeyErrors`): 400 CHALLENGE_NOT_FOUND, FAILED_TO_VERIFY_REGISTRATION, AUTHENTICATION_FAILED; 401
 * PASSKEY_NOT_FOUND at sign-in, 404 elsewhere.
 */
export const PasskeyRpc = {
  registrationOptions: defineRpc<PasskeyRegistrationOptionsRequest, PasskeyCeremony>(
    'identity.rpc.passkey.registration-options',
    PasskeyRegistrationOptionsRequest,
  ),
  /** Takes the challenge (single use): sent once. */
  verifyRegistration: defineRpc<VerifyPasskeyRegistrationRequest, PasskeyView>(
    'identity.rpc.passkey.verify-registration',
    VerifyPasskeyRegistrationRequest,
    { sentOnce: true },
  ),
  authenticationOptions: defineRpc<PasskeyAuthenticationOptionsRequest, PasskeyCeremony>(
    'identity.rpc.passkey.authentication-options',
    PasskeyAuthenticationOptionsRequest,
  ),
  /** Handed on to the session service, which starts the session and answers the caller. */
  verifyAuthentication: defineRpc<VerifyPasskeyAuthenticationRequest, StartedSession>(
    'identity.rpc.passkey.verify-authentication',
    VerifyPasskeyAuthenticationRequest,
    { sentOnce: true },
  ),
  list: defineRpc<UserPasskeysRequest, PasskeyView[]>('identity.rpc.passkey.list', UserPasskeysRequest),
  update: defineRpc<UpdatePasskeyRequest, { passkey: PasskeyView }>(
    'identity.rpc.passkey.update',
    UpdatePasskeyRequest,
  ),
  delete: defineRpc<DeletePasskeyRequest, { status: true }>('identity.rpc.passkey.delete', DeletePasskeyRequest),
  /** Admin: any user's passkeys (the admin's subject; the internal list stays the user's own). */
  adminList: defineRpc<UserPasskeysRequest, PasskeyView[]>('identity.rpc.passkey.admin-list', UserPasskeysRequest),
  adminRemove: defineRpc<AdminRemovePasskeyRequest, { success: true }>(
    'identity.rpc.passkey.admin-remove',
    AdminRemovePasskeyRequest,
  ),
} as const;
