/**
 * One HTTP answer reduced to what the wire contract fixes, so that two implementations can be compared: status,
 * error {message, code}, the body's shape (keys and JSON types; booleans and nulls kept, strings only as a type
 * except URLs), Set-Cookie names and attributes, and Location. Ids, tokens, dates and each side's own origin are
 * masked.
 */
export interface WireShape {
  readonly status: number;
  readonly contentType?: string;
  readonly error?: { readonly message: string; readonly code?: string };
  readonly body?: unknown;
  readonly cookies: readonly string[];
  readonly location?: string;
}

export type WireAspect = keyof WireShape;

/** Either validation message form is right (reference README, v17-differences M4); status and code are fixed. */
const VALIDATION_MESSAGE = '<validation message>';
const URL_KEYS = new Set(['url', 'callbackURL', 'redirectTo']);

export function maskUrl(value: string, ownOrigin: string): string {
  const masked = value.startsWith(ownOrigin) ? `<self>${value.slice(ownOrigin.length)}` : value;
  return masked
    .replace(/([?&]token=)[^&#]+/g, '$1<token>')
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1<token>')
    .replace(/([?&]callbackURL=)([^&#]+)/g, (_, prefix: string, target: string) => {
      return `${prefix}${encodeURIComponent(maskUrl(decodeURIComponent(target), ownOrigin))}`;
    });
}

/**
 * A suite's own masking of the URLs in bodies and `Location`, after the common one (the social suite names the
 * providers' endpoints and masks state, PKCE challenge and nonce).
 */
export type UrlMask = (url: string, ownOrigin: string) => string;

function maskedUrl(value: string, { ownOrigin, urlMask }: ShapeOptions): string {
  const masked = maskUrl(value, ownOrigin);
  return urlMask === undefined ? masked : urlMask(masked, ownOrigin);
}

export interface ShapeOptions {
  /** Each side's own origin, masked as `<self>` in URLs. */
  readonly ownOrigin: string;
  readonly urlMask?: UrlMask;
  /** Object keys left out of the comparison (each suite says why). */
  readonly ignoredKeys: ReadonlySet<string>;
}

/**
 * A null field and an absent one are the same here: the reference's memory adapter leaves unset fields out where
 * a SQL store (and ours) answers null.
 */
function shapeOf(value: unknown, key: string, options: ShapeOptions): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return URL_KEYS.has(key) ? maskedUrl(value, options) : 'string';
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return value.map((item) => shapeOf(item, key, options));
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([name, item]) => item !== null && !options.ignoredKeys.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries.map(([name, item]) => [name, shapeOf(item, name, options)]));
}

/** `name=<value>|<empty>; attribute…` with the attributes that matter, in a fixed order. */
function cookieShape(setCookie: string): string {
  const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim());
  const [name, ...value] = pair.split('=');
  const kept = new Map<string, string>();
  for (const attribute of attributes) {
    const [attributeName, ...attributeValue] = attribute.split('=');
    const lower = attributeName.toLowerCase();
    if (lower === 'expires') kept.set('expires', 'Expires');
    else if (lower === 'max-age') kept.set('max-age', `Max-Age=${attributeValue.join('=')}`);
    else if (lower === 'samesite') kept.set('samesite', `SameSite=${attributeValue.join('=').toLowerCase()}`);
    else if (lower === 'path') kept.set('path', `Path=${attributeValue.join('=')}`);
    else if (lower === 'httponly') kept.set('httponly', 'HttpOnly');
    else if (lower === 'secure') kept.set('secure', 'Secure');
    else if (lower === 'domain') kept.set('domain', `Domain=${attributeValue.join('=')}`);
  }
  const order = ['path', 'httponly', 'secure', 'samesite', 'max-age', 'expires', 'domain'];
  const valueShape = value.join('=') === '' ? '<empty>' : '<value>';
  return [`${name}=${valueShape}`, ...order.flatMap((key) => (kept.has(key) ? [kept.get(key)!] : []))].join('; ');
}

export function wireShapeOf(response: Response, text: string, options: ShapeOptions): WireShape {
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  let json: unknown;
  if (mediaType === 'application/json' && text !== '') json = JSON.parse(text);
  const cookies = response.headers
    .getSetCookie()
    .map(cookieShape)
    .sort((a, b) => a.localeCompare(b));
  const location = response.headers.get('location') ?? undefined;
  const shape: { -readonly [K in keyof WireShape]: WireShape[K] } = { status: response.status, cookies };
  if (mediaType !== 'application/json' && text !== '') shape.contentType = mediaType;
  if (location !== undefined) shape.location = maskedUrl(location, options);
  if (response.status >= 400 && json && typeof json === 'object' && 'message' in json) {
    const { message, code } = json as { message: string; code?: string };
    shape.error = { message: code === 'VALIDATION_ERROR' ? VALIDATION_MESSAGE : message, code };
  } else if (json !== undefined) {
    shape.body = shapeOf(json, '', options);
  } else if (text === '' && response.status !== 302) {
    shape.body = '<empty>';
  }
  return shape;
}
