import {
  ActiveOrganizationChanged,
  SessionCreated,
  SessionRefreshed,
  SessionRevoked,
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
      createdAt,
      updatedAt: createdAt,
    });
  }
  if (isEvent(event, SessionRefreshed) && row) {
    return Object.assign(new SessionEntity(), row, {
      expiresAt: new Date(event.data.expiresAt),
      updatedAt: new Date(event.data.refreshedAt),
    });
  }
  if (isEvent(event, ActiveOrganizationChanged) && row) {
    return Object.assign(new SessionEntity(), row, {
      activeOrganizationId: event.data.organizationId,
      activeTeamId: event.data.teamId,
      updatedAt: new Date(event.data.changedAt),
    });
  }
  if (isEvent(event, SessionRevoked)) return null;
  return row;
}

export const sessionViewProjection: RowProjection<SessionEntity> = {
  entity: SessionEntity,
  handles: [SessionCreated.type, SessionRefreshed.type, SessionRevoked.type, ActiveOrganizationChanged.type],
  creates: [SessionCreated.type],
  key: (event) => ({ id: (event.data as { sessionId: string }).sessionId }),
  evolve: evolveSessionView,
};
