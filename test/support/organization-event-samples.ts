import type { DataOf, OrganizationEventTypes, PersonalOf, PublishedEvent } from '@authsvc/contracts';

export type OrganizationEvent = (typeof OrganizationEventTypes)[number];
export type Payload<E> = { readonly data: DataOf<E>; readonly personal: PersonalOf<E> | null };

const organizationId = 'org_acme';
const at = '2026-05-04T10:00:00.000Z';
const later = '2026-05-11T10:00:00.000Z';
const invitation = { organizationId, invitationId: 'inv_1' };
const mail = { email: 'grace@example.com', inviterName: 'Ada', inviterEmail: 'ada@example.com' };
const member = { organizationId, memberId: 'mem_1', userId: 'usr_grace' };
const teamMember = { organizationId, teamId: 'team_1', teamMemberId: 'tm_1', userId: 'usr_grace' };

/** One valid payload of each organization event type, as the organization service records it. */
export const ORGANIZATION_EVENT_SAMPLES: { readonly [E in OrganizationEvent as E['type']]: Payload<E> } = {
  OrganizationCreated: {
    data: {
      organizationId,
      name: 'Acme',
      slug: 'acme',
      logo: null,
      metadata: '{"plan":"pro"}',
      creatorUserId: 'usr_ada',
      createdAt: at,
    },
    personal: null,
  },
  OrganizationUpdated: { data: { organizationId, name: 'Acme Inc.', logo: null, updatedAt: at }, personal: null },
  OrganizationDeleted: { data: { organizationId, slug: 'acme', deletedAt: at }, personal: null },
  MemberAdded: {
    data: { ...member, role: 'member', origin: 'invitation', invitationId: 'inv_1', createdAt: at },
    personal: null,
  },
  MemberRemoved: { data: { ...member, reason: 'left', removedAt: at }, personal: null },
  MemberRoleChanged: { data: { ...member, role: 'admin', previousRole: 'member', changedAt: at }, personal: null },
  InvitationCreated: {
    data: {
      ...invitation,
      role: 'member,billing',
      teamId: null,
      inviterId: 'usr_ada',
      organizationName: 'Acme',
      expiresAt: later,
      createdAt: at,
    },
    personal: mail,
  },
  InvitationResent: {
    data: { ...invitation, inviterId: 'usr_ada', organizationName: 'Acme', role: 'member', expiresAt: later },
    personal: mail,
  },
  InvitationAccepted: {
    data: { ...invitation, userId: 'usr_grace', memberId: 'mem_1', acceptedAt: at },
    personal: null,
  },
  InvitationRejected: { data: { ...invitation, userId: 'usr_grace', rejectedAt: at }, personal: null },
  InvitationCanceled: { data: { ...invitation, canceledAt: at }, personal: null },
  InvitationExpired: { data: { ...invitation, expiredAt: later }, personal: null },
  TeamCreated: { data: { organizationId, teamId: 'team_1', name: 'Platform', createdAt: at }, personal: null },
  TeamUpdated: { data: { organizationId, teamId: 'team_1', name: 'Core', updatedAt: at }, personal: null },
  TeamRemoved: { data: { organizationId, teamId: 'team_1', removedAt: at }, personal: null },
  TeamMemberAdded: { data: { ...teamMember, createdAt: at }, personal: null },
  TeamMemberRemoved: { data: { ...teamMember, removedAt: at }, personal: null },
};

/** Where an event sits and who caused it, for `publishedEvent`. */
export interface EventPlacement {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly globalPosition: number;
  readonly eventId: string;
  readonly actorId?: string | null;
  readonly occurredAt?: string;
}

/** An event as the outbox relay publishes it to JetStream (`PublishedEvent`). */
export function publishedEvent<E extends OrganizationEvent>(
  definition: E,
  payload: Payload<E>,
  placement: EventPlacement,
): PublishedEvent<DataOf<E>, PersonalOf<E>> {
  return {
    type: definition.type,
    schemaVersion: definition.schemaVersion,
    streamId: placement.streamId,
    streamPosition: placement.streamPosition,
    globalPosition: String(placement.globalPosition),
    data: payload.data,
    personal: payload.personal,
    metadata: {
      eventId: placement.eventId,
      correlationId: `req-${placement.eventId}`,
      causationId: null,
      actorId: placement.actorId === undefined ? 'usr_ada' : placement.actorId,
      occurredAt: placement.occurredAt ?? at,
    },
  };
}
