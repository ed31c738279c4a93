/**
 * Whether `http:` image URLs are taken besides `https:`: only in development (NODE_ENV other than production, or
 * a BASE_URL on http), where local servers have no certificate. Each app that validates image URLs sets it
 * once at start-up from its configuration; until then only `https:` passes.
 */
let plainHttpAccepted = false;

export function acceptPlainHttpImageUrls(accepted: boolean): void {
  plainHttpAccepted = accepted;
}

/**
 * A logo or profile image: an absolute `https:` URL (or `http:`, see above). Apps put it in `<img src>` and
 * mails; `javascript:`, `data:` and other schemes would run or smuggle content there.
 */
export function isImageUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || (plainHttpAccepted && protocol === 'http:');
}
