import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PasskeyChallenges } from './passkey-challenges.js';
import { PasskeyCounters } from './passkey-counters.js';
import { PasskeyManagement } from './passkey-management.js';
import { PasskeyReads } from './passkey-reads.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { PasskeyStream } from './passkey-stream.js';

/** Passkeys' parts: the challenges in Redis, the stream's passkey commands, the ceremonies, reads and changes. */
export function passkeyProviders(redis: Redis): Provider[] {
  return [
    { provide: PasskeyChallenges, useValue: new PasskeyChallenges(redis) },
    PasskeyStream,
    PasskeyCounters,
    PasskeyRegistration,
    PasskeySignIn,
    PasskeyReads,
    PasskeyManagement,
  ];
}
