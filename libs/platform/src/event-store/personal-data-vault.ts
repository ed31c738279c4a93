import { randomBytes } from 'node:crypto';
import type { KeyRing } from '@authsvc/config';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import type { RowInsertion } from '../database/row-insertion.js';
import { open, seal } from './aead.js';

const KEY_LENGTH = 32;
/** The primary key of the data key table: a key inserted for a subject that had one after all. */
export const DATA_KEY_EXISTS = 'data_keys_pkey';

/** Keys kept for writing, at most (about 1 MB). */
const CACHED_WRITE_KEYS = 10_000;
/** Keys rewrapped per transaction at start. */
const REWRAP_BATCH = 500;
const NO_ASSOCIATED_DATA = Buffer.alloc(0);
/** Between a subject and an event id in the subject of a key made for that event alone. */
const EVENT_KEY_SEPARATOR = '#';

/**
 * The subject of a key that encrypts one event's personal data alone (erased once the event is published). It
 * starts with the subject the data is about, so that erasing that subject erases this key too.
 */
export function eventKeySubject(subject: string, eventId: string): string {
  return `${subject}${EVENT_KEY_SEPARATOR}${eventId}`;
}

/** Where an event's personal data belongs: its ciphertext opens there and nowhere else. */
export interface PersonalDataPlace {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly type: string;
}

/** A data key row: wrapped under the key-encryption key `kek_id`, or in clear (`kek_id` null) until rewrapped. */
interface StoredKey {
  readonly subject: string;
  readonly key: Buffer;
  readonly kek_id: string | null;
}

function placeBytes(place: PersonalDataPlace): Buffer {
  return Buffer.from(JSON.stringify([place.streamId, place.streamPosition, place.type]), 'utf8');
}

/**
 * Crypto-shredding: personal data in events is encrypted (AES-256-GCM) under a key per subject (a user), bound
 * to its event (stream, position, type) as associated data. Erasing the key makes every copy in the append-only
 * log unreadable, without rewriting history. The keys are stored wrapped under a key-encryption key from
 * configuration (`keks`, current first), with the subject as associated data: the database alone reads nothing.
 */
export class PersonalDataVault {
  /**
   * Keys recently written with, most recent last. Writing needs a subject's key on every append (each sign-in
   * encrypts under its user's key), and a key never changes while it exists. Only writes use these: every read
   * asks Postgres, so an erased key reads as erased at once everywhere. A replica that writes with a key
   * another replica has just erased writes data nobody can read any more, as erasure wants.
   */
  private readonly writeKeys = new Map<string, Buffer>();

  constructor(
    private readonly schema: string,
    private readonly keks: KeyRing,
  ) {}

