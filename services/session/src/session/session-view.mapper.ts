import type { SessionView } from '@authsvc/contracts';
import type { SessionEntity } from './session.entity.js';

export function toSessionView(session: SessionEntity): SessionView {
  return {
    id: session.id,
    token: session.token,
    userId: session.userId,
    expiresAt: session.expiresAt.toISOString(),
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
    activeOrganizationId: session.activeOrganizationId,
    activeTeamId: session.activeTeamId,
    impersonatedBy: session.impersonatedBy,
  };
}
