import type { ProviderAccountInfo, ProviderAccountRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { decodeJwt } from 'jose';
import { providerFetch } from '../engine/provider-fetch.js';
import { ProviderAccounts } from './provider-accounts.js';
import { accountInfoAnswer } from './provider-token-answers.js';
import { ValidAccessToken } from './valid-access-token.js';

/** An id token identity kept (verified when it came): its claims, the profile of id-token providers (Google). */
const claimsOf = (idToken: string | null): Readonly<Record<string, unknown>> | undefined => {
  try {
    return idToken === null ? undefined : decodeJwt(idToken);
  } catch {
    return undefined;
  }
};

/**
 * GET (1.7) or POST (spec) /account-info: the provider's profile now, read as at sign-in with the account's access
 * token (refreshed first when about to expire). The reference's order of checks and errors.
 */
@Injectable()
export class AccountInfo {
  constructor(
    private readonly accounts: ProviderAccounts,
    private readonly valid: ValidAccessToken,
  ) {}

  async execute(request: ProviderAccountRequest): Promise<ProviderAccountInfo> {
    const row = await this.accounts.select(request);
    const provider = await this.accounts.providerOf(row);
    if (provider === undefined) throw new DomainError(AuthErrors.PROVIDER_NOT_CONFIGURED);
    const tokens = await this.valid.of({ row, provider }, request.correlationId);
    if (tokens.accessToken === null) throw new DomainError(AuthErrors.ACCESS_TOKEN_NOT_FOUND);
    const { descriptor, config } = provider;
    const profile = await descriptor
      .profile({
        idTokenClaims: claimsOf(tokens.idToken),
        tokenResponse: {},
        fetchJson: providerFetch(tokens.accessToken),
        endpoints: descriptor.endpoints,
        clientId: config.clientId,
      })
      .catch(() => null);
    if (profile === null) throw new DomainError(AuthErrors.FAILED_TO_GET_USER_INFO);
    return accountInfoAnswer(row, profile);
  }
}
