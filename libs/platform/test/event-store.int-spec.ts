import { createCipheriv, randomBytes } from 'node:crypto';
import { KeyRing } from '@authsvc/config';
import { defineEvent } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import pg from 'pg';
import { EntitySchema, type DataSource, type QueryRunner } from 'typeorm';
import { createServiceDataSource } from '../src/database/service-data-source';
import { addDataKeyWrapping, createEventStoreTables } from '../src/event-store/event-store.schema';
import { EventStore } from '../src/event-store/event-store';
import { PersonalDataVault, type PersonalDataPlace } from '../src/event-store/personal-data-vault';
import { InlineProjector, projectedRow, type RowProjection } from '../src/event-store/projection';
import { isEvent, pendingEvent, type RecordedEvent } from '../src/event-store/recorded-event';

// The event store against a real PostgreSQL, in a schema of its own that is dropped afterwards.
const DATABASE_URL = new URL('postgres://postgres@127.0.0.1:5432/postgres');
const schema = `event_store_test_${randomBytes(4).toString('hex')}`;

const Opened = defineEvent<'CounterOpened', { counterId: string }, { owner: string }>(
  'CounterOpened',
  'test.events.counter.opened',
);
/** Personal data readable only until published, as a mailed link is. */
const Invited = defineEvent<'CounterInvited', { counterId: string }, { link: string }>(
  'CounterInvited',
  'test.events.counter.invited',
  { personalUntilPublished: true },
);
const Counted = defineEvent<'CounterCounted', { counterId: string; by: number }>(
  'CounterCounted',
  'test.events.counter.counted',
);

interface Counter {
  id: string;
  owner: string | null;
  total: number;
}
const CounterEntity = new EntitySchema<Counter>({
  name: 'Counter',
  tableName: 'counters',
  columns: { id: { type: 'text', primary: true }, owner: { type: 'text', nullable: true }, total: { type: 'int' } },
});

const counterProjection: RowProjection<Counter> = {
  entity: CounterEntity,
  handles: [Opened.type, Counted.type],
  creates: [Opened.type],
  key: (event) => ({ id: (event.data as { counterId: string }).counterId }),
  evolve(row, event) {
    if (isEvent(event, Opened)) return { id: event.data.counterId, owner: event.personal?.owner ?? null, total: 0 };
    if (isEvent(event, Counted) && row) return { ...row, total: row.total + event.data.by };
    return row;
  },
};

const wrappingKeys = (...secrets: string[]) => new KeyRing(secrets, 'data-key-wrapping');
const keks = wrappingKeys('event-store-test-key-encryption-0123456789');
const vaultWith = (ring = keks) => new PersonalDataVault(schema, ring);
/** Where the first event of a counter stream keeps its personal data. */
const openingOf = (stream: string): PersonalDataPlace => ({ streamId: stream, streamPosition: 1, type: Opened.type });

let dataSource: DataSource;
let store: EventStore;
const context = () => ({ correlationId: 'correlation', actorId: 'actor', now: new Date() });
const streamId = () => `counter-${randomBytes(6).toString('hex')}`;
const someone = () => `owner-${randomBytes(4).toString('hex')}`;
const opened = (counterId: string, owner: string, subject = owner) =>
  pendingEvent(Opened, { counterId }, { owner }, subject);
const counted = (counterId: string, by: number) => pendingEvent(Counted, { counterId, by });

