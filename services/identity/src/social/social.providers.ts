import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { IdentityConfig } from '../identity.config.js';
import { CodeExchange } from './engine/code-exchange.js';
import { IdTokenKeys } from './engine/id-token-keys.js';
import { FlowStore } from './flow/flow-store.js';
import { ProviderRegistry } from './provider-registry.js';
import { SocialAccounts } from './sign-in/social-accounts.js';
import { SocialAuthorizer } from './sign-in/social-authorizer.js';
import { SocialCallback } from './sign-in/social-callback.js';

/** Social sign-in's parts: the providers, the flows in Redis, the engine, the account decisions. */
export function socialProviders(redis: Redis, config: IdentityConfig): Provider[] {
  return [
    { provide: ProviderRegistry, useValue: new ProviderRegistry(config.social) },
    { provide: FlowStore, useValue: new FlowStore(redis) },
    { provide: CodeExchange, useValue: new CodeExchange(new IdTokenKeys()) },
    SocialAccounts,
    SocialAuthorizer,
    SocialCallback,
  ];
}
