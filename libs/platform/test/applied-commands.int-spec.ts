import { randomBytes } from 'node:crypto';
import { KeyRing } from '@authsvc/config';
import { defineEvent } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { ConsoleLogger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { createServiceDataSource } from '../src/database/service-data-source';
import {
  addDataKeyWrapping,
  createAppliedCommands,
  createEventStoreTables,
} from '../src/event-store/event-store.schema';
import { EventStore } from '../src/event-store/event-store';
import { appliedCommandsPruner } from '../src/event-store/applied-commands';
import { PersonalDataVault } from '../src/event-store/personal-data-vault';
import { InlineProjector } from '../src/event-store/projection';
import { pendingEvent, type RecordedEvent } from '../src/event-store/recorded-event';
import { runInCommandScope } from '../src/rpc/command-scope';
import { replayed } from '../src/event-store/state-source';

// Commands applied once however many attempts of them arrive, against a real PostgreSQL (a schema of its own).
const DATABASE_URL = new URL('postgres://postgres@127.0.0.1:5432/postgres');
const schema = `applied_commands_test_${randomBytes(4).toString('hex')}`;

const Ticked = defineEvent<'Ticked', { by: string }>('Ticked', 'test.events.clock.ticked');
/** A command the first tick by `by` makes refused: it would refuse its own repeat if decided again. */
const tickOnce = (stream: string, by: string) => ({
  streamId: stream,
  context: { correlationId: by, now: new Date() },
  state: replayed<readonly RecordedEvent[]>([], (history, event) => [...history, event]),
  decide(history: readonly RecordedEvent[]) {
    if (history.some((event) => (event.data as { by: string }).by === by)) {
      throw new DomainError(RequestErrors.CONCURRENT_MODIFICATION);
    }
    return [pendingEvent(Ticked, { by })];
  },
});

let dataSource: DataSource;
let store: EventStore;
const commandId = () => randomBytes(8).toString('hex');
const clock = () => `clock-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  dataSource = createServiceDataSource({ databaseUrl: DATABASE_URL, schema, entities: [], migrations: [] });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA "${schema}"`);
  const runner = dataSource.createQueryRunner();
  await createEventStoreTables(runner, schema);
  await addDataKeyWrapping(runner, schema);
  await createAppliedCommands(runner, schema);
  await runner.release();
  const vault = new PersonalDataVault(
    schema,
    new KeyRing(['applied-commands-test-key-0123456789abcdef'], 'data-key-wrapping'),
  );
  store = new EventStore(dataSource, schema, vault, new InlineProjector([]));
});

afterAll(async () => {
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
});

describe('a command applied once', () => {
  it('answers a later attempt with the events of the first, without deciding it again', async () => {
    const [stream, id] = [clock(), commandId()];
    const first = await runInCommandScope(id, false, () => store.execute(tickOnce(stream, 'a')));
    const repeat = await runInCommandScope(id, true, () => store.execute(tickOnce(stream, 'a')));
    expect(repeat).toEqual(first);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('applies an attempt and its follower arriving at once (on two replicas) once, each answered with its events', async () => {
    const [stream, id] = [clock(), commandId()];
    await store.execute(tickOnce(stream, 'before'));
    // The client numbers its attempts: only the first is not marked as a repeat.
    const attempts = await Promise.all(
      [false, true].map((retried) => runInCommandScope(id, retried, () => store.execute(tickOnce(stream, 'b')))),
    );
    expect(attempts[1]).toEqual(attempts[0]);
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it("finds the stream a command started under a fresh random id by its place among the command's new streams", async () => {
    const id = commandId();
    const start = () =>
      runInCommandScope(id, true, async () => {
        const stream = clock();
        return store.append({
          streamId: stream,
          expectedVersion: 0,
          events: [pendingEvent(Ticked, { by: 'c' })],
          context: { correlationId: id, now: new Date() },
        });
      });
    const first = await start();
    const repeat = await start();
    expect(repeat).toEqual(first);
    expect(await store.readStream(repeat[0].streamId)).toHaveLength(1);
  });

  it('applies each of two appends one command makes to one stream, and answers a repeat with each of them', async () => {
    const [stream, id] = [clock(), commandId()];
    const twice = (retried: boolean) =>
      runInCommandScope(id, retried, async () => [
        await store.execute(tickOnce(stream, 'first')),
        await store.execute(tickOnce(stream, 'second')),
      ]);
    const applied = await twice(false);
    expect(applied.flat().map((event) => (event.data as { by: string }).by)).toEqual(['first', 'second']);
    expect(await twice(true)).toEqual(applied);
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('makes every one of many commands racing on one stream, each decided again until it lands', async () => {
    const stream = clock();
    const writers = Array.from({ length: 20 }, (_, n) => `writer-${n}`);
    await Promise.all(
      writers.map((by) => runInCommandScope(commandId(), false, () => store.execute(tickOnce(stream, by)))),
    );
    const written = (await store.readStream(stream)).map((event) => (event.data as { by: string }).by);
    expect(written.sort()).toEqual([...writers].sort());
  });

  it('records nothing outside a command: an event reaction appends as before', async () => {
    const stream = clock();
    await store.execute(tickOnce(stream, 'reaction'));
    const [row] = await dataSource.query(
      `SELECT count(*)::int AS count FROM "${schema}".applied_commands WHERE stream_id = $1`,
      [stream],
    );
    expect(row.count).toBe(0);
  });

  it('keeps the records for an hour, far beyond any retry, then prunes them', async () => {
    const insert = (id: string, age: string) =>
      dataSource.query(
        `INSERT INTO "${schema}".applied_commands
           (command_id, stream_id, occurrence, first_position, last_position, applied_at)
         VALUES ($1, 'stream', 0, 1, 1, now() - $2::interval)`,
        [id, age],
      );
    const [old, recent] = [commandId(), commandId()];
    await insert(old, '61 minutes');
    await insert(recent, '59 minutes');
    const pruner = appliedCommandsPruner(dataSource, schema, new ConsoleLogger('test', { logLevels: ['error'] }));
    pruner.start();
    const kept = async () =>
      (
        await dataSource.query(`SELECT command_id FROM "${schema}".applied_commands WHERE command_id = ANY($1)`, [
          [old, recent],
        ])
      ).map((row: { command_id: string }) => row.command_id);
    for (let waited = 0; (await kept()).includes(old) && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await pruner.stop();
    expect(await kept()).toEqual([recent]);
  });
});
