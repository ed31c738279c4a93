import { createCipheriv, randomBytes } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { EventStore } from '../src/event-store/event-store';
import { InlineProjector } from '../src/event-store/projection';
import { pendingEvent, type RecordedEvent } from '../src/event-store/recorded-event';
import {
  counterProjection,
  Invited,
  schema,
  wrappingKeys,
  keks,
  vaultWith,
  context,
  streamId,
  someone,
  opened,
  startCounterStore,
  stopCounterStore,
} from './support/counter-store';

// Personal data in the event store (erasure, keys, the vault) against a real PostgreSQL, in a schema of its own
// dropped afterwards.
let dataSource: DataSource;
let store: EventStore;

beforeAll(async () => {
  ({ dataSource, store } = await startCounterStore());
});

afterAll(() => stopCounterStore(dataSource));

describe('EventStore.append', () => {
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
