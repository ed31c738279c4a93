import { SessionRpc, type SessionView } from '@authsvc/contracts';
import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthCookies } from '../session/auth-cookies.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { CurrentSession } from '../session/current-session.js';
import { RevokeSessionBody } from './dto/revoke-session.body.js';
import { correlationIdOf } from '../http/request-context.js';

/** A signed-in user's own sessions: list them, end one, all, or all but this one. */
@Controller(AUTH_BASE_PATH)
export class UserSessionsController {
  constructor(
    private readonly currentSession: CurrentSession,
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
  ) {}

  @Get('list-sessions')
  async list(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SessionView[]> {
    const { user } = await this.currentSession.require(request, response);
    return this.services.call(SessionRpc.listForUser, { userId: user.id, correlationId: correlationIdOf(request) });
  }

  /** Always `{status:true}`: whether the token exists or belongs to someone else is not told. */
  @Post('revoke-session')
  @HttpCode(200)
  async revokeOne(
    @Body() body: RevokeSessionBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ status: true }> {
    const { session, user } = await this.currentSession.require(request, response);
    await this.services.call(SessionRpc.revoke, {
      token: body.token,
      userId: user.id,
      actorId: user.id,
      correlationId: correlationIdOf(request),
    });
    if (body.token === session.token) response.append('Set-Cookie', this.cookies.clear());
    return { status: true };
  }

  @Post('revoke-sessions')
  @HttpCode(200)
  async revokeAll(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<{ status: true }> {
    const { user } = await this.currentSession.require(request, response);
    await this.services.call(SessionRpc.revokeForUser, {
      userId: user.id,
      actorId: user.id,
      correlationId: correlationIdOf(request),
    });
    response.append('Set-Cookie', this.cookies.clear());
    return { status: true };
  }

  @Post('revoke-other-sessions')
  @HttpCode(200)
  async revokeOthers(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ status: true }> {
    const { session, user } = await this.currentSession.require(request, response);
    await this.services.call(SessionRpc.revokeForUser, {
      userId: user.id,
      exceptToken: session.token,
      actorId: user.id,
      correlationId: correlationIdOf(request),
    });
    return { status: true };
  }
}
