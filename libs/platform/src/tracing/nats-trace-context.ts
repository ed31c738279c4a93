import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  type Context,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';

const setter: TextMapSetter<MsgHdrs> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

const getter: TextMapGetter<MsgHdrs | undefined> = {
  get: (carrier, key) => (carrier?.has(key) ? carrier.get(key) : undefined),
  keys: (carrier) => carrier?.keys() ?? [],
};

/** NATS headers carrying the active trace context (W3C `traceparent`, and `tracestate` when there is one). */
export function natsTraceHeaders(base?: MsgHdrs): MsgHdrs {
  const carrier = natsHeaders();
  for (const key of base?.keys() ?? []) for (const value of base!.values(key)) carrier.append(key, value);
  propagation.inject(context.active(), carrier, setter);
  return carrier;
}

/** The trace context a message's headers carry, as the parent of the span that handles it. */
export function natsTraceContext(headers: MsgHdrs | undefined): Context {
  return propagation.extract(context.active(), headers, getter);
}

/** The attributes of a span of a NATS message (OpenTelemetry's messaging conventions). */
export function natsSpanAttributes(subject: string, operation: 'send' | 'process') {
  return {
    'messaging.system': 'nats',
    'messaging.destination.name': subject,
    'messaging.operation.type': operation,
  };
}

/**
 * Runs a request to `subject` in a client span, giving `send` the headers that carry the span to the service
 * that answers. `failed` tells which errors are failures (a refusal the domain decided is an answer, not one).
 */
export function inClientSpan<T>(
  tracer: Tracer,
  subject: string,
  send: (headers: MsgHdrs) => Promise<T>,
  failed: (error: unknown) => boolean,
): Promise<T> {
  return tracer.startActiveSpan(
    subject,
    { kind: SpanKind.CLIENT, attributes: natsSpanAttributes(subject, 'send') },
    async (span) => {
      try {
        return await send(natsTraceHeaders());
      } catch (error) {
        if (failed(error)) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
