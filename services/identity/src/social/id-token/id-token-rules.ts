import { AuthErrors, DomainError, type ErrorDefinition } from '@authsvc/errors';
import type { JWTVerifyOptions } from 'jose';
import type { AccountOutcome } from '../sign-in/social-accounts.js';
import type { ProviderDescriptor } from '../provider-descriptor.js';

/**
 * The checks of a client-brought id token, as the reference makes them: issued for our client id, by the provider
 * (any of its spellings; a multi-tenant Microsoft's is bound to its tenant by the profile), with `iss`, `sub`, `aud`,
 * `exp` and `iat`, at most an hour old, 30 s of clock tolerance.
 */
export const idTokenChecks = (descriptor: ProviderDescriptor, clientId: string): JWTVerifyOptions => {
  const { issuer } = descriptor.endpoints;
  return {
    audience: clientId,
    ...(issuer === undefined ? {} : { issuer: [issuer, ...(descriptor.alternativeIssuers ?? [])] }),
    requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
    maxTokenAge: '1h',
    clockTolerance: 30,
  };
};

/**
 * Whether the nonces agree: whenever the request or the token carries one, both must, and the same (the reference
 * lets a token with a nonce through when the request names none, so a token captured from another app's flow
 * works here); with `requireNonce` a token without one is refused.
 */
export const noncesAgree = (requestNonce: string | undefined, tokenNonce: unknown, requireNonce: boolean): boolean => {
  if (requestNonce === undefined && tokenNonce === undefined) return !requireNonce;
  return typeof tokenNonce === 'string' && tokenNonce === requestNonce;
};

/** The answer of the id-token branch to a refused account resolution, in the reference's words. */
export const ID_TOKEN_SIGN_IN_ERRORS: Readonly<
  Record<Extract<AccountOutcome, { ok: false }>['error'], ErrorDefinition>
> = {
  email_not_found: AuthErrors.USER_EMAIL_NOT_FOUND,
  account_not_linked: AuthErrors.OAUTH_LINK_ERROR,
  signup_disabled: AuthErrors.SIGNUP_DISABLED,
  unable_to_link_account: AuthErrors.UNABLE_TO_LINK_ACCOUNT,
  unable_to_create_user: AuthErrors.UNABLE_TO_CREATE_USER,
};

export const invalidToken = (): DomainError => new DomainError(AuthErrors.INVALID_TOKEN, { status: 401 });
