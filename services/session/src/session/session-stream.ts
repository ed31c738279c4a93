import type { TraceMetadata } from '@authsvc/contracts';
import { EventStore, loadedAtVersion, projectedRow, type RowAtVersion } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { sessionViewProjection } from './projections/session-view.projection.js';
import { sessionStateOf, sessionStreamId } from './session-state.js';
import { SessionEntity } from './session.entity.js';
import { decideSession, type SessionCommand } from './session.decider.js';

/** What a command did to a session: its row and stream version after it (as they were, when it changed nothing). */
export interface SessionChange extends RowAtVersion<SessionEntity> {
  readonly changed: boolean;
}

/**
 * A session's stream: a command is decided on the session's row read with its stream's version and appended (the
 * Postgres read model follows in the append's statement). A session's stream grows with every refresh and change
 * of organization, and replaying it (decrypting its first event) on every change cost more than the change.
 */
@Injectable()
export class SessionStream {
  constructor(private readonly store: EventStore) {}

  /**
   * The row and version after the command; as they were when it changed nothing (the session had already ended,
   * say, by a racing revocation). The row after it is the one the append wrote, not read back.
   */
  async apply(sessionId: string, command: SessionCommand, trace: TraceMetadata): Promise<SessionChange> {
    const streamId = sessionStreamId(sessionId);
    let before: RowAtVersion<SessionEntity> = { version: 0, row: null };
    const recorded = await this.store.execute({
      streamId,
      state: loadedAtVersion(async () => {
        before = await this.store.rowAtVersion(streamId, SessionEntity, { id: sessionId });
        return { version: before.version, state: sessionStateOf(before.row, before.version) };
      }),
      decide: (state) => decideSession(command, state),
      context: { correlationId: trace.correlationId, actorId: trace.actorId, now: new Date() },
    });
    if (recorded.length === 0) return { changed: false, ...before };
    const row = projectedRow(sessionViewProjection, recorded, before.row);
    return { changed: true, row, version: recorded.at(-1)!.streamPosition };
  }
}
