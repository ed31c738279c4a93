import {
  BackupCodesRegenerated,
  BackupCodeUsed,
  SecondFactorFailed,
  TotpSecretIssued,
  TwoFactorCodeRequested,
  TwoFactorDisabled,
  TwoFactorEnabled,
  type SecondFactorMethod,
} from '@authsvc/contracts';
import { DomainError, TwoFactorErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { RegisteredUser } from '../user/user-state.js';

/** A new secret and backup codes (enable): refused once a TOTP secret is verified. */
export interface IssueTotpSecret {
  readonly type: 'IssueTotpSecret';
  readonly secret: string;
  readonly backupCodeHashes: readonly string[];
  readonly now: Date;
}

/** A second factor was proven for the first time with this method: two-factor goes on. */
export interface EnableTwoFactor {
  readonly type: 'EnableTwoFactor';
  readonly method: 'totp' | 'otp';
  readonly now: Date;
}

export interface DisableTwoFactor {
  readonly type: 'DisableTwoFactor';
  readonly by: 'user' | 'admin';
  readonly now: Date;
}

export interface RegenerateBackupCodes {
  readonly type: 'RegenerateBackupCodes';
  readonly backupCodeHashes: readonly string[];
  readonly now: Date;
}

export interface UseBackupCode {
  readonly type: 'UseBackupCode';
  readonly index: number;
  readonly now: Date;
}

export interface RecordSecondFactorFailure {
  readonly type: 'RecordSecondFactorFailure';
  readonly method: SecondFactorMethod;
  readonly locked: boolean;
  readonly now: Date;
}

export interface RequestTwoFactorCode {
  readonly type: 'RequestTwoFactorCode';
  readonly email: string;
  readonly name: string;
  readonly code: string;
  readonly expiresAt: Date;
}

export type TwoFactorCommand =
  | IssueTotpSecret
  | EnableTwoFactor
  | DisableTwoFactor
  | RegenerateBackupCodes
  | UseBackupCode
  | RecordSecondFactorFailure
  | RequestTwoFactorCode;

export function decideTwoFactor(command: TwoFactorCommand, user: RegisteredUser): PendingEvent[] {
  const { userId, twoFactor } = user;
  switch (command.type) {
    case 'IssueTotpSecret': {
      if (twoFactor.secretVerified) throw new DomainError(TwoFactorErrors.TOTP_ALREADY_ENABLED);
      const { secret, backupCodeHashes } = command;
      const personal = { secret, backupCodeHashes: [...backupCodeHashes] };
      return [pendingEvent(TotpSecretIssued, { userId, issuedAt: command.now.toISOString() }, personal, userId)];
    }
    case 'EnableTwoFactor': {
      // Already on, and nothing new proven (a TOTP secret verified again, or a mailed code with two-factor on).
      if (twoFactor.enabled && (command.method === 'otp' || twoFactor.secretVerified)) return [];
      const { method } = command;
      return [pendingEvent(TwoFactorEnabled, { userId, method, enabledAt: command.now.toISOString() })];
    }
    case 'DisableTwoFactor':
      if (!twoFactor.enabled && twoFactor.secret === null) return [];
      return [pendingEvent(TwoFactorDisabled, { userId, by: command.by, disabledAt: command.now.toISOString() })];
    case 'RegenerateBackupCodes': {
      if (!twoFactor.enabled) throw new DomainError(TwoFactorErrors.TWO_FACTOR_NOT_ENABLED);
      const personal = { backupCodeHashes: [...command.backupCodeHashes] };
      const data = { userId, regeneratedAt: command.now.toISOString() };
      return [pendingEvent(BackupCodesRegenerated, data, personal, userId)];
    }
    case 'UseBackupCode':
      if (twoFactor.backupCodeHashes[command.index] == null) throw new DomainError(TwoFactorErrors.INVALID_BACKUP_CODE);
      return [pendingEvent(BackupCodeUsed, { userId, index: command.index, usedAt: command.now.toISOString() })];
    case 'RecordSecondFactorFailure': {
      const { method, locked } = command;
      return [pendingEvent(SecondFactorFailed, { userId, method, locked, failedAt: command.now.toISOString() })];
    }
    case 'RequestTwoFactorCode': {
      const { email, name, code } = command;
      const data = { userId, expiresAt: command.expiresAt.toISOString() };
      return [pendingEvent(TwoFactorCodeRequested, data, { email, name, code }, userId)];
    }
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}
