import { IdentityRpc } from '@authsvc/contracts';
import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { Body, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { CurrentSession } from '../session/current-session.js';
import { isSessionFresh } from '../session/session-freshness.js';
import { AuthController } from './auth-controller.decorator.js';
import { DeleteUserBody, DeleteUserCallbackQueryParams } from './dto/delete-user.bodies.js';
import { redirectTo } from '../http/location.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';

const DELETED = { success: true, message: 'User deleted' } as const;

/**
 * Account deletion: by password, by a fresh session, or through the link mailed to the address. Identity hands
 * a deletion on to the session service, which ends every session of the user before the answer comes back.
 */
@AuthController()
export class DeleteUserController {
  constructor(
    private readonly services: ServiceClient,
    private readonly currentSession: CurrentSession,
    private readonly cookies: AuthCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('delete-user')
  @RateLimit(CREDENTIAL_RULE)
  @WithSession({ changesUser: true })
  async deleteUser(
    @Body() body: DeleteUserBody,
    @Caller() { correlationId, ipAddress, session, user }: SignedInCaller,
    @Res() response: FastifyReply,
  ): Promise<void> {
    if (!this.config.DELETE_USER_ENABLED) return void response.code(HttpStatus.NOT_FOUND).send();
    if (body.token) {
      await this.services.call(IdentityRpc.confirmUserDeletion, { correlationId, userId: user.id, token: body.token });
    } else {
      const answer = await this.services.call(IdentityRpc.deleteUser, {
        correlationId,
        actorId: user.id,
        userId: user.id,
        password: body.password,
        freshSession: isSessionFresh(session.createdAt, new Date(), this.config.SESSION_FRESH_AGE),
        ipAddress,
        callbackURL: body.callbackURL,
      });
      if ('outcome' in answer) {
        return void response.code(200).send({ success: true, message: 'Verification email sent' });
      }
    }
    response.header('Set-Cookie', this.cookies.clear());
    response.code(200).send(DELETED);
  }

  /**
   * The mailed link; it works only in a browser signed in as the user it was sent to. The session is looked up
   * only when deletions are enabled (not by `@WithSession`), so a disabled endpoint touches no cookie.
   */
  @Get('delete-user/callback')
  async confirm(
    @Query() query: DeleteUserCallbackQueryParams,
    @Caller() { correlationId }: Caller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    if (!this.config.DELETE_USER_ENABLED) return void response.code(HttpStatus.NOT_FOUND).send();
    const current = await this.currentSession.resolve(request, response);
    if (!current) throw new DomainError(AuthErrors.FAILED_TO_GET_USER_INFO, { status: HttpStatus.NOT_FOUND });
    await this.services.call(IdentityRpc.confirmUserDeletion, {
      correlationId,
      userId: current.user.id,
      token: query.token,
    });
    response.header('Set-Cookie', this.cookies.clear());
    if (query.callbackURL) return redirectTo(response, query.callbackURL);
    response.code(200).send(DELETED);
  }
}
