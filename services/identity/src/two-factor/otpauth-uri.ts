import { base32Encode } from './base32.js';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './totp.js';

/**
 * The key URI an authenticator app scans: `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&digits=6&period=30`,
 * label parts percent-encoded, the query form-encoded, no `algorithm` (SHA-1 is every app's default), as 1.7
 * writes it.
 */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret: base32Encode(Buffer.from(secret, 'utf8')),
    issuer,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
