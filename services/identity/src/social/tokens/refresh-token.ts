import type { ProviderAccountRequest, RefreshedProviderTokens } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { ProviderAccounts } from './provider-accounts.js';
import { refreshedAnswer } from './provider-token-answers.js';
import { SingleFlightRefresh } from './single-flight-refresh.js';

/** POST /refresh-token: a refresh now, shared by the calls that overlap it. */
@Injectable()
export class RefreshToken {
  constructor(
    private readonly accounts: ProviderAccounts,
    private readonly refresh: SingleFlightRefresh,
  ) {}

  async execute(request: ProviderAccountRequest): Promise<RefreshedProviderTokens> {
    const account = await this.accounts.supported(request);
    const stored = await this.accounts.tokens(account.row);
    if (stored.refreshToken === null) throw new DomainError(AuthErrors.REFRESH_TOKEN_NOT_FOUND);
    const refreshed = await this.refresh.refresh(account, stored, () => true, request.correlationId);
    const accessToken = refreshed?.accessToken ?? null;
    if (refreshed === undefined || accessToken === null) {
      throw new DomainError(AuthErrors.FAILED_TO_REFRESH_ACCESS_TOKEN);
    }
    return refreshedAnswer(account.row, { ...refreshed, accessToken });
  }
}
