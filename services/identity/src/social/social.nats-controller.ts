import {
  IdentityRpc,
  ListSocialProvidersRequest,
  SignInWithIdTokenRequest,
  SocialCallbackRequest,
  StartSocialSignInRequest,
  type SocialAuthorization,
  type SocialCallbackReply,
} from '@authsvc/contracts';
import type { SignInOutcome } from '../two-factor/two-factor-gate.js';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdTokenSignIn } from './id-token/id-token-sign-in.js';
import { ProviderRegistry } from './provider-registry.js';
import { SocialAuthorizer } from './sign-in/social-authorizer.js';
import { SocialCallback } from './sign-in/social-callback.js';

/** Social sign-in: the authorization URL, the provider's callback, and client-brought id tokens. */
@Controller()
export class SocialNatsController {
  constructor(
    private readonly authorizer: SocialAuthorizer,
    private readonly callback: SocialCallback,
    private readonly registry: ProviderRegistry,
    private readonly idToken: IdTokenSignIn,
  ) {}

  @MessagePattern(IdentityRpc.startSocialSignIn.subject)
  start(@Payload() request: StartSocialSignInRequest): Promise<SocialAuthorization> {
    return this.authorizer.start(request);
  }

  @MessagePattern(IdentityRpc.finishSocialSignIn.subject)
  finish(@Payload() request: SocialCallbackRequest): Promise<SocialCallbackReply> {
    return this.callback.finish(request);
  }

  @MessagePattern(IdentityRpc.signInWithIdToken.subject)
  signInWithIdToken(@Payload() request: SignInWithIdTokenRequest): Promise<SignInOutcome> {
    return this.idToken.signIn(request);
  }

  @MessagePattern(IdentityRpc.listSocialProviders.subject)
  providers(@Payload() _request: ListSocialProvidersRequest): { providers: string[] } {
    return { providers: this.registry.ids() };
  }
}
