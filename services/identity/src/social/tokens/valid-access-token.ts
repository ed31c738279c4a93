import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { ProviderAccounts, type ProviderAccount } from './provider-accounts.js';
import { needsRefresh } from './refresh-window.js';
import { SingleFlightRefresh } from './single-flight-refresh.js';
import type { StoredProviderTokens } from './stored-provider-tokens.js';

/** get-access-token's rule, shared with account-info: the stored token, refreshed first when about to expire. */
@Injectable()
export class ValidAccessToken {
  constructor(
    private readonly accounts: ProviderAccounts,
    private readonly refresh: SingleFlightRefresh,
  ) {}

  /** The account's tokens, valid for at least five more seconds; 400 FAILED_TO_GET_ACCESS_TOKEN when a refresh fails. */
  async of(account: ProviderAccount, correlationId: string): Promise<StoredProviderTokens> {
    const stored = await this.accounts.tokens(account.row);
    if (!needsRefresh(stored, new Date())) return stored;
    const refreshed = await this.refresh.refresh(
      account,
      stored,
      (tokens) => needsRefresh(tokens, new Date()),
      correlationId,
    );
    if (refreshed === undefined) throw new DomainError(AuthErrors.FAILED_TO_GET_ACCESS_TOKEN);
    return refreshed;
  }
}
