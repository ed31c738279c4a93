import { defineRpc } from '../messaging/rpc-definition.js';
import { GetUserRequest } from './get-user.request.js';
import { RegisterUserRequest } from './register-user.request.js';
import { VerifyPasswordRequest } from './verify-password.request.js';
import type { UserView } from './user.view.js';

// WARNING: persisted names (subjects), do not rename.
export const IdentityRpc = {
  registerUser: defineRpc<RegisterUserRequest, UserView>('identity.rpc.user.register', RegisterUserRequest),
  getUser: defineRpc<GetUserRequest, UserView | null>('identity.rpc.user.get', GetUserRequest),
  /** Sign-in with a password: the user, or INVALID_EMAIL_OR_PASSWORD whichever part was wrong. */
  verifyPassword: defineRpc<VerifyPasswordRequest, UserView>(
    'identity.rpc.credential.verify-password',
    VerifyPasswordRequest,
  ),
} as const;

/** NATS queue group shared by identity replicas. */
export const IDENTITY_QUEUE = 'identity';
