import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver got, and the status it answered. */
export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly at: number;
  readonly answered: number;
}

/**
 * A local HTTP endpoint that records every POST, answering each path with the statuses queued for it (200 once
 * they are used up), as a webhook receiver that fails now and then.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly answers = new Map<string, number[]>();
  private readonly delays = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        const answered = receiver.answers.get(path)?.shift() ?? 200;
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        const record = () => {
          receiver.received.push({
            path,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
            answered,
          });
          response.writeHead(answered).end();
        };
        // A sender that dies while it waits for the answer never sees it: the request is not recorded as received.
        setTimeout(
          () => {
            if (!request.socket.destroyed) record();
          },
          receiver.delays.get(path) ?? 0,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** The URL of a path of this receiver. */
  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The next requests to `path` are answered with these statuses, in order. */
  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, statuses);
  }

  /** Requests to `path` are answered this long after they arrived, as a slow endpoint would. */
  delay(path: string, ms: number): void {
    this.delays.set(path, ms);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    return closed;
  }
}

/** A receiver's check of a Standard Webhooks signature, as docs/operations.md shows it. */
export function signatureValid(secret: string, { headers, body }: ReceivedWebhook): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`;
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);
  return (headers['webhook-signature'] ?? '')
    .split(' ')
    .some((given) => given.length === expected.length && timingSafeEqual(Buffer.from(given), expected));
}
