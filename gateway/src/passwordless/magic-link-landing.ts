import type { IncomingHttpHeaders } from 'node:http';
import { inlineStylePagePolicy } from '../http/security-headers.js';

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2328;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:2rem;max-width:28rem;text-align:center}
button{margin-top:1rem;padding:.5rem 1rem;border-radius:6px;border:0;background:#1f2328;color:#fff;font-size:1rem;cursor:pointer}
`;

/**
 * The page's own style sheet and nothing else loads or runs. No form-action: browsers apply it to the redirect
 * that answers the form too, which goes on to the app's callbackURL, often on another trusted origin.
 */
export const MAGIC_LINK_PAGE_POLICY = inlineStylePagePolicy(STYLE).replace("; form-action 'none'", '');

/**
 * Whether a GET of the mailed link may be a prefetch rather than the user: a browser's top-level navigation
 * (`Sec-Fetch-Mode: navigate`), or, from a client without Fetch Metadata (mail scanners, link previews), one that
 * asks for HTML. A fetch by a client library (`cors`, `*\/*`) is a deliberate call and spends the link at once,
 * as the reference's clients expect.
 */
export function isPrefetchableNavigation(headers: IncomingHttpHeaders): boolean {
  const mode = headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return (headers.accept ?? '').includes('text/html');
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => ENTITIES[character]);

/** A page whose one button confirms the sign-in: a POST to the same URL (path and query), which spends the link. */
export function magicLinkLandingPage(requestUrl: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta name="robots" content="noindex">
<title>Sign in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sign in</h1>
<p>Confirm that you want to sign in with the link you were mailed. It works once.</p>
<form method="post" action="${escapeHtml(requestUrl)}"><button type="submit" id="confirm">Sign in</button></form>
</main>
</body>
</html>`;
}
