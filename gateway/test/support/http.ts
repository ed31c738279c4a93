/** Small helpers for raw HTTP assertions (cookies, status codes, headers). */
export interface JsonResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly setCookies: string[];
}

export async function request<T = unknown>(url: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text !== '') body = JSON.parse(text);
  return {
    status: response.status,
    headers: response.headers,
    body: body as T,
    setCookies: response.headers.getSetCookie(),
  };
}

export function postJson<T = unknown>(url: string, body: unknown, headers: Record<string, string> = {}) {
  return request<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** `name=value` pairs of Set-Cookie headers, ready for a Cookie request header. */
export function cookieHeaderFrom(setCookies: readonly string[]): string {
  return setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A distinct client address per call, so that tests are not rate-limited as one client. */
export function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}
