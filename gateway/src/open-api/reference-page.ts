/** Where Scalar's standalone API reference is loaded from, as better-auth's reference page does. */
export const SCALAR_SCRIPT = 'https://cdn.jsdelivr.net/npm/@scalar/api-reference';

/**
 * The reference page's policy: scripts from Scalar's CDN origin alone (the page has no script of its own: Scalar
 * reads the schema URL from a data attribute), the schema and "try it" requests to this origin, and inline
 * styles, which Scalar injects at run time. Nothing may frame it.
 */
export const REFERENCE_PAGE_POLICY = [
  "default-src 'none'",
  `script-src ${new URL(SCALAR_SCRIPT).origin}`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The API reference page, pointed at the OpenAPI document's URL (a path of ours: no escaping needed). */
export function referencePage(schemaUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>authsvc API reference</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${schemaUrl}"></script>
    <script src="${SCALAR_SCRIPT}"></script>
  </body>
</html>
`;
}
