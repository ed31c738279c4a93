import { isDeepStrictEqual } from 'node:util';
import { eventually, sleep } from '../eventually.js';
import type { SmtpSink } from '../smtp-sink.js';
import type { TestStack } from '../test-stack.js';
import type { ReferenceAuth } from './reference-auth.js';
import { maskUrl, wireShapeOf, type UrlMask, type WireAspect, type WireShape } from './wire-shape.js';

export type SideName = 'ours' | 'reference';

/** One implementation under comparison: where it listens and the links it has mailed. */
export interface Side {
  readonly name: SideName;
  readonly baseUrl: string;
  linksMailedTo(address: string): URL[];
}

export interface WireRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under the side's origin, e.g. `/api/auth/sign-up/email?x=1`. */
  readonly path: string;
  /** Sent as JSON with `Content-Type: application/json` (unless `contentType` says otherwise). */
  readonly json?: unknown;
  /** A raw body, sent as is. */
  readonly body?: string;
  /** null: no Content-Type header at all. */
  readonly contentType?: string | null;
  /** The browser whose cookie jar is sent and updated; none: a client without cookies. */
  readonly as?: string;
  /** null: no Origin header; default: the web client's origin. */
  readonly origin?: string | null;
  readonly headers?: Record<string, string>;
}

export interface Difference {
  readonly label: string;
  /** `values`: what a suite compares beyond the shape (see the organization suite). */
  readonly aspect: WireAspect | 'mails' | 'values';
  readonly ours: unknown;
  readonly reference: unknown;
}

export interface Answer {
  readonly shape: WireShape;
  readonly json: unknown;
  /** For a suite that compares a header the shape leaves out (the JWT plugin's set-auth-jwt). */
  readonly headers: Headers;
}

const ASPECTS: readonly WireAspect[] = ['status', 'contentType', 'error', 'body', 'cookies', 'location'];

/**
 * Where the reference answers an error without a `code`, ours may carry the code derived from the message
 * (v17-differences M3: either is right), so only the messages are compared.
 */
function sameAspect(aspect: WireAspect, ours: WireShape, reference: WireShape): boolean {
  if (aspect === 'error' && ours.error && reference.error && reference.error.code === undefined) {
    return ours.error.message === reference.error.message;
  }
  return isDeepStrictEqual(ours[aspect], reference[aspect]);
}

/**
 * Our stack and the reference beside it: each request goes to both, each side with its own cookie jar per actor,
 * and every aspect of the two answers that differs is recorded under the step's label.
 */
