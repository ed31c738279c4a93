import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/**
 * AES-256-GCM as `iv ‖ tag ‖ ciphertext`. The associated data is authenticated, not stored: the payload opens
 * only with the same key and the same associated data, so it cannot be moved to another place that expects it.
 */
export function seal(key: Buffer, plain: Buffer, associatedData: Buffer): Buffer {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
}

/** The plain bytes, or null when the key or the associated data is not the one sealed with (or it was altered). */
export function open(key: Buffer, payload: Buffer, associatedData: Buffer): Buffer | null {
  if (payload.length < IV_LENGTH + TAG_LENGTH) return null;
  const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, IV_LENGTH));
  decipher.setAAD(associatedData);
  decipher.setAuthTag(payload.subarray(IV_LENGTH, IV_LENGTH + TAG_LENGTH));
  try {
    return Buffer.concat([decipher.update(payload.subarray(IV_LENGTH + TAG_LENGTH)), decipher.final()]);
  } catch {
    return null;
  }
}
