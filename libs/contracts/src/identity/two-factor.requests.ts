import { IsIn, IsOptional } from 'class-validator';
import { Id, LIMITS, OptionalBoolean, OptionalText, Password, Text } from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { traced } from '../messaging/traced-request.js';
import type { StartedSession } from '../session/session.rpc.js';
import type { UserView } from './user.view.js';

/** The methods a sign-in's second step may be proven with, in the reference's order. */
export type ChallengeMethod = 'totp' | 'otp';

/** POST /two-factor/disable, /two-factor/get-totp-uri, /two-factor/generate-backup-codes. */
export class TwoFactorPasswordBody {
  @Password()
  password!: string;
}

/**
 * POST /two-factor/disable. `revokeOtherSessions` (beyond 1.7): every other session of the user ends with the change,
 * whoever else may have been signed in meets the new setting at once.
 */
export class DisableTwoFactorBody extends TwoFactorPasswordBody {
  @OptionalBoolean()
  revokeOtherSessions?: boolean;
}

/**
 * POST /two-factor/enable: `method` totp (default: a secret to verify) or otp (mailed codes, on at once, other
 * sessions ended with `revokeOtherSessions`).
 */
export class EnableTwoFactorBody extends DisableTwoFactorBody {
  @OptionalText(LIMITS.name)
  issuer?: string;

  @IsOptional()
  @IsIn(['totp', 'otp'])
  method?: ChallengeMethod;
}

/** POST /two-factor/send-otp. */
export class SendTwoFactorCodeBody {
  @OptionalBoolean()
  trustDevice?: boolean;
}

/**
 * POST /two-factor/verify-totp and /two-factor/verify-otp. `revokeOtherSessions` (beyond 1.7): when this code turns
 * two-factor on, every other session of the user ends.
 */
export class VerifyTwoFactorCodeBody extends SendTwoFactorCodeBody {
  @Text(LIMITS.token)
  code!: string;

  @OptionalBoolean()
  revokeOtherSessions?: boolean;
}

/** POST /two-factor/verify-backup-code: `disableSession` spends the code without starting a session. */
export class VerifyBackupCodeBody extends VerifyTwoFactorCodeBody {
  @OptionalBoolean()
  disableSession?: boolean;
}

/**
 * A signed-in user's two-factor change, authorised by their password (checked under the password throttle), with
 * the client facts of the session that replaces theirs when two-factor goes on or off.
 */
export class TwoFactorSetupRequest extends sessionClient(EnableTwoFactorBody) {
  @Id()
  userId!: string;
}

/**
 * Who proves a second factor: the sign-in waiting for it (`challengeId`, from the signed two_factor cookie), or
 * the signed-in user (`userId`), one of the two.
 */
export class SecondFactorHolder extends sessionClient(Object) {
  @OptionalText(LIMITS.token)
  challengeId?: string;

  @IsOptional()
  @Id()
  userId?: string;
}

/** A code to check by `method`, for `SecondFactorHolder`; `trustDevice`: remember this device for 30 days. */
export class VerifySecondFactorRequest extends SecondFactorHolder {
  @IsIn(['totp', 'otp', 'backup-code'])
  method!: 'totp' | 'otp' | 'backup-code';

  @Text(LIMITS.token)
  code!: string;

  @OptionalBoolean()
  trustDevice?: boolean;

  @OptionalBoolean()
  revokeOtherSessions?: boolean;
}

/** An admin's look at, or reset of, a user's second factor. */
export class AdminTwoFactorRequest extends traced(Object) {
  @Id()
  userId!: string;
}

/**
 * A second factor proven by a sign-in's challenge (`challenge: true`: the gateway starts the session with the
 * challenge's remember-me choice) or by a signed-in user: the user as they now are, and a new trusted device's id
 * for the trust_device cookie (null when none was asked for).
 */
export interface SecondFactorProven {
  readonly user: UserView;
  readonly challenge: boolean;
  readonly rememberMe: boolean;
  readonly trustedDevice: string | null;
}

/**
 * A signed-in user's proof that turned two-factor on (or a change that turned it on or off) answers with the
 * session that replaces theirs, started for the user as they now are.
 */
export type SecondFactorReply = SecondFactorProven | StartedSession;

/**
 * A first factor was proven for a two-factor user: the sign-in continues only with a second one. The gateway sets
 * `challengeId` as the two_factor cookie, and clears a trust_device cookie the request carried (`untrustDevice`).
 */
export interface TwoFactorChallenge {
  readonly twoFactorRedirect: true;
  readonly twoFactorMethods: ChallengeMethod[];
  readonly challengeId: string;
  readonly untrustDevice: boolean;
}

/** What enable answers: a TOTP secret's URI and backup codes (totp), or nothing but the method (otp). */
export type TwoFactorEnabledReply =
  { readonly method: 'totp'; readonly totpURI: string; readonly backupCodes: string[] } | StartedSession;

/** An admin's view of a user's factors. */
export interface TwoFactorFactors {
  readonly twoFactorEnabled: boolean;
  readonly methods: ('totp' | 'otp' | 'backup-code')[];
  readonly backupCodesLeft: number;
}
