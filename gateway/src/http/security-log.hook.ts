import { authEventsTotal } from '@authsvc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { authEventOf } from './auth-event.js';
import { callerOf } from './caller.js';
import { correlationIdOf, pathOf, userAgentOf } from './request-context.js';
import { mayBeSecurityEvent, redirectErrorOf, securityEventOf, type SecurityEvent } from './security-event.js';

/**
 * One line per security event on stdout, whatever LOG_LEVEL says: the audit trail must not depend on how chatty
 * the rest of the log is. A JSON object in production, `security {…}` in development.
 */
export class SecurityLog {
  constructor(private readonly json: boolean) {}

  write(entry: SecurityEvent & Record<string, unknown>): void {
    // JSON escapes control characters, so no value can forge another line (log injection).
    const line = this.json
      ? JSON.stringify({ level: 'log', context: 'Security', ...entry })
      : `[gateway] security ${JSON.stringify(entry)}`;
    process.stdout.write(`${line}\n`);
  }
}

/**
 * Logs the security event of every answer that is one (see `securityEventOf`) with when, from where, who and
 * which request; never a body field, so no password, token or address reaches the log. Counts the
 * authentication events among them in `auth_events_total`.
 */
export function securityLogHook(log: SecurityLog, clientIp: (request: FastifyRequest) => string) {
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: OnSendDone): void => {
    const status = reply.statusCode;
    const matched = request.routeOptions.url ?? pathOf(request);
    if (!mayBeSecurityEvent(matched, status)) {
      done(null, payload);
      return;
    }
    const route = matched.startsWith(AUTH_BASE_PATH) ? matched.slice(AUTH_BASE_PATH.length) : matched;
    const location = status < 400 ? reply.getHeader('location') : undefined;
    const errorCode = status >= 400 ? errorCodeOf(payload) : redirectErrorOf(location?.toString());
    const event = securityEventOf(request.method, route, status, errorCode);
    if (event) {
      const authEvent = authEventOf(event);
      if (authEvent) authEventsTotal.inc({ ...authEvent });
      const caller = callerOf(request);
      log.write({
        ...event,
        at: new Date().toISOString(),
        requestId: correlationIdOf(request),
        ip: caller?.ipAddress ?? clientIp(request),
        userAgent: userAgentOf(request),
        userId: caller?.user?.id ?? (event.outcome === 'success' ? userIdOf(payload) : undefined),
      });
    }
    done(null, payload);
  };
}

/** Fastify's callback for an onSend hook: the error, or the payload to send. */
type OnSendDone = (error: Error | null, payload?: unknown) => void;

function parsed(payload: unknown): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

function errorCodeOf(payload: unknown): string | undefined {
  const body = parsed(payload) as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** The user a successful sign-up or sign-in answered with. */
function userIdOf(payload: unknown): string | undefined {
  const body = parsed(payload) as { user?: { id?: unknown } } | undefined;
  return typeof body?.user?.id === 'string' ? body.user.id : undefined;
}
