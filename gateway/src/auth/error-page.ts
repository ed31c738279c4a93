import { inlineStylePagePolicy } from '../http/security-headers.js';

const ERROR_PAGE_STYLE = `
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2328;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:2rem;max-width:28rem;text-align:center}
.btn{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:6px;background:#1f2328;color:#fff;text-decoration:none}
code{background:#f6f8fa;padding:.1rem .3rem;border-radius:4px}
`;

/** Lets the page's own style sheet apply, and nothing else load or run. */
export const ERROR_PAGE_POLICY = inlineStylePagePolicy(ERROR_PAGE_STYLE);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}

/** The server-rendered error page of spec §2: heading, message, link back to the app, escaped code. */
export function renderErrorPage(code: string | undefined): string {
  const shown = escapeHtml(code && code.length > 0 ? code : 'Unknown');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Authentication Error</title>
<style>${ERROR_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Authentication Error</h1>
<p>We encountered an issue while processing your request. Please try again or contact the application owner if the problem persists.</p>
<a href="/" id="returnLink" class="btn">Return to Application</a>
<p>Error Code: <code id="errorCode">${shown}</code></p>
</main>
</body>
</html>`;
}
