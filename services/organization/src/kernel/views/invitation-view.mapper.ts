import type { InvitationView } from '@authsvc/contracts';
import type { InvitationEntity } from '../read-models/invitation.entity.js';

export function toInvitationView(row: InvitationEntity): InvitationView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role,
    teamId: row.teamId,
    status: row.status,
    inviterId: row.inviterId,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
