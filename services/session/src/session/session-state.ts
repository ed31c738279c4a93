import type { SessionState } from './session.decider.js';
import type { SessionEntity } from './session.entity.js';

/**
 * A session's state as its row shows it. The row is the inline projection of the session's stream, read with the
 * stream's version (`EventStore.rowAtVersion`), so it is the state that replaying the stream up to that version
 * gives. No row: a stream not started yet (version 0), or a session that ended (its row goes with it).
 */
export function sessionStateOf(row: SessionEntity | null, version: number): SessionState {
  if (!row) return version === 0 ? { status: 'none' } : { status: 'ended' };
  return {
    status: 'active',
    sessionId: row.id,
    userId: row.userId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    activeOrganizationId: row.activeOrganizationId,
    activeTeamId: row.activeTeamId,
    activeSince: row.activeSince,
    impersonatedBy: row.impersonatedBy,
  };
}
