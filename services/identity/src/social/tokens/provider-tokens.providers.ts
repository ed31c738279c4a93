import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AccountInfo } from './account-info.js';
import { GetAccessToken } from './get-access-token.js';
import { ProviderAccounts } from './provider-accounts.js';
import { RefreshLock } from './refresh-lock.js';
import { RefreshToken } from './refresh-token.js';
import { SingleFlightRefresh } from './single-flight-refresh.js';
import { ValidAccessToken } from './valid-access-token.js';

/** The provider-token endpoints' parts; the providers and keys come from social sign-in's. */
export function providerTokenProviders(redis: Redis): Provider[] {
  return [
    { provide: RefreshLock, useValue: new RefreshLock(redis) },
    ProviderAccounts,
    SingleFlightRefresh,
    ValidAccessToken,
    GetAccessToken,
    RefreshToken,
    AccountInfo,
  ];
}
