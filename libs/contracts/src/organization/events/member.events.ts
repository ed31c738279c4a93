import { IsIn } from 'class-validator';
import { Id, LIMITS, NonEmptyText, NullableText, Timestamp } from '../../messaging/fields.js';
import { organizationEvent, OrganizationEventData } from './organization-event.js';

/** How a user became a member: creating the organization, accepting an invitation, or added by a server call. */
export const MEMBER_ORIGINS = ['creation', 'invitation', 'added'] as const;
export type MemberOrigin = (typeof MEMBER_ORIGINS)[number];

/** Why a membership ended. */
export const MEMBER_REMOVAL_REASONS = ['removed', 'left', 'user-deleted', 'organization-deleted'] as const;
export type MemberRemovalReason = (typeof MEMBER_REMOVAL_REASONS)[number];

abstract class MemberEventData extends OrganizationEventData {
  @Id()
  memberId!: string;

  @Id()
  userId!: string;
}

export class MemberAddedData extends MemberEventData {
  /** One role, or several comma-separated. */
  @NonEmptyText(LIMITS.role)
  role!: string;

  @IsIn(MEMBER_ORIGINS)
  origin!: MemberOrigin;

  /** The invitation accepted, when `origin` is `invitation`. */
  @NullableText(LIMITS.id)
  invitationId!: string | null;

  @Timestamp()
  createdAt!: string;
}

export class MemberRemovedData extends MemberEventData {
  @IsIn(MEMBER_REMOVAL_REASONS)
  reason!: MemberRemovalReason;

  @Timestamp()
  removedAt!: string;
}

export class MemberRoleChangedData extends MemberEventData {
  @NonEmptyText(LIMITS.role)
  role!: string;

  @NonEmptyText(LIMITS.role)
  previousRole!: string;

  @Timestamp()
  changedAt!: string;
}

// WARNING: persisted names (event types and subjects), do not rename.
export const MemberAdded = organizationEvent('MemberAdded', 'member.added', MemberAddedData);
export const MemberRemoved = organizationEvent('MemberRemoved', 'member.removed', MemberRemovedData);
export const MemberRoleChanged = organizationEvent('MemberRoleChanged', 'member.role-changed', MemberRoleChangedData);

/** The subjects of every membership event (a consumer's filter). */
export const MEMBER_EVENTS_SUBJECTS = 'organization.events.member.>';
