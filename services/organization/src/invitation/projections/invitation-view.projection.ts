import {
  InvitationAccepted,
  InvitationCanceled,
  InvitationCreated,
  InvitationExpired,
  InvitationRejected,
  InvitationResent,
  type InvitationStatus,
} from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { InvitationEntity } from '../invitation.entity.js';

const ENDINGS: ReadonlyArray<readonly [{ readonly type: string }, InvitationStatus]> = [
  [InvitationAccepted, 'accepted'],
  [InvitationRejected, 'rejected'],
  [InvitationCanceled, 'canceled'],
  [InvitationExpired, 'expired'],
];

export function evolveInvitationView(row: InvitationEntity | null, event: RecordedEvent): InvitationEntity | null {
  if (isEvent(event, InvitationCreated)) {
    // Replayed after its organization's data key was erased: there is no invitation to keep (nor to address).
    if (!event.personal) return null;
    const { invitationId, organizationId, role, teamId, inviterId, expiresAt, createdAt } = event.data;
    return Object.assign(new InvitationEntity(), {
      id: invitationId,
      organizationId,
      email: event.personal.email,
      role,
      teamId,
      status: 'pending',
      inviterId,
      inviterEmail: event.personal.inviterEmail,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(createdAt),
    });
  }
  if (!row) return null;
  if (isEvent(event, InvitationResent)) return Object.assign(row, { expiresAt: new Date(event.data.expiresAt) });
  const ending = ENDINGS.find(([definition]) => definition.type === event.type);
  return ending ? Object.assign(row, { status: ending[1] }) : row;
}

export const invitationViewProjection: RowProjection<InvitationEntity> = {
  entity: InvitationEntity,
  handles: [InvitationCreated, InvitationResent, ...ENDINGS.map(([definition]) => definition)].map(({ type }) => type),
  creates: [InvitationCreated.type],
  key: (event) => ({ id: (event.data as { invitationId: string }).invitationId }),
  evolve: evolveInvitationView,
};
