import { RevokeSessionBody, SessionRpc, type SessionView } from '@authsvc/contracts';
import { Body, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { asUser, Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { AuthController } from './auth-controller.decorator.js';

/** A signed-in user's own sessions: list them, end one, all, or all but this one. */
@AuthController()
export class UserSessionsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
  ) {}

  /** Without the sessions an admin holds as the user (admin plugin): the user does not see them. */
  @Get('list-sessions')
  @WithSession()
  async list(@Caller() caller: SignedInCaller): Promise<SessionView[]> {
    const sessions = await this.services.call(SessionRpc.listForUser, asUser(caller));
    return sessions.filter((session) => session.impersonatedBy === null);
  }

  /** Always `{status:true}`: whether the token exists or belongs to someone else is not told. */
  @Post('revoke-session')
  @HttpCode(200)
  @WithSession()
  async revokeOne(
    @Body() body: RevokeSessionBody,
    @Caller() caller: SignedInCaller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ status: true }> {
    await this.services.call(SessionRpc.revoke, { ...body, ...asUser(caller) });
    if (body.token === caller.session.token) response.header('Set-Cookie', this.cookies.clear());
    return { status: true };
  }

  @Post('revoke-sessions')
  @HttpCode(200)
  @WithSession()
  async revokeAll(
    @Caller() caller: SignedInCaller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ status: true }> {
    await this.services.call(SessionRpc.revokeForUser, asUser(caller));
    response.header('Set-Cookie', this.cookies.clear());
    return { status: true };
  }

  @Post('revoke-other-sessions')
  @HttpCode(200)
  @WithSession()
  async revokeOthers(@Caller() caller: SignedInCaller): Promise<{ status: true }> {
    await this.services.call(SessionRpc.revokeForUser, { ...asUser(caller), exceptToken: caller.session.token });
    return { status: true };
  }
}
