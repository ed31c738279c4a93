/** What an authenticator app needs to be set up by hand, read from the `otpauth://` URI the server issues. */
export interface TotpSetup {
  /** The base32 secret, as the URI carries it. */
  secret: string;
  /** Who issued it (the app's name), when the URI says. */
  issuer: string | null;
  /** The account the code is for (the address), without the issuer's prefix. */
  account: string;
}

/**
 * Reads an `otpauth://totp/<issuer>:<account>?secret=…&issuer=…` URI (Key Uri Format); null for anything else, so
 * that the screen shows no half-read secret.
 */
export function readTotpUri(uri: string): TotpSetup | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  const secret = url.searchParams.get('secret');
  if (url.protocol !== 'otpauth:' || url.hostname !== 'totp' || !secret) return null;
  // The label is the path: "/Issuer:account", each part percent-encoded.
  const label = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const colon = label.indexOf(':');
  return {
    secret,
    issuer: url.searchParams.get('issuer') ?? (colon >= 0 ? label.slice(0, colon) : null),
    account: colon >= 0 ? label.slice(colon + 1) : label,
  };
}

/** The secret in groups of four, as people copy it into an app by hand without losing their place. */
export function groupSecret(secret: string, size = 4): string {
  return (secret.replace(/\s+/g, '').match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}
