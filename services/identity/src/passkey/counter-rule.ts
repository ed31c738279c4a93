/**
 * The signature counter rule (WebAuthn §6.1.1): an authenticator that keeps a counter must present one greater
 * than the last seen, else the credential may have been cloned. One that keeps none presents 0 every time, and
 * 0 after 0 is fine. The new value to store, or `null` when the assertion is refused.
 */
export function nextSignatureCounter(stored: number, presented: number): number | null {
  if (stored === 0 && presented === 0) return 0;
  return presented > stored ? presented : null;
}
