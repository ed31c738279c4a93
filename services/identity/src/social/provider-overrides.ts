import type { EndpointOverrides, SocialProviderConfig, SocialProviderId } from '@authsvc/config';
import type { ProviderDescriptor, ProviderEndpoints } from './provider-descriptor.js';
import { PROVIDER_FACTORIES } from './providers/index.js';

/** A provider as the operator configured it: its descriptor with the overrides applied, and its settings. */
export interface ConfiguredProvider {
  readonly descriptor: ProviderDescriptor;
  readonly config: SocialProviderConfig;
}

/** The descriptor's endpoints with each endpoint the operator set in its place. */
export const overrideEndpoints = (endpoints: ProviderEndpoints, overrides: EndpointOverrides): ProviderEndpoints => {
  const { emails, ...named } = overrides;
  const set = Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
  const extra = emails === undefined ? endpoints.extra : { ...endpoints.extra, emails };
  return { ...endpoints, ...set, ...(extra === undefined ? {} : { extra }) };
};

/**
 * The descriptor of a provider of the spec for its settings: endpoint overrides applied, the operator's prompt
 * in place of the descriptor's own (Discord's `prompt=none` included).
 */
export const configureProvider = (config: SocialProviderConfig, microsoftTenantId: string): ConfiguredProvider => {
  const factory = PROVIDER_FACTORIES[config.id as SocialProviderId];
  const base = factory({ tenantId: microsoftTenantId, issuer: config.endpoints.issuer });
  const parameters = {
    ...base.authorizationParameters,
    ...(config.prompt === undefined ? {} : { prompt: config.prompt }),
  };
  const descriptor: ProviderDescriptor = {
    ...base,
    endpoints: overrideEndpoints(base.endpoints, config.endpoints),
    authorizationParameters: parameters,
  };
  return { descriptor, config };
};
