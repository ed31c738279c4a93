import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with the `service.name` of the process that sent it. */
export interface ReceivedSpan {
  readonly service: string;
  readonly scope: string;
  readonly name: string;
  readonly kind: number;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** OTLP's span kinds (SPAN_KIND_SERVER, SPAN_KIND_CLIENT, SPAN_KIND_CONSUMER). */
export const SPAN_KIND = { SERVER: 2, CLIENT: 3, CONSUMER: 5 } as const;

type KeyValue = { key: string; value: Record<string, unknown> };
type ExportRequest = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: (Omit<ReceivedSpan, 'service' | 'scope' | 'attributes'> & {
        attributes?: KeyValue[];
      })[];
    }[];
  }[];
};

const valuesOf = (attributes: KeyValue[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/**
 * A local OTLP/HTTP receiver, as a collector or Jaeger would be: accepts the JSON exports the apps send to
 * `/v1/traces` and keeps their spans.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Every export request, whatever it held. */
  exports = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const receiver = new OtlpReceiver(createServer((request, response) => receiver.accept(request, response)));
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(request: IncomingMessage, response: ServerResponse): void {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      this.exports += 1;
      if (request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        this.keep(JSON.parse(body) as ExportRequest);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else {
        response.writeHead(415).end();
      }
    });
  }

  private keep({ resourceSpans = [] }: ExportRequest): void {
    for (const { resource, scopeSpans = [] } of resourceSpans) {
      const service = String(valuesOf(resource?.attributes)['service.name']);
      for (const { scope, spans = [] } of scopeSpans) {
        for (const span of spans) {
          this.spans.push({ ...span, service, scope: scope?.name ?? '', attributes: valuesOf(span.attributes) });
        }
      }
    }
  }
}
