/**
 * Which origins and URLs the API trusts (reference §5.3): BASE_URL's origin and the configured entries.
 * An entry with `*` is a glob over host[:port]; an http(s) entry must equal the URL's origin exactly;
 * any other scheme (a native app's `myapp://`) trusts URLs that start with it.
 */
export class TrustedOrigins {
  private readonly patterns: readonly string[];

  constructor(baseUrl: URL, configured: readonly string[]) {
    this.patterns = [baseUrl.origin, ...configured];
  }

  /** For the Origin / Referer header: never relative, never "null". */
  isTrustedOrigin(value: string): boolean {
    if (value === '' || value === 'null' || value.startsWith('/')) return false;
    return this.patterns.some((pattern) => matches(value, pattern));
  }

  /** For callbackURL and friends: a trusted absolute URL or a safe relative path. */
  isTrustedUrl(value: string): boolean {
    if (value.startsWith('/')) return isSafeRelativePath(value);
    return this.patterns.some((pattern) => matches(value, pattern));
  }
}

// A single leading slash, not followed by another slash or backslash (escaped or not); a limited
// character set for path and query; an optional fragment (accepted since the reference fixed it).
const SAFE_RELATIVE_PATH = /^\/(?!\/|\\|%2f|%5c)[\w\-.+/@]*(?:\?[\w\-.+/=&%@]*)?(?:#[\w\-.+/=&%@]*)?$/i;

export function isSafeRelativePath(value: string): boolean {
  return SAFE_RELATIVE_PATH.test(value);
}

function matches(value: string, pattern: string): boolean {
  if (pattern.includes('*')) {
    const host = hostOf(value);
    return host !== undefined && globToRegExp(pattern).test(host);
  }
  const url = parse(value);
  if (!url || url.protocol === 'http:' || url.protocol === 'https:') return url?.origin === pattern;
  return value.startsWith(pattern);
}

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function hostOf(value: string): string | undefined {
  return parse(value)?.host || undefined;
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('')
    .map((character) => {
      if (character === '*') return '.*';
      if (character === '?') return '.';
      return character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}
