import { LIMITS, OptionalId, Text } from './fields.js';

/** What every request/reply payload carries besides its own fields: the HTTP request behind the work. */
export interface TraceMetadata {
  /** Correlation id of the originating request (the gateway's `x-request-id`). */
  correlationId: string;
  /** The signed-in user acting, when there is one. */
  actorId?: string;
}

const tracedClasses = new WeakSet<object>();

/**
 * A message's contract made of its body class and the trace metadata: the body holds the wire fields (what
 * the gateway validates an HTTP body with), the message adds who and what caused it, e.g.
 * `class RequestPasswordResetRequest extends traced(RequestPasswordResetBody) {}`. Field rules and nested contracts of the
 * body are inherited, so the service validates the same fields with the same rules.
 */
export function traced<TBody extends object>(Body: new () => TBody): new () => TBody & TraceMetadata {
  class Traced extends (Body as new () => object) implements TraceMetadata {
    @Text(LIMITS.correlationId)
    correlationId!: string;

    @OptionalId()
    actorId?: string;
  }
  tracedClasses.add(Traced);
  return Traced as new () => TBody & TraceMetadata;
}

/** Base of the request/reply payloads that have no HTTP body of their own. */
export abstract class TracedRequest extends traced(Object) {}

/** Whether a class is a message's contract (made with `traced`), which a service validates each payload with. */
export function isTracedContract(type: new () => object): boolean {
  for (let owner: object | null = type; owner; owner = Object.getPrototypeOf(owner)) {
    if (tracedClasses.has(owner)) return true;
  }
  return false;
}
