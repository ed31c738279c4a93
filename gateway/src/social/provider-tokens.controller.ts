import {
  AccountSelectionBody,
  ProviderTokenRpc,
  type ProviderAccessToken,
  type ProviderAccountInfo,
  type RefreshedProviderTokens,
} from '@authsvc/contracts';
import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { asUser, Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';

/** The request for the caller's own account: the session's user, whatever `userId` the body names. */
const accountOf = (caller: SignedInCaller, { providerId, accountId }: AccountSelectionBody) => ({
  ...asUser(caller),
  providerId,
  accountId,
});

/**
 * The signed-in user's provider tokens (kept by identity): get-access-token, refresh-token and account-info, each
 * with the spec's body (`{providerId, accountId?}`) or 1.7's (`{accountId}`).
 */
@AuthController()
export class ProviderTokensController {
  constructor(private readonly services: ServiceClient) {}

  @Post('get-access-token')
  @HttpCode(200)
  @WithSession()
  getAccessToken(@Body() body: AccountSelectionBody, @Caller() caller: SignedInCaller): Promise<ProviderAccessToken> {
    return this.services.call(ProviderTokenRpc.getAccessToken, accountOf(caller, body));
  }

  @Post('refresh-token')
  @HttpCode(200)
  @WithSession()
  refreshToken(@Body() body: AccountSelectionBody, @Caller() caller: SignedInCaller): Promise<RefreshedProviderTokens> {
    return this.services.call(ProviderTokenRpc.refreshToken, accountOf(caller, body));
  }

  /** 1.7: `GET ?accountId=`. */
  @Get('account-info')
  @WithSession()
  accountInfo(@Query() query: AccountSelectionBody, @Caller() caller: SignedInCaller): Promise<ProviderAccountInfo> {
    return this.services.call(ProviderTokenRpc.accountInfo, accountOf(caller, query));
  }

  /** The spec (1.2): `POST {accountId}`. */
  @Post('account-info')
  @HttpCode(200)
  @WithSession()
  postAccountInfo(@Body() body: AccountSelectionBody, @Caller() caller: SignedInCaller): Promise<ProviderAccountInfo> {
    return this.services.call(ProviderTokenRpc.accountInfo, accountOf(caller, body));
  }
}
