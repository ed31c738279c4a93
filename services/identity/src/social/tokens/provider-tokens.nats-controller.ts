import {
  ProviderAccountRequest,
  ProviderTokenRpc,
  type ProviderAccessToken,
  type ProviderAccountInfo,
  type RefreshedProviderTokens,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountInfo } from './account-info.js';
import { GetAccessToken } from './get-access-token.js';
import { RefreshToken } from './refresh-token.js';

/** A signed-in user's provider tokens: the access token, a refresh, the provider's profile. */
@Controller()
export class ProviderTokensNatsController {
  constructor(
    private readonly accessToken: GetAccessToken,
    private readonly refreshToken: RefreshToken,
    private readonly accountInfo: AccountInfo,
  ) {}

  @MessagePattern(ProviderTokenRpc.getAccessToken.subject)
  getAccessToken(@Payload() request: ProviderAccountRequest): Promise<ProviderAccessToken> {
    return this.accessToken.execute(request);
  }

  @MessagePattern(ProviderTokenRpc.refreshToken.subject)
  refresh(@Payload() request: ProviderAccountRequest): Promise<RefreshedProviderTokens> {
    return this.refreshToken.execute(request);
  }

  @MessagePattern(ProviderTokenRpc.accountInfo.subject)
  info(@Payload() request: ProviderAccountRequest): Promise<ProviderAccountInfo> {
    return this.accountInfo.execute(request);
  }
}
