import { Get } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { JwtIssuer } from './jwt-issuer.js';
import { JwtKeys, type PublishedJwk } from './jwt-keys.js';

/** The JWT plugin's endpoints: the public keys, and a token for the signed-in user. */
@AuthController()
export class JwtController {
  constructor(
    private readonly keys: JwtKeys,
    private readonly issuer: JwtIssuer,
  ) {}

  /** No session needed: verifiers fetch it. */
  @Get('jwks')
  async jwks(): Promise<{ keys: PublishedJwk[] }> {
    return { keys: await this.keys.published(new Date()) };
  }

  @Get('token')
  @WithSession()
  async token(@Caller() caller: SignedInCaller): Promise<{ token: string }> {
    return { token: await this.issuer.issue(caller) };
  }
}
