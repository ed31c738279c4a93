import type { SessionClientRequest, SessionView, TraceMetadata, UserView } from '@authsvc/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who is calling: what every message a request causes carries, and the session when the endpoint asks for it. */
export interface Caller {
  readonly correlationId: string;
  /** The client address from the trusted proxy header, or '' when unknown. */
  readonly ipAddress: string;
  readonly userAgent: string;
  readonly session: SessionView | null;
  readonly user: UserView | null;
}

/** The caller of an endpoint marked `@WithSession()`. */
export interface SignedInCaller extends Caller {
  readonly session: SessionView;
  readonly user: UserView;
}

const callers = new WeakMap<FastifyRequest, Caller>();

/** Kept by `CallerGuard` for the handler's `@Caller()` parameter. */
export function rememberCaller(request: FastifyRequest, caller: Caller): void {
  callers.set(request, caller);
}

/** The caller `CallerGuard` found for a request, if the request got that far. */
export function callerOf(request: FastifyRequest): Caller | undefined {
  return callers.get(request);
}

/** The handler's caller, as `CallerGuard` found it (see `@WithSession()` for the session). */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  const caller = callers.get(context.switchToHttp().getRequest<FastifyRequest>());
  if (!caller) throw new Error('@Caller() needs CallerGuard on its controller');
  return caller;
});

/** The trace metadata of a message a signed-in user's request causes about themselves. */
export function asUser({ correlationId, user }: SignedInCaller): Required<TraceMetadata> & { userId: string } {
  return { correlationId, actorId: user.id, userId: user.id };
}

/** What a session started for this caller records of its client. */
export function sessionClientOf(
  { correlationId, ipAddress, userAgent }: Caller,
  rememberMe: boolean,
): SessionClientRequest {
  return { correlationId, ipAddress, userAgent, rememberMe };
}
