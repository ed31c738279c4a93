import { defineRpc } from '../messaging/rpc-definition.js';
import type { StartedSession } from '../session/session.rpc.js';
import type { UserView } from './user.view.js';
import {
  AdminTwoFactorRequest,
  SecondFactorHolder,
  TwoFactorSetupRequest,
  VerifySecondFactorRequest,
  type SecondFactorReply,
  type TwoFactorEnabledReply,
  type TwoFactorFactors,
} from './two-factor.requests.js';

// WARNING: persisted names (subjects), do not rename.
/** The two-factor plugin's requests to identity (the gateway's /two-factor/* and the admin's view and reset). */
export const TwoFactorRpc = {
  /** A new TOTP secret and backup codes (or mailed codes on at once); 400 INVALID_PASSWORD, TOTP_ALREADY_ENABLED. */
  enable: defineRpc<TwoFactorSetupRequest, TwoFactorEnabledReply>(
    'identity.rpc.two-factor.enable',
    TwoFactorSetupRequest,
  ),
  /** Off, secret and codes void, every trusted device forgotten; a new session replaces the caller's. */
  disable: defineRpc<TwoFactorSetupRequest, StartedSession>('identity.rpc.two-factor.disable', TwoFactorSetupRequest),
  getTotpUri: defineRpc<TwoFactorSetupRequest, { totpURI: string }>(
    'identity.rpc.two-factor.get-totp-uri',
    TwoFactorSetupRequest,
  ),
  generateBackupCodes: defineRpc<TwoFactorSetupRequest, { status: true; backupCodes: string[] }>(
    'identity.rpc.two-factor.generate-backup-codes',
    TwoFactorSetupRequest,
  ),
  /** Mails a code for the challenge or the signed-in user; 401 INVALID_TWO_FACTOR_COOKIE. */
  sendCode: defineRpc<SecondFactorHolder, { status: true }>('identity.rpc.two-factor.send-code', SecondFactorHolder),
  /** Checks a TOTP, mailed or backup code; the errors of wire-mfa §1. Spends the challenge on success. */
  verify: defineRpc<VerifySecondFactorRequest, SecondFactorReply>(
    'identity.rpc.two-factor.verify',
    VerifySecondFactorRequest,
    { sentOnce: true },
  ),
  adminFactors: defineRpc<AdminTwoFactorRequest, TwoFactorFactors>(
    'identity.rpc.two-factor.admin-factors',
    AdminTwoFactorRequest,
  ),
  /** An admin turns the user's two-factor off (the event's actor is the admin). */
  adminReset: defineRpc<AdminTwoFactorRequest, UserView>('identity.rpc.two-factor.admin-reset', AdminTwoFactorRequest),
} as const;
