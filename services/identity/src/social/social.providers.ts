import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../identity.config.js';
import { CodeExchange } from './engine/code-exchange.js';
import { IdTokenKeys } from './engine/id-token-keys.js';
import { FlowStore } from './flow/flow-store.js';
import { ClientIdTokens } from './id-token/client-id-tokens.js';
import { IdTokenSignIn } from './id-token/id-token-sign-in.js';
import { AccountUnlinking } from './link/account-unlinking.js';
import { IdTokenLink } from './link/id-token-link.js';
import { SocialLinker } from './link/social-linker.js';
import { UsedIdTokens } from './id-token/used-id-tokens.js';
import { ProviderRegistry } from './provider-registry.js';
import { SocialAccounts } from './sign-in/social-accounts.js';
import { SocialAuthorizer } from './sign-in/social-authorizer.js';
import { SocialCallback } from './sign-in/social-callback.js';

/** Social sign-in's parts: the providers, the flows in Redis, the engine, the account decisions, linking. */
export function socialProviders(redis: Redis, config: IdentityConfig): Provider[] {
  // One cache of provider keys for the redirect flow and client-brought id tokens.
  const keys = new IdTokenKeys();
  return [
    { provide: ProviderRegistry, useValue: new ProviderRegistry(config.social) },
    { provide: FlowStore, useValue: new FlowStore(redis) },
    { provide: IdTokenKeys, useValue: keys },
    { provide: CodeExchange, useValue: new CodeExchange(keys) },
    { provide: UsedIdTokens, useValue: new UsedIdTokens(redis) },
    ClientIdTokens,
    IdTokenSignIn,
    IdTokenLink,
    SocialLinker,
    AccountUnlinking,
    SocialAccounts,
    SocialAuthorizer,
    SocialCallback,
  ];
}
