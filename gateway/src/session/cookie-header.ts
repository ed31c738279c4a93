/** Parses a Cookie header: the first occurrence of a name wins, quotes are stripped, %-escapes decoded. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (value.includes('%')) {
      try {
        value = decodeURIComponent(value);
      } catch {
        continue;
      }
    }
    cookies.set(name, value);
  }
  return cookies;
}

export interface CookieAttributes {
  readonly maxAge?: number;
  readonly secure: boolean;
}

/** The largest Max-Age browsers honour (400 days); a larger one is a programming error. */
export const MAX_COOKIE_AGE_SECONDS = 34_560_000;

/** Serialises in the reference order: name=value; Max-Age; Path; HttpOnly; Secure; SameSite. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (attributes.maxAge !== undefined) {
    if (attributes.maxAge > MAX_COOKIE_AGE_SECONDS) {
      throw new Error('Cookies Max-Age SHOULD NOT be greater than 400 days (34560000 seconds) in duration.');
    }
    parts.push(`Max-Age=${Math.max(Math.floor(attributes.maxAge), 0)}`);
  }
  parts.push('Path=/', 'HttpOnly');
  if (attributes.secure) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}
