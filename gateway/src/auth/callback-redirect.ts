/** `callbackURL` with `error=<code>` added, as links that fail send the browser back to the app. */
export function withErrorParameter(callbackURL: string, code: string): string {
  const separator = callbackURL.includes('?') ? '&' : '?';
  return `${callbackURL}${separator}error=${encodeURIComponent(code)}`;
}
