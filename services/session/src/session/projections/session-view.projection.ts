import {
  ActiveOrganizationChanged,
  SessionCreated,
  SessionRefreshed,
  SessionRevoked,
  type DataOf,
  type PersonalOf,
} from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { SessionEntity } from '../session.entity.js';

export function evolveSessionView(row: SessionEntity | null, event: RecordedEvent): SessionEntity | null {
  if (isEvent(event, SessionCreated)) {
    const personal = event.personal as PersonalOf<typeof SessionCreated>;
    const createdAt = new Date(event.data.createdAt);
    return Object.assign(new SessionEntity(), {
      id: event.data.sessionId,
      token: personal.token,
      userId: event.data.userId,
      expiresAt: new Date(event.data.expiresAt),
      ipAddress: personal.ipAddress,
      userAgent: personal.userAgent,
      rememberMe: event.data.rememberMe,
      activeOrganizationId: null,
      activeTeamId: null,
      impersonatedBy: event.data.impersonatedBy ?? null,
      activeSince: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }
  if (isEvent(event, SessionRefreshed) && row) return Object.assign(new SessionEntity(), row, refreshed(event));
  if (isEvent(event, ActiveOrganizationChanged) && row) {
    return Object.assign(new SessionEntity(), row, activeOrganizationChanged(event));
  }
  if (isEvent(event, SessionRevoked)) return null;
  return row;
}

function refreshed(event: RecordedEvent): Partial<SessionEntity> {
  const { expiresAt, refreshedAt } = event.data as DataOf<typeof SessionRefreshed>;
  return { expiresAt: new Date(expiresAt), updatedAt: new Date(refreshedAt) };
}

function activeOrganizationChanged(event: RecordedEvent): Partial<SessionEntity> {
  const { organizationId, teamId, changedAt } = event.data as DataOf<typeof ActiveOrganizationChanged>;
  const at = new Date(changedAt);
  return { activeOrganizationId: organizationId, activeTeamId: teamId, activeSince: at, updatedAt: at };
}

export const sessionViewProjection: RowProjection<SessionEntity> = {
  entity: SessionEntity,
  handles: [SessionCreated.type, SessionRefreshed.type, SessionRevoked.type, ActiveOrganizationChanged.type],
  creates: [SessionCreated.type],
  sets: { [SessionRefreshed.type]: refreshed, [ActiveOrganizationChanged.type]: activeOrganizationChanged },
  key: (event) => ({ id: (event.data as { sessionId: string }).sessionId }),
  evolve: evolveSessionView,
};
