/**
 * The path (with query and fragment) of a URL on this site, or null: the server hands a callback URL on either
 * relative ("/account") or absolute on its own origin, and the client navigates inside the app with the path.
 * A relative URL is returned as given; the caller still checks that it is a path of this site.
 */
export function localPath(url: string | null, origin: string): string | null {
  if (!url) return null;
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}
