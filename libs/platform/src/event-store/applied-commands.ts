import type { LoggerService } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { BackgroundLoop } from '../background/background-loop.js';
import type { RowInsertion } from '../database/row-insertion.js';
import { preparedQuery } from '../database/prepared-query.js';
import type { CommandScope } from '../rpc/command-scope.js';
import type { EventRow } from './event-reader.js';
import type { RecordedEvent } from './recorded-event.js';

/** Where a command appended: the stream, and for a stream it started, which of the streams it started that was. */
export interface CommandSlot {
  readonly commandId: string;
  readonly streamId: string;
  /** The n-th stream the command started (a new id, random on every attempt); null for a stream that existed. */
  readonly startedStream: number | null;
  /** How many appends the command made to this stream before this one (a handler may append to it twice). */
  readonly occurrence: number;
}

/** The slot of an append the command in scope makes to `streamId` at `version` (0: the append starts the stream). */
export function commandSlot(command: CommandScope, streamId: string, version: number): CommandSlot {
  return {
    commandId: command.commandId,
    streamId,
    startedStream: version === 0 ? command.streamsStarted : null,
    occurrence: command.appendsTo.get(streamId) ?? 0,
  };
}

/** Counts an append the command in scope made (or found made by an earlier attempt), for the slots after it. */
export function countAppend(command: CommandScope, streamId: string, version: number): void {
  if (version === 0) command.streamsStarted += 1;
  command.appendsTo.set(streamId, (command.appendsTo.get(streamId) ?? 0) + 1);
}

/**
 * The record of which command made which append (`applied_commands`), written by the append's own statement, so
 * the record and the events commit together or not at all: a replica that dies after the commit and before its
 * reply leaves the record, and the retry, on any replica, finds it and answers from the same events instead of
 * deciding (and appending) a second time. Kept in Postgres rather than Redis for that reason: no window exists
 * in which the events are committed and the record is not.
 */
export class AppliedCommands {
  constructor(private readonly schema: string) {}

  insertion(slot: CommandSlot, events: readonly RecordedEvent[]): RowInsertion {
    return {
      table: `"${this.schema}".applied_commands`,
      columns: 'command_id, stream_id, occurrence, started_stream, first_position, last_position',
      values: [
        slot.commandId,
        slot.streamId,
        slot.occurrence,
        slot.startedStream,
        events[0].streamPosition,
        events[events.length - 1].streamPosition,
      ],
    };
  }

  /** Whether the command appended anything before. */
  async any(manager: EntityManager, commandId: string): Promise<boolean> {
    const [row] = await preparedQuery<{ applied: boolean }>(
      manager,
      `SELECT EXISTS (SELECT 1 FROM "${this.schema}".applied_commands WHERE command_id = $1) AS applied`,
      [commandId],
    );
    return row?.applied ?? false;
  }

  /** The events the command appended at this slot before (the stream's id first, else the started stream's place). */
  earlier(manager: EntityManager, slot: CommandSlot): Promise<EventRow[]> {
    return preparedQuery<EventRow>(
      manager,
      `WITH applied AS (
         SELECT stream_id, first_position, last_position FROM "${this.schema}".applied_commands
          WHERE command_id = $1 AND ((stream_id = $2 AND occurrence = $4) OR started_stream = $3)
          ORDER BY stream_id = $2 DESC LIMIT 1)
       SELECT e.global_position, e.stream_id, e.stream_position, e.type, e.schema_version, e.data, e.personal,
              e.personal_subject, e.metadata
         FROM applied JOIN "${this.schema}".events e ON e.stream_id = applied.stream_id
          AND e.stream_position BETWEEN applied.first_position AND applied.last_position
        ORDER BY e.stream_position`,
      [slot.commandId, slot.streamId, slot.startedStream, slot.occurrence],
    );
  }
}

/** A record is needed for the retry window only (RPC_TIMEOUT_MS, at most a minute); kept well beyond it. */
const KEPT_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1000;

/** Deletes records older than an hour, a batch at a time, every few minutes (each replica; a repeat is a no-op). */
export function appliedCommandsPruner(dataSource: DataSource, schema: string, logger: LoggerService): BackgroundLoop {
  return new BackgroundLoop({
    failurePrefix: 'pruning applied commands failed',
    logger,
    idleMs: 5 * 60 * 1000,
    retryMs: 60 * 1000,
    failureLevel: 'warn',
    async round() {
      const [, deleted] = (await dataSource.query(
        `DELETE FROM "${schema}".applied_commands WHERE ctid IN (
           SELECT ctid FROM "${schema}".applied_commands
            WHERE applied_at < now() - make_interval(secs => $1) LIMIT ${PRUNE_BATCH})`,
        [KEPT_MS / 1000],
      )) as [unknown, number];
      return deleted === PRUNE_BATCH ? 'again' : 'idle';
    },
  });
}
