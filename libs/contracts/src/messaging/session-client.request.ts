import { Flag, LIMITS, Text } from './fields.js';
import { traced, type TraceMetadata } from './traced-request.js';

/** What a new session records of the HTTP client that asked for it. */
export interface SessionClient {
  ipAddress: string;
  userAgent: string;
  rememberMe: boolean;
}

/**
 * A message that may start a session: its body, the trace metadata and the client facts. Neither identity's
 * nor session's: identity's requests that start a session (sign-in, change-password, verify-email) carry the
 * facts and hand them on to `session.rpc.session.create`, whose `CreateSessionRequest` is built on them. So the
 * dependency runs one way: session's contracts use identity's (`UserView`), identity's requests never use
 * session's; both use this. The one thing identity's contracts name of session's is the reply type of a request
 * identity hands on, since the session service answers it (`StartedSession`, a type-only import).
 */
export function sessionClient<TBody extends object>(
  Body: new () => TBody,
): new () => TBody & TraceMetadata & SessionClient {
  class WithSessionClient extends (traced(Body) as new () => object) implements SessionClient {
    @Text(LIMITS.ipAddress)
    ipAddress!: string;

    @Text(LIMITS.userAgent)
    userAgent!: string;

    @Flag()
    rememberMe!: boolean;
  }
  return WithSessionClient as new () => TBody & TraceMetadata & SessionClient;
}

/** The client facts alone, as the gateway gathers them for any request that starts a session. */
export abstract class SessionClientRequest extends sessionClient(Object) {}

/** The client facts and trace of a message that carries them, to hand on to a message that starts a session. */
export function sessionClientIn({
  correlationId,
  ipAddress,
  userAgent,
  rememberMe,
}: SessionClientRequest): SessionClientRequest {
  return { correlationId, ipAddress, userAgent, rememberMe };
}