beforeAll(async () => {
  dataSource = createServiceDataSource({
    databaseUrl: DATABASE_URL,
    schema,
    entities: [CounterEntity],
    migrations: [],
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA "${schema}"`);
  const runner: QueryRunner = dataSource.createQueryRunner();
  await createEventStoreTables(runner, schema);
  await addDataKeyWrapping(runner, schema);
  await runner.query(
    `CREATE TABLE "${schema}".counters (id text PRIMARY KEY, owner text CONSTRAINT counters_owner_unique UNIQUE, total int NOT NULL)`,
  );
  await runner.release();
  store = new EventStore(dataSource, schema, vaultWith(), new InlineProjector([counterProjection]));
});

afterAll(async () => {
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
});

describe('EventStore.append', () => {
  it('records several events in order with increasing global positions, and reads them back decrypted', async () => {
    const stream = streamId();
    const owner = someone();
    const recorded = await store.append({
      streamId: stream,
      expectedVersion: 0,
      events: [opened(stream, owner), counted(stream, 2), counted(stream, 3)],
      context: context(),
    });

    expect(recorded.map((event) => event.streamPosition)).toEqual([1, 2, 3]);
    const positions = recorded.map((event) => BigInt(event.globalPosition));
    expect(positions[0] < positions[1] && positions[1] < positions[2]).toBe(true);
    expect(recorded[1].metadata.causationId).toBe(recorded[0].metadata.eventId);
    const read = await store.readStream(stream);
    expect(read.map(({ type, globalPosition, personal }) => ({ type, globalPosition, personal }))).toEqual(
      recorded.map(({ type, globalPosition, personal }) => ({ type, globalPosition, personal })),
    );
    expect(read[0].personal).toEqual({ owner });
  });

  it('stores personal data encrypted, under one key per subject however many appends use it', async () => {
    const [first, second] = [streamId(), streamId()];
    const [owner, otherOwner] = [someone(), someone()];
    const firstEvent = opened(first, owner);
    const secondEvent = opened(second, otherOwner, owner);
    await store.append({ streamId: first, expectedVersion: 0, events: [firstEvent], context: context() });
    await store.append({ streamId: second, expectedVersion: 0, events: [secondEvent], context: context() });

    const rows: { personal: Buffer }[] = await dataSource.query(
      `SELECT personal FROM "${schema}".events WHERE personal_subject = $1`,
      [owner],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.personal.toString('latin1')).not.toContain('owner-');
    const keys: unknown[] = await dataSource.query(`SELECT 1 FROM "${schema}".data_keys WHERE subject = $1`, [owner]);
    expect(keys).toHaveLength(1);
  });

  it('gives an append the key another transaction is creating at the same moment', async () => {
    const owner = someone();
    const vault = vaultWith();
    const other = dataSource.createQueryRunner();
    await other.startTransaction();
    try {
      const [otherKey] = (await vault.keysFor(other.manager, [owner])).values();
      const stream = streamId();
      const append = store.append({
        streamId: stream,
        expectedVersion: 0,
        events: [opened(stream, owner)],
        context: context(),
      });
      await new Promise((resolve) => setTimeout(resolve, 200)); // the append now waits on the other's key
      await other.commitTransaction();
      await append;

      const [row]: { personal: Buffer }[] = await dataSource.query(
        `SELECT personal FROM "${schema}".events WHERE stream_id = $1`,
        [stream],
      );
      expect(vault.decrypt(new Map([[owner, otherKey]]), owner, row.personal, openingOf(stream))).toEqual({ owner });
    } finally {
      await other.release();
    }
  });

  describe('an append that introduces its subject', () => {
    const keysOf = async (owner: string): Promise<{ key: Buffer }[]> =>
      [...(await vaultWith().keysOf(dataSource.manager, [owner])).values()].map((key) => ({ key }));
    const personalOf = async (stream: string): Promise<Buffer> => {
      const [row]: { personal: Buffer }[] = await dataSource.query(
        `SELECT personal FROM "${schema}".events WHERE stream_id = $1`,
        [stream],
      );
      return row.personal;
    };

    it("creates the subject's key in the same statement: an append that fails leaves no key behind", async () => {
      const [stream, owner] = [streamId(), someone()];
      await store.append({ streamId: stream, expectedVersion: 0, events: [counted(stream, 1)], context: context() });

      const stale = store.append({
        streamId: stream,
        expectedVersion: 0,
        events: [opened(stream, owner)],
        context: context(),
        introducesSubject: owner,
      });
      await expect(stale).rejects.toEqual(new DomainError(RequestErrors.CONCURRENT_MODIFICATION));
      expect(await keysOf(owner)).toEqual([]);

      const other = streamId();
      await store.append({
        streamId: other,
        expectedVersion: 0,
        events: [opened(other, owner)],
        context: context(),
        introducesSubject: owner,
      });
      const [{ key }] = await keysOf(owner);
      expect(vaultWith().decrypt(new Map([[owner, key]]), owner, await personalOf(other), openingOf(other))).toEqual({
        owner,
      });
    });

    it('uses the key the subject has when it had one after all', async () => {
      const [first, second, owner, counterOwner] = [streamId(), streamId(), someone(), someone()];
      await store.append({ streamId: first, expectedVersion: 0, events: [opened(first, owner)], context: context() });

      await store.append({
        streamId: second,
        expectedVersion: 0,
        events: [opened(second, counterOwner, owner)],
        context: context(),
        introducesSubject: owner,
      });
      const keys = await keysOf(owner);
      expect(keys).toHaveLength(1);
      const vault = vaultWith();
      const personal = vault.decrypt(
        new Map([[owner, keys[0].key]]),
        owner,
        await personalOf(second),
        openingOf(second),
      );
      expect(personal).toEqual({ owner: counterOwner });
      expect((await store.readStream(second))[0].personal).toEqual({ owner: counterOwner });
    });
  });

  it('keeps the read model in the same transaction: a created row, then updates of it', async () => {
    const stream = streamId();
    const owner = someone();
    const first = await store.append({
      streamId: stream,
      expectedVersion: 0,
      events: [opened(stream, owner), counted(stream, 2)],
      context: context(),
    });
    await store.append({ streamId: stream, expectedVersion: 2, events: [counted(stream, 5)], context: context() });

    const [row] = await dataSource.query(`SELECT owner, total FROM "${schema}".counters WHERE id = $1`, [stream]);
    expect(row).toEqual({ owner, total: 7 });
    expect(projectedRow(counterProjection, first)).toEqual({ id: stream, owner, total: 2 });
  });

  it('writes the rows that events start in the same statement, all or nothing', async () => {
    const [first, second] = [streamId(), streamId()];
    const owner = someone();
    const taken = RequestErrors.INVALID_BODY;
    await store.append({ streamId: first, expectedVersion: 0, events: [opened(first, owner)], context: context() });

    const duplicate = store.append({
      streamId: second,
      expectedVersion: 0,
      events: [opened(second, owner)],
      context: context(),
      uniqueViolations: { counters_owner_unique: taken },
    });
    await expect(duplicate).rejects.toMatchObject({ name: 'DomainError', code: taken.code, status: taken.status });
    expect(await store.readStream(second)).toEqual([]);
    const rows = await dataSource.query(`SELECT id FROM "${schema}".counters WHERE owner = $1`, [owner]);
    expect(rows).toEqual([{ id: first }]);
  });

  it('refuses an append on a stale version with the concurrency error and writes nothing of it', async () => {
    const stream = streamId();
    const owner = someone();
    await store.append({ streamId: stream, expectedVersion: 0, events: [opened(stream, owner)], context: context() });

    const stale = store.append({
      streamId: stream,
      expectedVersion: 0,
      events: [opened(stream, someone()), counted(stream, 1)],
      context: context(),
    });
    await expect(stale).rejects.toEqual(new DomainError(RequestErrors.CONCURRENT_MODIFICATION));
    expect(await store.readStream(stream)).toHaveLength(1);
    const [row] = await dataSource.query(`SELECT owner, total FROM "${schema}".counters WHERE id = $1`, [stream]);
    expect(row).toEqual({ owner, total: 0 });
  });

  it('notifies the outbox channel once the append commits', async () => {
    const listener = new pg.Client({ connectionString: DATABASE_URL.toString() });
    await listener.connect();
    try {
      const notified = new Promise<string>((resolve) =>
        listener.on('notification', (message) => resolve(message.channel)),
      );
      await listener.query(`LISTEN "${store.notifyChannel}"`);
      const stream = streamId();
      await store.append({ streamId: stream, expectedVersion: 0, events: [counted(stream, 1)], context: context() });

      await expect(notified).resolves.toBe(store.notifyChannel);
    } finally {
      await listener.end();
    }
  });

  it("tells this process's leading relay once the append committed, instead of notifying; notifies when it does not lead", async () => {
    const listener = new pg.Client({ connectionString: DATABASE_URL.toString() });
    await listener.connect();
    try {
      const notifications: string[] = [];
      listener.on('notification', (message) => notifications.push(message.channel));
      await listener.query(`LISTEN "${store.notifyChannel}"`);
      const stream = streamId();
      const seenAtNudge: Promise<unknown[]>[] = [];
      // What the relay would read when nudged: the append must be committed by then.
      const readCommitted = () =>
        dataSource.query(`SELECT 1 FROM "${schema}".events WHERE stream_id = $1`, [stream]) as Promise<unknown[]>;
      const relay = { leading: true, nudge: () => seenAtNudge.push(readCommitted()) };
      const replica = new EventStore(dataSource, schema, vaultWith(), new InlineProjector([]));
      replica.attachRelay(relay);

      await replica.append({ streamId: stream, expectedVersion: 0, events: [counted(stream, 1)], context: context() });
      expect(seenAtNudge).toHaveLength(1);
      expect(await seenAtNudge[0]).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(notifications).toEqual([]);

      relay.leading = false;
      await replica.append({ streamId: stream, expectedVersion: 1, events: [counted(stream, 2)], context: context() });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(notifications).toEqual([store.notifyChannel]);
      expect(seenAtNudge).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });

  it('reads personal data as null once its subject was erased', async () => {
    const stream = streamId();
    const owner = someone();
    await store.append({ streamId: stream, expectedVersion: 0, events: [opened(stream, owner)], context: context() });
    await store.erasePersonalData(owner);

    const [event]: RecordedEvent[] = await store.readStream(stream);
    expect(event.personal).toBeNull();
    expect(event.data).toEqual({ counterId: stream });
  });

  it('keeps a subject erased on every replica: one still holding its key writes nothing readable', async () => {
    const owner = someone();
    const otherReplica = new EventStore(dataSource, schema, vaultWith(), new InlineProjector([counterProjection]));
    const [before, after] = [streamId(), streamId()];
    await store.append({ streamId: before, expectedVersion: 0, events: [opened(before, owner)], context: context() });
    await otherReplica.erasePersonalData(owner);
    const later = opened(after, someone(), owner);
    await store.append({ streamId: after, expectedVersion: 0, events: [later], context: context() });

    for (const stream of [before, after]) expect((await store.readStream(stream))[0].personal).toBeNull();
    const keys: unknown[] = await dataSource.query(`SELECT 1 FROM "${schema}".data_keys WHERE subject = $1`, [owner]);
    expect(keys).toEqual([]);
  });

  describe('personal data readable until published', () => {
    const invite = async (owner: string) => {
      const stream = streamId();
      const events = [
        opened(stream, owner),
        pendingEvent(Invited, { counterId: stream }, { link: `link-${owner}` }, owner),
      ];
      const [, invited] = await store.append({ streamId: stream, expectedVersion: 0, events, context: context() });
      return { stream, invited };
    };
    const keyRows = async (subject: string) =>
      (await dataSource.query(`SELECT 1 FROM "${schema}".data_keys WHERE subject = $1`, [subject])) as unknown[];

    it("is encrypted under the event's own key, whose erasure leaves the event and its subject's other data", async () => {
      const owner = someone();
      const { stream, invited } = await invite(owner);
      expect(invited.personalSubject).toBe(`${owner}#${invited.metadata.eventId}`);
      expect((await store.readStream(stream))[1].personal).toEqual({ link: `link-${owner}` });

      await store.erasePublishedPersonalData(dataSource.manager, [invited.personalSubject!]);
      const [opening, erased] = await store.readStream(stream);
      expect(erased).toMatchObject({ type: Invited.type, data: { counterId: stream }, personal: null });
      expect(opening.personal).toEqual({ owner });
      expect(await keyRows(invited.personalSubject!)).toEqual([]);
    });

    it('is erased with its subject before it was published', async () => {
      const owner = someone();
      const { stream, invited } = await invite(owner);
      await store.erasePersonalData(owner);

      expect((await store.readStream(stream)).map((event) => event.personal)).toEqual([null, null]);
      expect(await keyRows(invited.personalSubject!)).toEqual([]);
    });
  });

  it('makes a new key for a subject erased through the same replica', async () => {
    const owner = someone();
    const [before, after] = [streamId(), streamId()];
    await store.append({ streamId: before, expectedVersion: 0, events: [opened(before, owner)], context: context() });
    await store.erasePersonalData(owner);
    const later = opened(after, someone(), owner);
    await store.append({ streamId: after, expectedVersion: 0, events: [later], context: context() });

    expect((await store.readStream(before))[0].personal).toBeNull();
    expect((await store.readStream(after))[0].personal).toEqual(later.personal);
  });
});

