import { Inject, Injectable, type ArgumentMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { CurrentSession, type ResolvedSession } from '../session/current-session.js';
import { rememberCaller } from './caller.js';
import { inputTypeOf, validateInput } from './http-validation.pipe.js';
import { clientIpOf, correlationIdOf, userAgentOf } from './request-context.js';
import { SESSION_REQUIREMENT, type SessionRequirement } from './with-session.decorator.js';

/** Gives the handlers of a controller their `@Caller()`, with the session where `@WithSession()` asks for it. */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly currentSession: CurrentSession,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const requirement = this.reflector.get<SessionRequirement | undefined>(SESSION_REQUIREMENT, context.getHandler());
    const resolved = requirement ? await this.sessionOf(context, requirement) : null;
    rememberCaller(request, {
      correlationId: correlationIdOf(request),
      ipAddress: clientIpOf(request, this.config.IP_ADDRESS_HEADER, this.config.TRUSTED_PROXIES),
      userAgent: userAgentOf(request),
      session: resolved?.session ?? null,
      user: resolved?.user ?? null,
    });
    return true;
  }

  /**
   * A bad body answers 400 even without a session, and costs no session lookup: guards run before pipes, so the
   * body is validated here first and handed on validated (the pipe passes it as it is).
   */
  private async sessionOf(context: ExecutionContext, requirement: SessionRequirement): Promise<ResolvedSession | null> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const response = context.switchToHttp().getResponse<FastifyReply>();
    await validateBodyOf(context, request);
    const options = { userMayChange: requirement.changesUser };
    if (requirement.optional) return this.currentSession.resolve(request, response, options);
    return this.currentSession.require(request, response, options, requirement.withoutSession);
  }
}

async function validateBodyOf(context: ExecutionContext, request: FastifyRequest): Promise<void> {
  const controller = context.getClass();
  const method = context.getHandler().name;
  const parameters: Record<string, { index: number }> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? [];
  for (const [key, { index }] of Object.entries(parameters)) {
    if (key !== `${RouteParamtypes.BODY}:${index}`) continue;
    const metadata: ArgumentMetadata = { type: 'body', metatype: types[index] as ArgumentMetadata['metatype'] };
    const type = inputTypeOf(metadata);
    if (type) request.body = await validateInput(request.body, metadata, type);
  }
}
