import type { EventMetadata } from '@authsvc/contracts';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import type { PersonalDataVault } from './personal-data-vault.js';
import type { RecordedEvent } from './recorded-event.js';
import { readRowAtVersion, type RowAtVersion } from './row-at-version.js';

/** An event as its table holds it, personal data still encrypted. */
export interface EventRow {
  global_position: string;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: unknown;
  personal: Buffer | null;
  personal_subject: string | null;
  metadata: EventMetadata;
}

/** Reads the events of one service schema (personal data decrypted), and a stream's version. */
export class EventReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly vault: PersonalDataVault,
  ) {}

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const manager = this.dataSource.manager;
    const rows = await preparedQuery<EventRow>(
      manager,
      `SELECT global_position, stream_id, stream_position, type, schema_version, data, personal,
              personal_subject, metadata
         FROM "${this.schema}".events WHERE stream_id = $1 ORDER BY stream_position`,
      [streamId],
    );
    return this.toRecorded(manager, rows);
  }

  /** The position of the stream's last event; 0 for a stream without events. */
  async streamVersion(streamId: string): Promise<number> {
    const [row] = await preparedQuery<{ version: number | null }>(
      this.dataSource.manager,
      `SELECT max(stream_position) AS version FROM "${this.schema}".events WHERE stream_id = $1`,
      [streamId],
    );
    return row?.version ?? 0;
  }

  /** A row of an inline projection of the stream, with the stream's version, in one statement. */
  rowAtVersion<Row extends ObjectLiteral>(
    streamId: string,
    entity: EntityTarget<Row>,
    key: Partial<Row>,
  ): Promise<RowAtVersion<Row>> {
    return readRowAtVersion(this.dataSource.manager, this.schema, streamId, entity, key);
  }

  /** Rows of the events table as events, their personal data decrypted where its key still exists. */
  async toRecorded(manager: EntityManager, rows: readonly EventRow[]): Promise<RecordedEvent[]> {
    const subjects = rows.flatMap((row) => (row.personal_subject ? [row.personal_subject] : []));
    const keys = await this.vault.keysOf(manager, subjects);
    return rows.map((row) => ({
      type: row.type,
      schemaVersion: row.schema_version,
      streamId: row.stream_id,
      streamPosition: row.stream_position,
      globalPosition: String(row.global_position),
      data: row.data,
      personal:
        row.personal && row.personal_subject
          ? this.vault.decrypt(keys, row.personal_subject, row.personal, {
              streamId: row.stream_id,
              streamPosition: row.stream_position,
              type: row.type,
            })
          : null,
      personalSubject: row.personal_subject,
      metadata: row.metadata,
    }));
  }
}
