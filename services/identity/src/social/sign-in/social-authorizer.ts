import type { SocialAuthorization, StartSocialSignInRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError, RequestErrors } from '@authsvc/errors';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { authorizationUrl, expectsIdToken } from '../flow/authorization-url.js';
import { FlowStore } from '../flow/flow-store.js';
import {
  codeChallengeOf,
  FLOW_LIFETIME_SECONDS,
  newCodeVerifier,
  newNonce,
  newState,
  type SocialFlow,
} from '../flow/social-flow.js';
import { ProviderRegistry } from '../provider-registry.js';
import type { ConfiguredProvider } from '../provider-overrides.js';
import { authBase } from './callback-redirects.js';

/** Starts a social sign-in: a flow kept server-side, and the provider's authorization URL for the browser. */
@Injectable()
export class SocialAuthorizer {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly flows: FlowStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** With `linkUserId` (link-social), the callback links the provider account to that user instead of signing in. */
  async start(request: StartSocialSignInRequest, linkUserId?: string): Promise<SocialAuthorization> {
    const provider = await this.provider(request.provider);
    const { descriptor, config } = provider;
    const now = new Date();
    const base = authBase(this.config.BASE_URL);
    const codeVerifier = descriptor.pkce ? newCodeVerifier() : undefined;
    const flow: SocialFlow = {
      state: newState(),
      providerId: descriptor.id,
      codeVerifier,
      nonce: expectsIdToken(descriptor) ? newNonce() : undefined,
      redirectUri: `${base}/callback/${descriptor.id}`,
      callbackURL: request.callbackURL ?? this.config.BASE_URL.origin,
      errorURL: request.errorCallbackURL ?? `${base}/error`,
      newUserURL: linkUserId === undefined ? request.newUserCallbackURL : undefined,
      requestSignUp: request.requestSignUp === true,
      linkUserId,
      expiresAt: new Date(now.getTime() + FLOW_LIFETIME_SECONDS * 1000).toISOString(),
    };
    const url = authorizationUrl(descriptor, {
      clientId: config.clientId,
      redirectUri: flow.redirectUri,
      state: flow.state,
      scopes: [...config.scopes, ...(request.scopes ?? [])],
      codeChallenge: codeVerifier === undefined ? undefined : codeChallengeOf(codeVerifier),
      nonce: flow.nonce,
      loginHint: request.loginHint,
      additionalParams: request.additionalParams,
    });
    await this.flows.save(flow);
    return { url: url.href, state: flow.state, expiresAt: flow.expiresAt };
  }

  /** The configured provider; 404 for any other id, 503 while a generic provider's discovery fails. */
  private async provider(id: string): Promise<ConfiguredProvider> {
    const provider = await this.registry.find(id).catch(() => {
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    });
    if (provider === undefined) throw new DomainError(AuthErrors.PROVIDER_NOT_FOUND);
    return provider;
  }
}
