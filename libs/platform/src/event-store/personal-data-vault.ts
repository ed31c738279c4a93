import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';

const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/**
 * Crypto-shredding: personal data in events is encrypted (AES-256-GCM) under a key per subject (a user).
 * Erasing the key makes every copy in the append-only log unreadable, without rewriting history.
 */
export class PersonalDataVault {
  constructor(private readonly schema: string) {}

  async encrypt(manager: EntityManager, subject: string, value: unknown): Promise<Buffer> {
    const key = await this.keyFor(manager, subject);
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
  }

  /** The keys of these subjects that still exist (erased subjects are absent). */
  async keysOf(manager: EntityManager, subjects: readonly string[]): Promise<Map<string, Buffer>> {
    if (subjects.length === 0) return new Map();
    const rows: { subject: string; key: Buffer }[] = await manager.query(
      `SELECT subject, key FROM "${this.schema}".data_keys WHERE subject = ANY($1)`,
      [[...new Set(subjects)]],
    );
    return new Map(rows.map((row) => [row.subject, row.key]));
  }

  /** Null when the subject's key was erased. */
  decrypt(keys: Map<string, Buffer>, subject: string, payload: Buffer): unknown {
    const key = keys.get(subject);
    if (!key) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, IV_LENGTH));
    decipher.setAuthTag(payload.subarray(IV_LENGTH, IV_LENGTH + TAG_LENGTH));
    const plain = Buffer.concat([decipher.update(payload.subarray(IV_LENGTH + TAG_LENGTH)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  }

  async erase(manager: EntityManager, subject: string): Promise<void> {
    await manager.query(`DELETE FROM "${this.schema}".data_keys WHERE subject = $1`, [subject]);
  }

  private async keyFor(manager: EntityManager, subject: string): Promise<Buffer> {
    await manager.query(
      `INSERT INTO "${this.schema}".data_keys (subject, key) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING`,
      [subject, randomBytes(32)],
    );
    const rows: { key: Buffer }[] = await manager.query(
      `SELECT key FROM "${this.schema}".data_keys WHERE subject = $1`,
      [subject],
    );
    return rows[0].key;
  }
}
