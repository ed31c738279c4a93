import {
  BackupCodeUsed,
  SecondFactorFailed,
  TotpSecretIssued,
  TwoFactorDisabled,
  TwoFactorEnabled,
  UserRegistered,
} from '@authsvc/contracts';
import { TwoFactorErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { givenEvents, type Decider } from '@authsvc/platform/testing';
import { decideUser, type UserCommand } from '../user/user.decider.js';
import { evolveUser, initialUserState, registered, type UserState } from '../user/user-state.js';
import { secondFactorMethods } from './two-factor-state.js';

const user: Decider<UserCommand, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};
const now = new Date('2026-11-28T12:00:00.000Z');
const at = now.toISOString();
const signedUp = pendingEvent(
  UserRegistered,
  { userId: 'u1', emailVerified: true, createdAt: at },
  { email: 'ada@example.com', name: 'Ada', image: null },
  'u1',
);
const issued = pendingEvent(
  TotpSecretIssued,
  { userId: 'u1', issuedAt: at },
  { secret: 's', backupCodeHashes: ['h0', 'h1'] },
  'u1',
);
const enabledByTotp = pendingEvent(TwoFactorEnabled, { userId: 'u1', method: 'totp', enabledAt: at });
const stateAfter = (history: PendingEvent[]) => registered(givenEvents(user, history).state);

describe('user decider: two-factor', () => {
  it('issues a secret until one is verified, then refuses TOTP_ALREADY_ENABLED', () => {
    const issue: UserCommand = { type: 'IssueTotpSecret', secret: 's2', backupCodeHashes: ['x'], now };
    expect(givenEvents(user, [signedUp, issued]).when(issue).thenEvents()).toEqual([
      expect.objectContaining({ definition: TotpSecretIssued, personal: { secret: 's2', backupCodeHashes: ['x'] } }),
    ]);
    expect(givenEvents(user, [signedUp, issued, enabledByTotp]).when(issue).thenError()).toMatchObject(
      TwoFactorErrors.TOTP_ALREADY_ENABLED,
    );
  });

  it('turns on at the first verified code only, and offers TOTP once its secret is verified', () => {
    const enable: UserCommand = { type: 'EnableTwoFactor', method: 'totp', now };
    expect(givenEvents(user, [signedUp, issued]).when(enable).thenEvents()).toEqual([
      expect.objectContaining({ definition: TwoFactorEnabled, data: { userId: 'u1', method: 'totp', enabledAt: at } }),
    ]);
    expect(givenEvents(user, [signedUp, issued, enabledByTotp]).when(enable).thenEvents()).toEqual([]);
    expect(secondFactorMethods(stateAfter([signedUp, issued]).twoFactor)).toEqual(['otp']);
    expect(secondFactorMethods(stateAfter([signedUp, issued, enabledByTotp]).twoFactor)).toEqual(['totp', 'otp']);
  });

  it('spends a backup code once', () => {
    const use: UserCommand = { type: 'UseBackupCode', index: 1, now };
    expect(givenEvents(user, [signedUp, issued, enabledByTotp]).when(use).thenEvents()).toEqual([
      expect.objectContaining({ definition: BackupCodeUsed, data: { userId: 'u1', index: 1, usedAt: at } }),
    ]);
    const used = pendingEvent(BackupCodeUsed, { userId: 'u1', index: 1, usedAt: at });
    expect(givenEvents(user, [signedUp, issued, enabledByTotp, used]).when(use).thenError()).toMatchObject(
      TwoFactorErrors.INVALID_BACKUP_CODE,
    );
  });

  it('regenerates backup codes only while two-factor is on', () => {
    const regenerate: UserCommand = { type: 'RegenerateBackupCodes', backupCodeHashes: ['n'], now };
    expect(givenEvents(user, [signedUp, issued]).when(regenerate).thenError()).toMatchObject(
      TwoFactorErrors.TWO_FACTOR_NOT_ENABLED,
    );
    expect(givenEvents(user, [signedUp, issued, enabledByTotp]).when(regenerate).thenEvents()).toHaveLength(1);
  });

  it('disables (by the user or an admin) and forgets the secret and codes; nothing to disable records nothing', () => {
    const disable: UserCommand = { type: 'DisableTwoFactor', by: 'admin', now };
    expect(givenEvents(user, [signedUp, issued, enabledByTotp]).when(disable).thenEvents()).toEqual([
      expect.objectContaining({ definition: TwoFactorDisabled, data: { userId: 'u1', by: 'admin', disabledAt: at } }),
    ]);
    expect(givenEvents(user, [signedUp]).when(disable).thenEvents()).toEqual([]);
    const disabled = pendingEvent(TwoFactorDisabled, { userId: 'u1', by: 'user', disabledAt: at });
    const after = stateAfter([signedUp, issued, enabledByTotp, disabled]).twoFactor;
    expect(after).toEqual({ enabled: false, secret: null, secretVerified: false, backupCodeHashes: [] });
  });

  it('records a failed second factor with its method and whether it locked, never the code', () => {
    const fail: UserCommand = { type: 'RecordSecondFactorFailure', method: 'otp', locked: true, now };
    expect(givenEvents(user, [signedUp]).when(fail).thenEvents()).toEqual([
      expect.objectContaining({
        definition: SecondFactorFailed,
        data: { userId: 'u1', method: 'otp', locked: true, failedAt: at },
        personal: null,
      }),
    ]);
  });
});
