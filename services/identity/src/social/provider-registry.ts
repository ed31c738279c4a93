import type { SocialConfig, SocialProviderConfig } from '@authsvc/config';
import * as oauth from 'oauth4webapi';
import { requestOptions } from './engine/provider-server.js';
import { configureProvider, overrideEndpoints, type ConfiguredProvider } from './provider-overrides.js';
import { openIdProvider } from './providers/index.js';

/**
 * The providers the operator configured, by id. A generic OpenID provider's endpoints come from its discovery
 * document, fetched on first use and kept (a failed discovery is tried again on the next sign-in).
 */
export class ProviderRegistry {
  private readonly builtin: ReadonlyMap<string, ConfiguredProvider>;
  private readonly generic: ReadonlyMap<string, SocialProviderConfig>;
  private readonly discovered = new Map<string, Promise<ConfiguredProvider>>();

  constructor(config: SocialConfig) {
    const builtin = config.providers.filter((provider) => provider.kind === 'builtin');
    this.builtin = new Map(
      builtin.map((provider) => [provider.id, configureProvider(provider, config.microsoftTenantId)]),
    );
    this.generic = new Map(
      config.providers.filter((provider) => provider.kind === 'oidc').map((provider) => [provider.id, provider]),
    );
  }

  /** The configured provider ids, in configuration order (the web client's buttons). */
  ids(): string[] {
    return [...this.builtin.keys(), ...this.generic.keys()];
  }

  /** The provider, `undefined` when not configured; throws when a generic provider's discovery fails. */
  async find(id: string): Promise<ConfiguredProvider | undefined> {
    const builtin = this.builtin.get(id);
    if (builtin !== undefined) return builtin;
    const config = this.generic.get(id);
    if (config === undefined) return undefined;
    let pending = this.discovered.get(id);
    if (pending === undefined) {
      pending = discover(config);
      this.discovered.set(id, pending);
      pending.catch(() => this.discovered.delete(id));
    }
    return pending;
  }
}

async function discover(config: SocialProviderConfig): Promise<ConfiguredProvider> {
  const issuer = new URL(config.endpoints.issuer ?? '');
  const response = await oauth.discoveryRequest(issuer, requestOptions(issuer.href));
  const metadata = await oauth.processDiscoveryResponse(issuer, response);
  if (metadata.authorization_endpoint === undefined || metadata.token_endpoint === undefined) {
    throw new Error(`${config.id}: the discovery document names no authorization or token endpoint`);
  }
  const endpoints = overrideEndpoints(
    {
      authorization: metadata.authorization_endpoint,
      token: metadata.token_endpoint,
      userinfo: metadata.userinfo_endpoint,
      jwks: metadata.jwks_uri,
      issuer: metadata.issuer,
    },
    config.endpoints,
  );
  const base = openIdProvider(config.id, endpoints);
  const prompt: Record<string, string> = config.prompt === undefined ? {} : { prompt: config.prompt };
  return { descriptor: { ...base, authorizationParameters: prompt }, config };
}
