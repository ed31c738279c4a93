import { randomBytes } from 'node:crypto';
import { KeyRing } from '@authsvc/config';
import { defineEvent } from '@authsvc/contracts';
import { EntitySchema, type DataSource, type QueryRunner } from 'typeorm';
import { createServiceDataSource } from '../../src/database/service-data-source';
import { addDataKeyWrapping, createEventStoreTables } from '../../src/event-store/event-store.schema';
import { EventStore } from '../../src/event-store/event-store';
import { PersonalDataVault, type PersonalDataPlace } from '../../src/event-store/personal-data-vault';
import { InlineProjector, type RowProjection } from '../../src/event-store/projection';
import { isEvent, pendingEvent } from '../../src/event-store/recorded-event';

export const DATABASE_URL = new URL('postgres://postgres@127.0.0.1:5432/postgres');
export const schema = `event_store_test_${randomBytes(4).toString('hex')}`;

export const Opened = defineEvent<'CounterOpened', { counterId: string }, { owner: string }>(
  'CounterOpened',
  'test.events.counter.opened',
);
/** Personal data readable only until published, as a mailed link is. */
export const Invited = defineEvent<'CounterInvited', { counterId: string }, { link: string }>(
  'CounterInvited',
  'test.events.counter.invited',
  { personalUntilPublished: true },
);
export const Counted = defineEvent<'CounterCounted', { counterId: string; by: number }>(
  'CounterCounted',
  'test.events.counter.counted',
);

export interface Counter {
  id: string;
  owner: string | null;
  total: number;
}
export const CounterEntity = new EntitySchema<Counter>({
  name: 'Counter',
  tableName: 'counters',
  columns: { id: { type: 'text', primary: true }, owner: { type: 'text', nullable: true }, total: { type: 'int' } },
});

export const counterProjection: RowProjection<Counter> = {
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

export const wrappingKeys = (...secrets: string[]) => new KeyRing(secrets, 'data-key-wrapping');
export const keks = wrappingKeys('event-store-test-key-encryption-0123456789');
export const vaultWith = (ring = keks) => new PersonalDataVault(schema, ring);
/** Where the first event of a counter stream keeps its personal data. */
export const openingOf = (stream: string): PersonalDataPlace => ({
  streamId: stream,
  streamPosition: 1,
  type: Opened.type,
});

export const context = () => ({ correlationId: 'correlation', actorId: 'actor', now: new Date() });
export const streamId = () => `counter-${randomBytes(6).toString('hex')}`;
export const someone = () => `owner-${randomBytes(4).toString('hex')}`;
export const opened = (counterId: string, owner: string, subject = owner) =>
  pendingEvent(Opened, { counterId }, { owner }, subject);
export const counted = (counterId: string, by: number) => pendingEvent(Counted, { counterId, by });

/** The event store of counters, in this file's schema with its tables created. */
export async function startCounterStore(): Promise<{ dataSource: DataSource; store: EventStore }> {
  const dataSource = createServiceDataSource({
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
  const store = new EventStore(dataSource, schema, vaultWith(), new InlineProjector([counterProjection]));
  return { dataSource, store };
}

export async function stopCounterStore(dataSource: DataSource | undefined): Promise<void> {
  await dataSource?.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource?.destroy();
}
