import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_SECONDS = 30;
const DIGITS = 6;

/** RFC 4648 base32 (no padding, any case, spaces ignored) to bytes, as an authenticator app reads a typed key. */
function base32Bytes(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not a base32 character: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/**
 * The code an authenticator app shows for a base32 key (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), written
 * here so that the browser test computes it from what the screen shows, as a person's phone does.
 * `stepsAhead` gives a later step's code: the server accepts the next step, and refuses a step already used.
 */
export function totpCode(secret: string, stepsAhead = 0, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / STEP_SECONDS) + stepsAhead));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  // RFC 4226 §5.3 dynamic truncation: 31 bits from the offset the last nibble names.
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}
