import { DomainError, RequestErrors } from '@authsvc/errors';
import pg from 'pg';
import { type DataSource } from 'typeorm';
import { EventStore } from '../src/event-store/event-store';
import { InlineProjector, projectedRow } from '../src/event-store/projection';
import {
  DATABASE_URL,
  schema,
  counterProjection,
  vaultWith,
  openingOf,
  context,
  streamId,
  someone,
  opened,
  counted,
  startCounterStore,
  stopCounterStore,
} from './support/counter-store';

// The event store against a real PostgreSQL, in a schema of its own that is dropped afterwards.
let dataSource: DataSource;
let store: EventStore;

beforeAll(async () => {
  ({ dataSource, store } = await startCounterStore());
});

afterAll(() => stopCounterStore(dataSource));

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
});
