import { IdentityRpc, UsernameAvailabilityBody } from '@authsvc/contracts';
import { Body, HttpCode, Post } from '@nestjs/common';
import { Caller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthController } from './auth-controller.decorator.js';

@AuthController()
export class UsernameController {
  constructor(private readonly services: ServiceClient) {}

  /** `{available}`; a username that breaks the rules answers 422 with the rule's code. */
  @Post('is-username-available')
  @HttpCode(200)
  isUsernameAvailable(
    @Body() body: UsernameAvailabilityBody,
    @Caller() { correlationId }: Caller,
  ): Promise<{ available: boolean }> {
    return this.services.call(IdentityRpc.isUsernameAvailable, { ...body, correlationId });
  }
}
