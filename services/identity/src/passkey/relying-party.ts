/** The relying party passkeys are bound to: who the authenticator says it signs for. */
export interface RelyingParty {
  /** The RP ID: BASE_URL's host name, as the reference derives it. A passkey works only under this domain. */
  readonly id: string;
  /** The name authenticators show; this service has no product name of its own, so the host name again. */
  readonly name: string;
}

export function relyingPartyOf(baseUrl: URL): RelyingParty {
  return { id: baseUrl.hostname, name: baseUrl.hostname };
}

/**
 * Whether a page at `origin` may use passkeys of the relying party: browsers only let a page claim an RP ID that is
 * its own host or a parent domain of it. The gateway already admitted the origin as trusted (TRUSTED_ORIGINS or
 * BASE_URL's); an origin no browser could have used for this RP ID is refused before any signature is checked.
 */
export function originServes(origin: string, rp: RelyingParty): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  return host === rp.id || host.endsWith(`.${rp.id}`);
}
