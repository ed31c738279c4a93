import { createHmac } from 'node:crypto';

/**
 * TOTP (RFC 6238 over RFC 4226's HOTP) with the reference's defaults: HMAC-SHA1, 6 digits, 30 s steps, the
 * previous, current and next step accepted. Hand-written: the algorithm is a dozen lines of node:crypto, and none
 * of the service's dependencies offers it (the reference's own helper is not a dependency of identity).
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of the current one (clock drift, a code typed as it turned). */
export const TOTP_WINDOW = 1;

/** The time step a moment falls in. */
export function totpStep(now: Date, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(now.getTime() / 1000 / period);
}

/** RFC 4226 §5.3: the HOTP value of `counter` under `key`, as `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, '0');
}

/**
 * The step whose code `code` is, among those the window accepts around `now` and after `lastUsedStep` (a step
 * whose code was accepted before is never accepted again: a code seen over a shoulder or replayed from a proxy is
 * worthless once used); null when none matches. Every candidate is compared, so the time spent tells nothing.
 */
export function acceptedStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const key = Buffer.from(secret, 'utf8');
  const current = totpStep(now);
  let accepted: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const matches = hotp(key, step) === code;
    if (matches && accepted === null && (lastUsedStep === null || step > lastUsedStep)) accepted = step;
  }
  return accepted;
}
