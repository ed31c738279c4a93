import type { ProviderAccessToken, ProviderAccountRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { ProviderAccounts } from './provider-accounts.js';
import { accessTokenAnswer } from './provider-token-answers.js';
import { ValidAccessToken } from './valid-access-token.js';

/** POST /get-access-token: the account's access token, refreshed first when it expires within five seconds. */
@Injectable()
export class GetAccessToken {
  constructor(
    private readonly accounts: ProviderAccounts,
    private readonly valid: ValidAccessToken,
  ) {}

  async execute(request: ProviderAccountRequest): Promise<ProviderAccessToken> {
    const account = await this.accounts.supported(request);
    const tokens = await this.valid.of(account, request.correlationId);
    // An account signed in with a client-brought id token alone has no access token to give.
    const { accessToken } = tokens;
    if (accessToken === null) throw new DomainError(AuthErrors.FAILED_TO_GET_ACCESS_TOKEN);
    return accessTokenAnswer(account.row, { ...tokens, accessToken });
  }
}
