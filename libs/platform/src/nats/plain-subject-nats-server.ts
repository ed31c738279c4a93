import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { ServerNats, type NatsContext } from '@nestjs/microservices';
import { SpanKind, type Span, type Tracer } from '@opentelemetry/api';
import { natsSpanAttributes, natsTraceContext, natsTraceHeaders } from '../tracing/nats-trace-context.js';
import { activeTracer } from '../tracing/tracing-state.js';
import { natsConnectionOptions, type NatsEndpoint } from './connect-nats.js';
import { ForwardedRequest } from './forwarded-request.js';

/**
 * Nest's NATS server for handlers whose patterns are plain subjects, as all of ours are, and which may answer
 * by forwarding (`forwardRequest`).
 */
export class PlainSubjectNatsServer extends ServerNats {
  private readonly requestSubscriptions: Subscription[] = [];

  constructor(endpoint: NatsEndpoint, queue: string) {
    super({ ...natsConnectionOptions(endpoint), queue });
    const tracer = activeTracer();
    if (tracer) this.traceRequests(tracer);
  }

  /**
   * Each request handled in a server span, the child of the caller's span its headers carry: Nest runs the
   * handler inside the start hook's callback, so the handler's database and Redis calls are the span's children.
   */
  private traceRequests(tracer: Tracer): void {
    const spans = new WeakMap<object, Span>();
    this.setOnProcessingStartHook((_transport, context, handle) => {
      const message = context as NatsContext;
      const subject = message.getSubject();
      const options = { kind: SpanKind.SERVER, attributes: natsSpanAttributes(subject, 'process') };
      return tracer.startActiveSpan(subject, options, natsTraceContext(message.getHeaders()), (span) => {
        spans.set(message, span);
        return handle();
      });
    });
    this.setOnProcessingEndHook((_transport, context) => spans.get(context as NatsContext)?.end());
  }

  /**
   * Nest first tries every incoming subject as JSON (for object patterns), so each message threw and caught a
   * SyntaxError, stack trace included; a subject that cannot be JSON now goes straight to the route lookup.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  /**
   * A forwarded request leaves with the caller's reply subject and packet id instead of being answered; the
   * service it goes to answers and ends the reply stream, so nothing more is sent to the caller from here.
   */
  override getPublisher(message: Msg, id: string, context: NatsContext): (packet: { response?: unknown }) => unknown {
    const reply = super.getPublisher(message, id, context);
    let forwarded = false;
    return (packet) => {
      if (packet.response instanceof ForwardedRequest) {
        forwarded = true;
        return this.forward(packet.response, message, id);
      }
      return forwarded ? undefined : reply(packet);
    };
  }

  /**
   * Leaves the queue groups: the server sends this replica no more requests (other replicas get them), and the
   * messages it had already sent are still handed to their handlers. Resolves once they were.
   */
  async stopTakingRequests(): Promise<void> {
    await Promise.all(this.requestSubscriptions.splice(0).map((subscription) => subscription.drain()));
  }

  /** Nest's subscriptions, kept where `stopTakingRequests` can reach them (Nest keeps its list private). */
  override bindEvents(client: NatsConnection): void {
    const subscribe: NatsConnection['subscribe'] = (subject, options) => {
      const subscription = client.subscribe(subject, options);
      this.requestSubscriptions.push(subscription);
      return subscription;
    };
    super.bindEvents({ subscribe });
  }

  /** The packet a Nest client sends (`{pattern, data, id}`), with the caller's id, reply subject and headers. */
  private forward({ subject, request }: ForwardedRequest<unknown>, message: Msg, id: string): void {
    const packet = JSON.stringify({ pattern: subject, data: request, id });
    // Traced, the service it goes to continues this span rather than the caller's.
    const headers = activeTracer() ? natsTraceHeaders(message.headers) : message.headers;
    this.unwrap<NatsConnection>().publish(subject, packet, { reply: message.reply, headers });
  }
}
