import {
  InvitationAccepted,
  InvitationCanceled,
  InvitationCreated,
  InvitationExpired,
  InvitationRejected,
  InvitationResent,
  type DataOf,
  type InvitationStatus,
} from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { InvitationEntity } from './invitation.entity.js';

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
  const set = invitationSets[event.type];
  return set ? Object.assign(row, set(event)) : row;
}

/** What a resend and each ending set on the row, from the event alone (so the append updates it by key). */
const invitationSets: Readonly<Record<string, (event: RecordedEvent) => Partial<InvitationEntity>>> = {
  [InvitationResent.type]: (event) => ({
    expiresAt: new Date((event.data as DataOf<typeof InvitationResent>).expiresAt),
  }),
  ...Object.fromEntries(ENDINGS.map(([definition, status]) => [definition.type, () => ({ status })])),
};

export const invitationViewProjection: RowProjection<InvitationEntity> = {
  entity: InvitationEntity,
  handles: [InvitationCreated, InvitationResent, ...ENDINGS.map(([definition]) => definition)].map(({ type }) => type),
  creates: [InvitationCreated.type],
  sets: invitationSets,
  key: (event) => ({ id: (event.data as { invitationId: string }).invitationId }),
  evolve: evolveInvitationView,
};
