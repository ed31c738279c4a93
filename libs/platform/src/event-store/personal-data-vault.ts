import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import type { RowInsertion } from '../database/row-insertion.js';

const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const KEY_LENGTH = 32;
/** The primary key of the data key table: a key inserted for a subject that had one after all. */
export const DATA_KEY_EXISTS = 'data_keys_pkey';

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

  /** The keys of these subjects, creating the missing ones. */
  async keysFor(manager: EntityManager, subjects: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    for (const subject of new Set(subjects)) {
      const key = this.writeKeys.get(subject) ?? (await this.fetchOrCreate(manager, subject));
      keys.set(subject, this.keep(subject, key));
    }
    return keys;
  }

  /** A key for a subject known to have none, for the caller's own statement to insert (`keyInsertion`). */
  createKey(): Buffer {
    return randomBytes(KEY_LENGTH);
  }

  /** The row that stores a subject's key, for a statement of the caller's. */
  keyInsertion(subject: string, key: Buffer): RowInsertion {
    return { table: this.table, columns: 'subject, key', values: [subject, key] };
  }

  /** The keys of these subjects that still exist (erased subjects are absent). */
  async keysOf(manager: EntityManager, subjects: readonly string[]): Promise<Map<string, Buffer>> {
    if (subjects.length === 0) return new Map();
    const rows = await preparedQuery<{ subject: string; key: Buffer }>(
      manager,
      `SELECT subject, key FROM ${this.table} WHERE subject = ANY($1)`,
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
    await manager.query(`DELETE FROM ${this.table} WHERE subject = $1`, [subject]);
  }

  /**
   * Remembers a key for writing (one just used, or one a committed statement inserted) as the most recently used,
   * forgetting the least recently used beyond the limit.
   */
  keep(subject: string, key: Buffer): Buffer {
    this.writeKeys.delete(subject);
    this.writeKeys.set(subject, key);
    if (this.writeKeys.size > CACHED_WRITE_KEYS) this.writeKeys.delete(this.writeKeys.keys().next().value as string);
    return key;
  }

  private get table(): string {
    return `"${this.schema}".data_keys`;
  }

  /**
   * A subject's key, from the statement's snapshot or from its insert; scalar parameters, so that Postgres plans
   * the statement once per connection (with arrays of subjects it planned every call, longer than it ran). A key
   * another transaction is creating at the same moment is in neither, so it is read again once that
   * transaction is through.
   */
  private async fetchOrCreate(manager: EntityManager, subject: string): Promise<Buffer> {
    const [row] = await preparedQuery<{ key: Buffer }>(
      manager,
      `WITH created AS (
         INSERT INTO ${this.table} (subject, key) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING RETURNING key)
       SELECT key FROM created
       UNION ALL
       SELECT key FROM ${this.table} WHERE subject = $1`,
      [subject, this.createKey()],
    );
    const key = row?.key ?? (await this.keysOf(manager, [subject])).get(subject);
    // Only an erasure between the two statements leaves a subject without a key; never write it unencrypted.
    if (!key) throw new Error(`no data key for subject ${subject}`);
    return key;
  }
}
