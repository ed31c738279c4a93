import type { EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import type { RowInsertion, RowUpdate } from '../database/row-insertion.js';
import type { PersonalDataVault } from './personal-data-vault.js';
import type { PendingEvent, RecordedEvent } from './recorded-event.js';

/** The subject whose key encrypts the event's personal data, if it has any. */
export function personalSubjectOf(event: Pick<PendingEvent, 'personal' | 'personalSubject'>): string[] {
  return event.personal !== null && event.personalSubject ? [event.personalSubject] : [];
}

/** What one append statement writes. */
export interface AppendStatement {
  readonly schema: string;
  readonly vault: PersonalDataVault;
  readonly events: readonly RecordedEvent[];
  /** Read model rows and data keys written beside the events. */
  readonly rows: readonly (RowInsertion | RowUpdate)[];
  /** The data keys of the events' personal data, by subject. */
  readonly keys: ReadonlyMap<string, Buffer>;
  /** The channel to notify of the append; none when the relay is told in memory. */
  readonly notifyChannel?: string;
}

/**
 * One statement: the events (personal data encrypted), the given rows, and, with a channel, the relay's signal
 * (Postgres delivers the notification at commit, once per transaction). The events with their positions.
 */
export async function writeAppendStatement(
  manager: EntityManager,
  { schema, vault, events, rows, keys, notifyChannel }: AppendStatement,
): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  const parameters: unknown[] = [];
  const placeholders = (values: readonly unknown[]) =>
    `(${values.map((value) => `$${parameters.push(value)}`).join(', ')})`;
  const eventRows = events.map((event) => {
    const [subject] = personalSubjectOf(event);
    const key = subject === undefined ? undefined : keys.get(subject);
    const personal = key ? vault.encrypt(key, event.personal, event) : null;
    return placeholders([
      event.metadata.eventId,
      event.streamId,
      event.streamPosition,
      event.type,
      event.schemaVersion,
      JSON.stringify(event.data),
      personal,
      personal ? event.personalSubject : null,
      JSON.stringify(event.metadata),
      event.metadata.occurredAt,
    ]);
  });
  const assignments = (pairs: RowUpdate['set'], separator: string) =>
    pairs.map(([column, value]) => `${column} = $${parameters.push(value)}`).join(separator);
  const rowInserts = rows.map(
    (row, index) =>
      `, row_${index} AS (${
        'columns' in row
          ? `INSERT INTO ${row.table} (${row.columns}) VALUES ${placeholders(row.values)}`
          : `UPDATE ${row.table} SET ${assignments(row.set, ', ')} WHERE ${assignments(row.where, ' AND ')}`
      })`,
  );
  const notify = notifyChannel !== undefined;
  const notification = notify ? `, notified AS (SELECT pg_notify($${parameters.push(notifyChannel)}, ''))` : '';
  const written = await preparedQuery<{ global_position: string; stream_position: number }>(
    manager,
    `WITH appended AS (
       INSERT INTO "${schema}".events
         (event_id, stream_id, stream_position, type, schema_version, data, personal, personal_subject,
          metadata, occurred_at)
       VALUES ${eventRows.join(', ')}
       RETURNING global_position, stream_position)
     ${rowInserts.join('\n')}
     ${notification}
     SELECT global_position, stream_position FROM appended${notify ? ' CROSS JOIN notified' : ''}`,
    parameters,
  );
  const positions = new Map(written.map((row) => [row.stream_position, String(row.global_position)]));
  return events.map((event) => ({ ...event, globalPosition: positions.get(event.streamPosition) as string }));
}