export class Pair {
  readonly differences: Difference[] = [];
  /** `METHOD /path` of every request sent, for a suite to check it reached every route. */
  readonly sent = new Set<string>();
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    readonly ours: Side,
    readonly reference: Side,
    readonly webOrigin: string,
    private readonly ignoredKeys: ReadonlySet<string> = new Set(),
    private readonly urlMask?: UrlMask,
  ) {}

  static of(
    stack: TestStack,
    smtp: SmtpSink,
    reference: ReferenceAuth,
    { webOrigin, ignoredKeys, urlMask }: { webOrigin: string; ignoredKeys: ReadonlySet<string>; urlMask?: UrlMask },
  ): Pair {
    return new Pair(
      { name: 'ours', baseUrl: stack.baseUrl, linksMailedTo: (address) => smtp.linksIn(address) },
      {
        name: 'reference',
        baseUrl: reference.baseUrl,
        linksMailedTo: (address) =>
          reference.mails.filter((mail) => mail.to === address && mail.url !== '').map((mail) => new URL(mail.url)),
      },
      webOrigin,
      ignoredKeys,
      urlMask,
    );
  }

  /** Sends the request (or each side's version of it) to both sides and records what differs. */
  async send(label: string, request: WireRequest | ((side: Side) => WireRequest)): Promise<Record<SideName, Answer>> {
    const requestOf = typeof request === 'function' ? request : () => request;
    const [ours, reference] = await Promise.all([
      this.sendTo(this.ours, requestOf(this.ours)),
      this.sendTo(this.reference, requestOf(this.reference)),
    ]);
    for (const aspect of ASPECTS) {
      if (!sameAspect(aspect, ours.shape, reference.shape)) {
        this.differences.push({ label, aspect, ours: ours.shape[aspect], reference: reference.shape[aspect] });
      }
    }
    return { ours, reference };
  }

  /**
   * Compares the links mailed to `address` so far (path, callbackURL; tokens masked). Our mails travel through
   * NATS and SMTP, so this waits for ours to catch up with the reference's count first.
   */
  async compareMails(label: string, address: string): Promise<void> {
    const expected = this.reference.linksMailedTo(address).length;
    await eventually(async () => (this.ours.linksMailedTo(address).length >= expected ? true : undefined), {
      timeoutMs: 5_000,
      what: `our mails to ${address}`,
    }).catch(() => undefined);
    await sleep(100);
    const ours = this.mailSummary(this.ours, address);
    const reference = this.mailSummary(this.reference, address);
    if (!isDeepStrictEqual(ours, reference)) this.differences.push({ label, aspect: 'mails', ours, reference });
  }

  /** The newest link mailed to `address` whose path starts with `/api/auth/<prefix>`. */
  async latestLink(side: Side, address: string, prefix: string): Promise<URL> {
    return eventually(
      async () =>
        side
          .linksMailedTo(address)
          .filter((url) => url.pathname.startsWith(`/api/auth/${prefix}`))
          .at(-1),
      { timeoutMs: 10_000, what: `a ${prefix} link mailed to ${address} by ${side.name}` },
    );
  }

  /** Opens on each side the newest link it mailed to `address` under `/api/auth/<prefix>`. */
  async followLink(
    label: string,
    address: string,
    prefix: string,
    request: Omit<WireRequest, 'path'> = {},
  ): Promise<Record<SideName, Answer>> {
    const ours = await this.latestLink(this.ours, address, prefix);
    const reference = await this.latestLink(this.reference, address, prefix);
    const pathOf = (url: URL) => `${url.pathname}${url.search}`;
    return this.send(label, (side) => ({ ...request, path: pathOf(side.name === 'ours' ? ours : reference) }));
  }

  /** The cookie of that name in the actor's jar on that side. */
  cookie(side: Side, actor: string, name: string): string | undefined {
    return this.jarOf(side, actor).get(name);
  }

  private mailSummary(side: Side, address: string): string[] {
    return side.linksMailedTo(address).map((url) => maskUrl(url.toString(), side.baseUrl));
  }

  private jarOf(side: Side, actor: string): Map<string, string> {
    const key = `${side.name}:${actor}`;
    if (!this.jars.has(key)) this.jars.set(key, new Map());
    return this.jars.get(key)!;
  }

  private async sendTo(side: Side, request: WireRequest): Promise<Answer> {
    const headers: Record<string, string> = { ...request.headers };
    const origin = request.origin === undefined ? this.webOrigin : request.origin;
    if (origin !== null) headers.origin = origin;
    const contentType =
      request.contentType === undefined && request.json !== undefined ? 'application/json' : request.contentType;
    if (contentType) headers['content-type'] = contentType;
    const jar = request.as === undefined ? undefined : this.jarOf(side, request.as);
    if (jar && jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const text = request.json !== undefined ? JSON.stringify(request.json) : request.body;
    // fetch labels a string body text/plain; bytes go without a Content-Type.
    const body = text !== undefined && contentType === null ? new TextEncoder().encode(text) : text;
    const method = request.method ?? (body === undefined ? 'GET' : 'POST');
    this.sent.add(`${method} ${new URL(request.path, side.baseUrl).pathname}`);
    const response = await fetch(`${side.baseUrl}${request.path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const answer = await response.text();
    if (jar) this.keepCookies(jar, response.headers.getSetCookie());
    const shape = wireShapeOf(response, answer, {
      ownOrigin: side.baseUrl,
      ignoredKeys: this.ignoredKeys,
      urlMask: this.urlMask,
    });
    let json: unknown;
    try {
      json = JSON.parse(answer);
    } catch {
      json = undefined;
    }
    return { shape, json, headers: response.headers };
  }

  private keepCookies(jar: Map<string, string>, setCookies: readonly string[]): void {
    for (const setCookie of setCookies) {
      const [pair, ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (value === '' || expired) jar.delete(name);
      else jar.set(name, value);
    }
  }
}
