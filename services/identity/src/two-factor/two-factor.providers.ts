import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ChallengeStore } from './challenge-store.js';
import { MailedCodes } from './mailed-codes.js';
import { SecondFactorGuard } from './second-factor-guard.js';
import { SecondFactorVerification } from './second-factor-verification.js';
import { TrustedDevices } from './trusted-devices.js';
import { TwoFactorAdmin } from './two-factor-admin.js';
import { TwoFactorGate } from './two-factor-gate.js';
import { TwoFactorSetup } from './two-factor-setup.js';

/** Two-factor's parts: its Redis state (challenges, mailed codes, limits, trusted devices), the gate, the flows. */
export function twoFactorProviders(redis: Redis): Provider[] {
  return [
    { provide: ChallengeStore, useValue: new ChallengeStore(redis) },
    { provide: MailedCodes, useValue: new MailedCodes(redis) },
    { provide: SecondFactorGuard, useValue: new SecondFactorGuard(redis) },
    { provide: TrustedDevices, useValue: new TrustedDevices(redis) },
    TwoFactorGate,
    TwoFactorSetup,
    SecondFactorVerification,
    TwoFactorAdmin,
  ];
}
