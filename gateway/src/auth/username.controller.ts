import { IdentityRpc } from '@authsvc/contracts';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { UsernameAvailabilityBody } from './dto/username-availability.body.js';
import { correlationIdOf } from '../http/request-context.js';

@Controller(AUTH_BASE_PATH)
export class UsernameController {
  constructor(private readonly services: ServiceClient) {}

  /** `{available}`; a username that breaks the rules answers 422 with the rule's code. */
  @Post('is-username-available')
  @HttpCode(200)
  isUsernameAvailable(
    @Body() body: UsernameAvailabilityBody,
    @Req() request: Request,
  ): Promise<{ available: boolean }> {
    return this.services.call(IdentityRpc.isUsernameAvailable, {
      correlationId: correlationIdOf(request),
      username: body.username,
    });
  }
}
