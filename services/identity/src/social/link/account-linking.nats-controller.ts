import {
  IdentityRpc,
  LinkWithIdTokenRequest,
  StartSocialLinkRequest,
  UnlinkAccountRequest,
  type SocialAuthorization,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SocialAuthorizer } from '../sign-in/social-authorizer.js';
import { AccountUnlinking } from './account-unlinking.js';
import { IdTokenLink } from './id-token-link.js';

/** Account linking: link-social (a flow whose callback links, or a client-brought id token) and unlink-account. */
@Controller()
export class AccountLinkingNatsController {
  constructor(
    private readonly authorizer: SocialAuthorizer,
    private readonly idTokenLink: IdTokenLink,
    private readonly unlinking: AccountUnlinking,
  ) {}

  @MessagePattern(IdentityRpc.startSocialLink.subject)
  start(@Payload() request: StartSocialLinkRequest): Promise<SocialAuthorization> {
    return this.authorizer.start(request, request.userId);
  }

  @MessagePattern(IdentityRpc.linkWithIdToken.subject)
  linkWithIdToken(@Payload() request: LinkWithIdTokenRequest): Promise<{ status: true }> {
    return this.idTokenLink.link(request);
  }

  @MessagePattern(IdentityRpc.unlinkAccount.subject)
  unlink(@Payload() request: UnlinkAccountRequest): Promise<{ status: true }> {
    return this.unlinking.unlink(request);
  }
}
