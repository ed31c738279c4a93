/**
 * What the user's stream says of their second factor: whether it is on, the TOTP secret (null: none issued, or
 * erased with the user's data) and whether a code of it was verified, and the backup codes' hashes (null: spent).
 */
export interface TwoFactorState {
  readonly enabled: boolean;
  readonly secret: string | null;
  readonly secretVerified: boolean;
  readonly backupCodeHashes: readonly (string | null)[];
}

export const noTwoFactor: TwoFactorState = {
  enabled: false,
  secret: null,
  secretVerified: false,
  backupCodeHashes: [],
};

/** The methods a two-factor user may prove at sign-in: TOTP once its secret is verified, a mailed code always. */
export function secondFactorMethods(state: TwoFactorState): ('totp' | 'otp')[] {
  return state.secret !== null && state.secretVerified ? ['totp', 'otp'] : ['otp'];
}
