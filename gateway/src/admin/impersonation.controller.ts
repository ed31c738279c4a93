import { AdminUserBody, type SessionAndUser, type StartedSession } from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { AdminAccess } from './admin-access.js';
import { Impersonation } from './impersonation.js';

/** Admin impersonation: start a session as a user, and stop it to get the admin's own session back. */
@AuthController()
export class ImpersonationController {
  constructor(
    private readonly impersonation: Impersonation,
    private readonly access: AdminAccess,
  ) {}

  @Post('admin/impersonate-user')
  @HttpCode(200)
  @WithSession()
  impersonate(
    @Body() body: AdminUserBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<StartedSession> {
    this.access.require(caller, { user: ['impersonate'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS);
    return this.impersonation.start(body.userId, caller, request, response);
  }

  /** Needs no permission: only the impersonation session, and the admin_session cookie beside it. */
  @Post('admin/stop-impersonating')
  @HttpCode(200)
  @WithSession()
  stop(
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SessionAndUser> {
    return this.impersonation.stop(caller, request, response);
  }
}
