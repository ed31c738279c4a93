import type { SocialIdToken } from '@authsvc/contracts';
import type { SocialProviderConfig } from '@authsvc/config';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { IdTokenKeys } from '../engine/id-token-keys.js';
import { ProviderRegistry } from '../provider-registry.js';
import type { SignedInIdentity } from '../sign-in/social-accounts.js';
import { idTokenChecks, invalidToken, noncesAgree } from './id-token-rules.js';
import { UsedIdTokens } from './used-id-tokens.js';

/** Nothing to fetch: the profile of a client-brought token is its claims. */
const noFetch = async (): Promise<undefined> => undefined;

/** A client-brought id token, checked: the provider identity it proves, and that provider's settings. */
export interface VerifiedIdToken {
  readonly identity: SignedInIdentity;
  readonly provider: SocialProviderConfig;
}

/**
 * Id tokens a client brings (sign-in/social and link-social with `idToken`): checked against the provider's keys
 * and claims, the nonces agreeing, used once. 404 PROVIDER_NOT_FOUND or ID_TOKEN_NOT_SUPPORTED for a provider that
 * cannot take one; 401 INVALID_TOKEN for any failed check.
 */
@Injectable()
export class ClientIdTokens {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly keys: IdTokenKeys,
    private readonly used: UsedIdTokens,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async verify(providerId: string, request: SocialIdToken): Promise<VerifiedIdToken> {
    const provider = await this.registry.find(providerId).catch(() => undefined);
    if (provider === undefined) throw new DomainError(AuthErrors.PROVIDER_NOT_FOUND);
    const { descriptor, config } = provider;
    const jwks = descriptor.endpoints.jwks;
    if (!descriptor.idTokenSignIn || jwks === undefined) throw new DomainError(AuthErrors.ID_TOKEN_NOT_SUPPORTED);
    const now = new Date();
    const claims = await this.keys.verify(request.token, jwks, idTokenChecks(descriptor, config.clientId)).catch(() => {
      throw invalidToken();
    });
    if (!noncesAgree(request.nonce, claims.nonce, this.config.ID_TOKEN_REQUIRE_NONCE)) throw invalidToken();
    const profile = await descriptor
      .profile({
        idTokenClaims: claims,
        tokenResponse: {},
        fetchJson: noFetch,
        endpoints: descriptor.endpoints,
        clientId: config.clientId,
      })
      .catch(() => null);
    if (profile === null || typeof claims.iss !== 'string' || typeof claims.exp !== 'number') throw invalidToken();
    if (!(await this.used.firstUse(request.token, claims.exp, now))) throw invalidToken();
    const expiresAt = request.expiresAt === undefined ? undefined : new Date(request.expiresAt);
    const identity: SignedInIdentity = {
      providerId: descriptor.id,
      issuer: claims.iss,
      profile,
      tokens: {
        accessToken: request.accessToken,
        refreshToken: request.refreshToken,
        idToken: request.token,
        accessTokenExpiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt.toISOString() : undefined,
        scopes: [],
      },
    };
    return { identity, provider: config };
  }
}
