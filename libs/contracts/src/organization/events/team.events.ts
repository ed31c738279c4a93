import { Id, LIMITS, NonEmptyText, Timestamp } from '../../messaging/fields.js';
import { organizationEvent, OrganizationEventData } from './organization-event.js';

abstract class TeamEventData extends OrganizationEventData {
  @Id()
  teamId!: string;
}

export class TeamCreatedData extends TeamEventData {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @Timestamp()
  createdAt!: string;
}

export class TeamUpdatedData extends TeamEventData {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @Timestamp()
  updatedAt!: string;
}

/** Its team members were removed first, each with its own event. */
export class TeamRemovedData extends TeamEventData {
  @Timestamp()
  removedAt!: string;
}

abstract class TeamMemberEventData extends TeamEventData {
  @Id()
  teamMemberId!: string;

  @Id()
  userId!: string;
}

export class TeamMemberAddedData extends TeamMemberEventData {
  @Timestamp()
  createdAt!: string;
}

export class TeamMemberRemovedData extends TeamMemberEventData {
  @Timestamp()
  removedAt!: string;
}

// WARNING: persisted names (event types and subjects), do not rename.
export const TeamCreated = organizationEvent('TeamCreated', 'team.created', TeamCreatedData);
export const TeamUpdated = organizationEvent('TeamUpdated', 'team.updated', TeamUpdatedData);
export const TeamRemoved = organizationEvent('TeamRemoved', 'team.removed', TeamRemovedData);
export const TeamMemberAdded = organizationEvent('TeamMemberAdded', 'team.member-added', TeamMemberAddedData);
export const TeamMemberRemoved = organizationEvent('TeamMemberRemoved', 'team.member-removed', TeamMemberRemovedData);