  /** Encrypts `value` under a key from `keysFor`, for the event at `place` only. */
  encrypt(key: Buffer, value: unknown, place: PersonalDataPlace): Buffer {
    return seal(key, Buffer.from(JSON.stringify(value), 'utf8'), placeBytes(place));
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

  /** The row that stores a subject's key (wrapped), for a statement of the caller's. */
  keyInsertion(subject: string, key: Buffer): RowInsertion {
    return {
      table: this.table,
      columns: 'subject, key, kek_id',
      values: [subject, this.wrap(subject, key), this.keks.current.id],
    };
  }

  /** The keys of these subjects that still exist (erased subjects are absent). */
  async keysOf(manager: EntityManager, subjects: readonly string[]): Promise<Map<string, Buffer>> {
    if (subjects.length === 0) return new Map();
    const rows = await preparedQuery<StoredKey>(
      manager,
      `SELECT subject, key, kek_id FROM ${this.table} WHERE subject = ANY($1)`,
      [[...new Set(subjects)]],
    );
    return new Map(rows.map((row) => [row.subject, this.unwrap(row)]));
  }

  /**
   * Null when the subject's key was erased, including when the subject has a key again since (written to after
   * its erasure): what was encrypted under the erased key fails authentication under the new one. Null too for
   * a ciphertext moved from another event.
   */
  decrypt(keys: Map<string, Buffer>, subject: string, payload: Buffer, place: PersonalDataPlace): unknown {
    const key = keys.get(subject);
    if (!key) return null;
    // Events recorded before ciphertexts were bound to their place were sealed without associated data.
    const plain = open(key, payload, placeBytes(place)) ?? open(key, payload, NO_ASSOCIATED_DATA);
    return plain ? JSON.parse(plain.toString('utf8')) : null;
  }

  /**
   * Erases a subject's key and the keys of its events not published yet (`eventKeySubject`). Those are found by
   * prefix, a scan of the table, which an erasure (rare) can afford.
   */
  async erase(manager: EntityManager, subject: string): Promise<void> {
    this.writeKeys.delete(subject);
    await manager.query(`DELETE FROM ${this.table} WHERE subject = $1 OR starts_with(subject, $2)`, [
      subject,
      `${subject}${EVENT_KEY_SEPARATOR}`,
    ]);
  }

  /** Erases the keys of single events (`eventKeySubject`); they were never kept for writing. */
  async eraseEventKeys(manager: EntityManager, subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    await preparedQuery(manager, `DELETE FROM ${this.table} WHERE subject = ANY($1)`, [subjects]);
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

  /**
   * Wraps under the current key-encryption key every key stored in clear (by an earlier version) or under a
   * previous one; run at start, so a rotated DATA_ENCRYPTION_KEY can leave DATA_ENCRYPTION_KEYS_PREVIOUS once
   * every service has restarted. Replicas starting together share the work (locked rows are skipped). The
   * number of keys rewrapped.
   */
  async rewrapStoredKeys(dataSource: DataSource): Promise<number> {
    let rewrapped = 0;
    for (;;) {
      const batch = await dataSource.transaction(async (manager) => {
        const rows: StoredKey[] = await manager.query(
          `SELECT subject, key, kek_id FROM ${this.table} WHERE kek_id IS DISTINCT FROM $1
            LIMIT ${REWRAP_BATCH} FOR UPDATE SKIP LOCKED`,
          [this.keks.current.id],
        );
        if (rows.length === 0) return 0;
        await manager.query(
          `UPDATE ${this.table} AS stored SET key = wrapped.key, kek_id = $3
             FROM unnest($1::text[], $2::bytea[]) AS wrapped (subject, key) WHERE stored.subject = wrapped.subject`,
          [
            rows.map((row) => row.subject),
            rows.map((row) => this.wrap(row.subject, this.unwrap(row))),
            this.keks.current.id,
          ],
        );
        return rows.length;
      });
      if (batch === 0) return rewrapped;
      rewrapped += batch;
    }
  }

  private get table(): string {
    return `"${this.schema}".data_keys`;
  }

  /** The subject is the associated data: a wrapped key copied to another subject's row does not unwrap. */
  private wrap(subject: string, key: Buffer): Buffer {
    return seal(this.keks.current.key, key, Buffer.from(subject, 'utf8'));
  }

  /**
   * A stored key in clear. A key wrapped under a key-encryption key that is not configured any more is an error,
   * not an erasure: reading it as erased would silently lose the subject's data.
   */
  private unwrap(stored: StoredKey): Buffer {
    if (stored.kek_id === null) return stored.key;
    const kek = this.keks.byId(stored.kek_id);
    const key = kek ? open(kek.key, stored.key, Buffer.from(stored.subject, 'utf8')) : null;
    if (!key) {
      throw new Error(
        `the data key of ${stored.subject} is wrapped under key ${stored.kek_id}, which neither DATA_ENCRYPTION_KEY ` +
          'nor DATA_ENCRYPTION_KEYS_PREVIOUS unwraps',
      );
    }
    return key;
  }

  /**
   * A subject's key, from the statement's snapshot or from its insert; scalar parameters, so that Postgres plans
   * the statement once per connection (with arrays of subjects it planned every call, longer than it ran). A key
   * another transaction is creating at the same moment is in neither, so it is read again once that
   * transaction is through.
   */
  private async fetchOrCreate(manager: EntityManager, subject: string): Promise<Buffer> {
    const [row] = await preparedQuery<StoredKey>(
      manager,
      `WITH created AS (
         INSERT INTO ${this.table} (subject, key, kek_id) VALUES ($1, $2, $3)
         ON CONFLICT (subject) DO NOTHING RETURNING subject, key, kek_id)
       SELECT subject, key, kek_id FROM created
       UNION ALL
       SELECT subject, key, kek_id FROM ${this.table} WHERE subject = $1`,
      [subject, this.wrap(subject, this.createKey()), this.keks.current.id],
    );
    const key = row ? this.unwrap(row) : (await this.keysOf(manager, [subject])).get(subject);
    // Only an erasure between the two statements leaves a subject without a key; never write it unencrypted.
    if (!key) throw new Error(`no data key for subject ${subject}`);
    return key;
  }
}
