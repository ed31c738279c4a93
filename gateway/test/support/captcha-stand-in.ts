import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The providers whose siteverify API the stand-in speaks, each under its own path. */
export type StandInProvider = 'cloudflare-turnstile' | 'google-recaptcha' | 'hcaptcha';

/** What the stand-in answers for a token it issued, on top of `success: true` (a v3 score, an action). */
export type IssuedAnswer = { readonly score?: number; readonly action?: string } | 'never-answer';

/** One siteverify call as the stand-in received it. */
export interface ReceivedVerification {
  readonly provider: StandInProvider;
  readonly contentType: string;
  readonly fields: Record<string, unknown>;
}

/**
 * A local stand-in for the providers' siteverify APIs, on a random port: Turnstile reads JSON, reCAPTCHA and
 * hCaptcha a form. Like a provider it only passes tokens it issued, once each, and only to the right secret (and
 * for hCaptcha the right site key when it has one); a token issued as `never-answer` keeps the call open.
 */
export class CaptchaStandIn {
  readonly received: ReceivedVerification[] = [];
  private readonly issued = new Map<string, IssuedAnswer>();

  private constructor(
    private readonly server: Server,
    private readonly secret: string,
    private readonly siteKey: string | undefined,
  ) {}

  static async start(secret: string, siteKey?: string): Promise<CaptchaStandIn> {
    const server = createServer();
    const standIn = new CaptchaStandIn(server, secret, siteKey);
    server.on('request', (request, response) => void standIn.answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** CAPTCHA_VERIFY_URL for `provider`. */
  url(provider: StandInProvider): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/${provider}/siteverify`;
  }

  /** A token as a widget would hand it to the browser, verified once with `answer`. */
  issue(answer: IssuedAnswer = {}): string {
    const token = `token-${randomUUID()}`;
    this.issued.set(token, answer);
    return token;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const provider = /^\/([a-z-]+)\/siteverify$/.exec(request.url ?? '')?.[1] as StandInProvider;
    const contentType = request.headers['content-type'] ?? '';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const json = provider === 'cloudflare-turnstile';
    const fields: Record<string, unknown> = json ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
    this.received.push({ provider, contentType, fields });
    const token = String(fields.response);
    const answer = this.issued.get(token);
    this.issued.delete(token);
    if (answer === 'never-answer') return;
    const reply = (body: object) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (fields.secret !== this.secret) return reply({ success: false, 'error-codes': ['invalid-input-secret'] });
    if (provider === 'hcaptcha' && this.siteKey !== undefined && fields.sitekey !== this.siteKey) {
      return reply({ success: false, 'error-codes': ['sitekey-secret-mismatch'] });
    }
    if (answer === undefined) return reply({ success: false, 'error-codes': ['invalid-input-response'] });
    reply({ success: true, hostname: 'localhost', ...answer });
  }
}