/** Personal data as versions before events were bound sealed it: AES-256-GCM without associated data. */
function unboundCiphertext(key: Buffer, value: unknown): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
}

describe('PersonalDataVault', () => {
  const storedKey = async (owner: string): Promise<{ key: Buffer; kek_id: string | null }> => {
    const [row] = await dataSource.query(`SELECT key, kek_id FROM "${schema}".data_keys WHERE subject = $1`, [owner]);
    return row;
  };
  const openCounter = async (owner: string, subject = owner): Promise<string> => {
    const stream = streamId();
    await store.append({
      streamId: stream,
      expectedVersion: 0,
      events: [opened(stream, owner, subject)],
      context: context(),
    });
    return stream;
  };
  const personalColumn = async (stream: string): Promise<Buffer> => {
    const [row] = await dataSource.query(`SELECT personal FROM "${schema}".events WHERE stream_id = $1`, [stream]);
    return row.personal;
  };
  const setPersonalColumn = (stream: string, personal: Buffer) =>
    dataSource.query(`UPDATE "${schema}".events SET personal = $2 WHERE stream_id = $1`, [stream, personal]);

  it('stores data keys wrapped under the key-encryption key: the stored bytes are not the data key', async () => {
    const owner = someone();
    await openCounter(owner);
    const stored = await storedKey(owner);
    const [dataKey] = (await vaultWith().keysOf(dataSource.manager, [owner])).values();
    expect(stored.kek_id).toBe(keks.current.id);
    expect(dataKey).toHaveLength(32);
    expect(stored.key.equals(dataKey)).toBe(false);
    expect(stored.key.includes(dataKey)).toBe(false);
  });

  it("refuses a wrapped key copied into another subject's row", async () => {
    const [owner, other] = [someone(), someone()];
    await openCounter(owner);
    await openCounter(other);
    await dataSource.query(`UPDATE "${schema}".data_keys SET key = $2 WHERE subject = $1`, [
      other,
      (await storedKey(owner)).key,
    ]);
    await expect(vaultWith().keysOf(dataSource.manager, [other])).rejects.toThrow(/DATA_ENCRYPTION_KEY/);
    await dataSource.query(`DELETE FROM "${schema}".data_keys WHERE subject = $1`, [other]);
  });

  it('binds personal data to its event: a ciphertext moved to another event does not decrypt', async () => {
    const owner = someone();
    const [first, second] = [await openCounter(owner), await openCounter(someone(), owner)];
    await setPersonalColumn(second, await personalColumn(first));

    expect((await store.readStream(first))[0].personal).toEqual({ owner });
    expect((await store.readStream(second))[0].personal).toBeNull();
  });

  it('wraps keys stored in clear at start, still reading data written before events were bound', async () => {
    const owner = someone();
    const clearKey = randomBytes(32);
    await dataSource.query(`INSERT INTO "${schema}".data_keys (subject, key) VALUES ($1, $2)`, [owner, clearKey]);
    const stream = await openCounter(owner);
    await setPersonalColumn(stream, unboundCiphertext(clearKey, { owner }));

    expect(await vaultWith().rewrapStoredKeys(dataSource)).toBeGreaterThanOrEqual(1);
    const stored = await storedKey(owner);
    expect(stored.kek_id).toBe(keks.current.id);
    expect(stored.key.equals(clearKey)).toBe(false);
    expect((await store.readStream(stream))[0].personal).toEqual({ owner });
  });

  it('rotates the key-encryption key: rewrapped at start, after which the previous one can go', async () => {
    const owner = someone();
    const stream = await openCounter(owner);
    const rotated = wrappingKeys(
      'event-store-test-rotated-key-0123456789',
      'event-store-test-key-encryption-0123456789',
    );
    const onlyNew = wrappingKeys('event-store-test-rotated-key-0123456789');
    await expect(vaultWith(onlyNew).keysOf(dataSource.manager, [owner])).rejects.toThrow(
      /DATA_ENCRYPTION_KEYS_PREVIOUS/,
    );

    await vaultWith(rotated).rewrapStoredKeys(dataSource);
    expect((await storedKey(owner)).kek_id).toBe(onlyNew.current.id);
    const reader = new EventStore(dataSource, schema, vaultWith(onlyNew), new InlineProjector([]));
    expect((await reader.readStream(stream))[0].personal).toEqual({ owner });
    // Put back under the suite's key, for the tests that follow.
    await vaultWith(
      wrappingKeys('event-store-test-key-encryption-0123456789', 'event-store-test-rotated-key-0123456789'),
    ).rewrapStoredKeys(dataSource);
  });
});
