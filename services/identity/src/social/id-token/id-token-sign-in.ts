import type { SignInWithIdTokenRequest, StartedSession, UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import type { ForwardedRequest } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { GetUserQuery } from '../../user/queries/get-user.query.js';
import { startSessionFor } from '../../user/session-start.js';
import { IdTokenKeys } from '../engine/id-token-keys.js';
import { ProviderRegistry } from '../provider-registry.js';
import { SocialAccounts } from '../sign-in/social-accounts.js';
import { ID_TOKEN_SIGN_IN_ERRORS, idTokenChecks, invalidToken, noncesAgree } from './id-token-rules.js';
import { UsedIdTokens } from './used-id-tokens.js';

/** Nothing to fetch: the profile of a client-brought token is its claims. */
const noFetch = async (): Promise<undefined> => undefined;

/**
 * Sign-in with an id token the client brings (`sign-in/social` with `idToken`): the token checked against the
 * provider's keys and claims, its nonce, used once; then the same account resolution as the redirect flow, and the
 * session service answers with the session.
 */
@Injectable()
export class IdTokenSignIn {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly keys: IdTokenKeys,
    private readonly used: UsedIdTokens,
    private readonly accounts: SocialAccounts,
    private readonly queries: QueryBus,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async signIn(request: SignInWithIdTokenRequest): Promise<ForwardedRequest<StartedSession>> {
    const provider = await this.registry.find(request.provider).catch(() => undefined);
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
    const outcome = await this.accounts.signIn(
      {
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
      },
      config,
      request.requestSignUp === true,
      request.correlationId,
    );
    if (!outcome.ok) throw new DomainError(ID_TOKEN_SIGN_IN_ERRORS[outcome.error]);
    const user: UserView | null = await this.queries.execute(new GetUserQuery(outcome.userId));
    if (user === null) throw new DomainError(AuthErrors.UNABLE_TO_CREATE_SESSION);
    return startSessionFor(user, request, { newUser: outcome.newUser });
  }
}
