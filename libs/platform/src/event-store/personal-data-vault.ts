import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';

const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/** Keys kept for writing, at most (about 1 MB). */
const CACHED_WRITE_KEYS = 10_000;

/**
 * Crypto-shredding: personal data in events is encrypted (AES-256-GCM) under a key per subject (a user).
 * Erasing the key makes every copy in the append-only log unreadable, without rewriting history.
 */
export class PersonalDataVault {
  /**
   * Keys recently written with, most recent last. Writing needs a subject's key on every append (each sign-in
   * encrypts under its user's key), and a key never changes while it exists. Only writes use these: every read
   * asks Postgres, so an erased key reads as erased at once everywhere. A replica that writes with a key
   * another replica has just erased writes data nobody can read any more, as erasure wants.
   */
  private readonly writeKeys = new Map<string, Buffer>();

  constructor(private readonly schema: string) {}

  /** Encrypts `value` under a key from `keysFor`. */
  encrypt(key: Buffer, value: unknown): Buffer {
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encrypted = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
  }

  /**
   * The keys of these subjects, creating the missing ones, in one statement: the subjects that already have
   * a key come from the statement's snapshot, the new ones from the insert. A key another transaction is
   * creating at the same moment is in neither, so it is read again once that transaction is through.
   */
  async keysFor(manager: EntityManager, subjects: readonly string[]): Promise<Map<string, Buffer>> {
    const cached = new Map<string, Buffer>();
    for (const subject of subjects) {
      const key = this.writeKeys.get(subject);
      if (key) cached.set(subject, this.remember(subject, key));
    }
    const wanted = [...new Set(subjects)].filter((subject) => !cached.has(subject));
    if (wanted.length === 0) return cached;
    const rows = await preparedQuery<{ subject: string; key: Buffer }>(
      manager,
      `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::bytea[]) AS w(subject, key)),
            created AS (
              INSERT INTO "${this.schema}".data_keys (subject, key) SELECT subject, key FROM wanted
              ON CONFLICT (subject) DO NOTHING RETURNING subject, key)
       SELECT subject, key FROM created
       UNION ALL
       SELECT existing.subject, existing.key FROM "${this.schema}".data_keys existing JOIN wanted USING (subject)`,
      [wanted, wanted.map(() => randomBytes(32))],
    );
    const keys = new Map(rows.map((row) => [row.subject, row.key]));
    const racing = wanted.filter((subject) => !keys.has(subject));
    for (const [subject, key] of await this.keysOf(manager, racing)) keys.set(subject, key);
    // Only an erasure between the two statements leaves a subject without a key; never write it unencrypted.
    const missing = wanted.find((subject) => !keys.has(subject));
    if (missing !== undefined) throw new Error(`no data key for subject ${missing}`);
    for (const [subject, key] of keys) cached.set(subject, this.remember(subject, key));
    return cached;
  }

  /** The keys of these subjects that still exist (erased subjects are absent). */
  async keysOf(manager: EntityManager, subjects: readonly string[]): Promise<Map<string, Buffer>> {
    if (subjects.length === 0) return new Map();
    const rows = await preparedQuery<{ subject: string; key: Buffer }>(
      manager,
      `SELECT subject, key FROM "${this.schema}".data_keys WHERE subject = ANY($1)`,
      [[...new Set(subjects)]],
    );
    return new Map(rows.map((row) => [row.subject, row.key]));
  }

  /**
   * Null when the subject's key was erased, including when the subject has a key again since (written to after
   * its erasure): what was encrypted under the erased key fails authentication under the new one.
   */
  decrypt(keys: Map<string, Buffer>, subject: string, payload: Buffer): unknown {
    const key = keys.get(subject);
    if (!key) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, IV_LENGTH));
    decipher.setAuthTag(payload.subarray(IV_LENGTH, IV_LENGTH + TAG_LENGTH));
    const encrypted = payload.subarray(IV_LENGTH + TAG_LENGTH);
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    } catch {
      return null;
    }
    return JSON.parse(plain.toString('utf8'));
  }

  async erase(manager: EntityManager, subject: string): Promise<void> {
    this.writeKeys.delete(subject);
    await manager.query(`DELETE FROM "${this.schema}".data_keys WHERE subject = $1`, [subject]);
  }

  /** Keeps the key as the most recently used one, forgetting the least recently used beyond the limit. */
  private remember(subject: string, key: Buffer): Buffer {
    this.writeKeys.delete(subject);
    this.writeKeys.set(subject, key);
    if (this.writeKeys.size > CACHED_WRITE_KEYS) this.writeKeys.delete(this.writeKeys.keys().next().value as string);
    return key;
  }
}
