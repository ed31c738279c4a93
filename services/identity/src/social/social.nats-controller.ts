import {
  IdentityRpc,
  ListSocialProvidersRequest,
  SocialCallbackRequest,
  StartSocialSignInRequest,
  type SocialAuthorization,
  type SocialCallbackReply,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProviderRegistry } from './provider-registry.js';
import { SocialAuthorizer } from './sign-in/social-authorizer.js';
import { SocialCallback } from './sign-in/social-callback.js';

/** Social sign-in: the authorization URL and the provider's callback (the gateway starts the session). */
@Controller()
export class SocialNatsController {
  constructor(
    private readonly authorizer: SocialAuthorizer,
    private readonly callback: SocialCallback,
    private readonly registry: ProviderRegistry,
  ) {}

  @MessagePattern(IdentityRpc.startSocialSignIn.subject)
  start(@Payload() request: StartSocialSignInRequest): Promise<SocialAuthorization> {
    return this.authorizer.start(request);
  }

  @MessagePattern(IdentityRpc.finishSocialSignIn.subject)
  finish(@Payload() request: SocialCallbackRequest): Promise<SocialCallbackReply> {
    return this.callback.finish(request);
  }

  @MessagePattern(IdentityRpc.listSocialProviders.subject)
  providers(@Payload() _request: ListSocialProvidersRequest): { providers: string[] } {
    return { providers: this.registry.ids() };
  }
}
