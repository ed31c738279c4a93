/**
 * Which origins and URLs the API trusts (reference §5.3): BASE_URL's origin and the configured entries.
 * An entry with `*` is a glob over host[:port] of an http(s) URL: `https://*.example.com` for that scheme, and
 * `*.example.com` for https (or BASE_URL's own scheme), so that neither a `javascript:` URL nor a downgrade to
 * http passes (the reference compares the host alone). An http(s) entry must equal the URL's origin exactly;
 * any other scheme (a native app's `myapp://`) trusts URLs that start with it.
 */
export class TrustedOrigins {
  private readonly patterns: readonly string[];
  /** The schemes a wildcard entry without one trusts. */
  private readonly wildcardSchemes: ReadonlySet<string>;

  constructor(baseUrl: URL, configured: readonly string[]) {
    this.patterns = [baseUrl.origin, ...configured];
    this.wildcardSchemes = new Set(['https:', baseUrl.protocol]);
  }

  /** For the Origin / Referer header: never relative, never "null". */
  isTrustedOrigin(value: string): boolean {
    if (value === '' || value === 'null' || value.startsWith('/')) return false;
    return this.patterns.some((pattern) => this.matches(value, pattern));
  }

  /** For callbackURL and friends: a trusted absolute URL or a safe relative path. */
  isTrustedUrl(value: string): boolean {
    if (value.startsWith('/')) return isSafeRelativePath(value);
    return this.patterns.some((pattern) => this.matches(value, pattern));
  }

  private matches(value: string, pattern: string): boolean {
    if (!pattern.includes('*')) return matchesExactly(value, pattern);
    const url = parse(value);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
    const schemeEnd = pattern.indexOf('://');
    const scheme = schemeEnd === -1 ? undefined : `${pattern.slice(0, schemeEnd)}:`;
    const hostGlob = schemeEnd === -1 ? pattern : pattern.slice(schemeEnd + 3);
    const schemeTrusted = scheme === undefined ? this.wildcardSchemes.has(url.protocol) : url.protocol === scheme;
    return schemeTrusted && globToRegExp(hostGlob).test(url.host);
  }
}

// A single leading slash, not followed by another slash or backslash (escaped or not); a limited
// character set for path and query; an optional fragment (accepted since the reference fixed it).
const SAFE_RELATIVE_PATH = /^\/(?!\/|\\|%2f|%5c)[\w\-.+/@]*(?:\?[\w\-.+/=&%@]*)?(?:#[\w\-.+/=&%@]*)?$/i;

export function isSafeRelativePath(value: string): boolean {
  return SAFE_RELATIVE_PATH.test(value);
}

function matchesExactly(value: string, pattern: string): boolean {
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
