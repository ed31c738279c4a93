import { Email, Id, LIMITS, NonEmptyText, NullableText, Text, Timestamp } from '../../messaging/fields.js';
import { organizationEvent, OrganizationEventData } from './organization-event.js';

abstract class InvitationEventData extends OrganizationEventData {
  @Id()
  invitationId!: string;
}

export class InvitationCreatedData extends InvitationEventData {
  /** One role, or several comma-separated. */
  @NonEmptyText(LIMITS.role)
  role!: string;

  /** The team the invitee joins on accepting, if any. */
  @NullableText(LIMITS.id)
  teamId!: string | null;

  @Id()
  inviterId!: string;

  /** The organization's name when the invitation was made (for the mail). */
  @Text(LIMITS.name)
  organizationName!: string;

  @Timestamp()
  expiresAt!: string;

  @Timestamp()
  createdAt!: string;
}

/**
 * Who is invited and by whom, as the invitation mail needs it: personal data, encrypted under the organization's
 * key in the store (deleting the organization erases it).
 */
export class InvitationMailPersonal {
  /** Lower-cased. */
  @Email()
  email!: string;

  @Text(LIMITS.name)
  inviterName!: string;

  @Email()
  inviterEmail!: string;
}

/** The same invitation sent again: a new expiry, and a new mail. */
export class InvitationResentData extends InvitationEventData {
  @Id()
  inviterId!: string;

  @Text(LIMITS.name)
  organizationName!: string;

  @NonEmptyText(LIMITS.role)
  role!: string;

  @Timestamp()
  expiresAt!: string;
}

export class InvitationAcceptedData extends InvitationEventData {
  @Id()
  userId!: string;

  @Id()
  memberId!: string;

  @Timestamp()
  acceptedAt!: string;
}

export class InvitationRejectedData extends InvitationEventData {
  @Id()
  userId!: string;

  @Timestamp()
  rejectedAt!: string;
}

export class InvitationCanceledData extends InvitationEventData {
  @Timestamp()
  canceledAt!: string;
}

export class InvitationExpiredData extends InvitationEventData {
  @Timestamp()
  expiredAt!: string;
}

// WARNING: persisted names (event types and subjects), do not rename.
export const InvitationCreated = organizationEvent<'InvitationCreated', InvitationCreatedData, InvitationMailPersonal>(
  'InvitationCreated',
  'invitation.created',
  InvitationCreatedData,
  InvitationMailPersonal,
);
export const InvitationResent = organizationEvent<'InvitationResent', InvitationResentData, InvitationMailPersonal>(
  'InvitationResent',
  'invitation.resent',
  InvitationResentData,
  InvitationMailPersonal,
);
export const InvitationAccepted = organizationEvent(
  'InvitationAccepted',
  'invitation.accepted',
  InvitationAcceptedData,
);
export const InvitationRejected = organizationEvent(
  'InvitationRejected',
  'invitation.rejected',
  InvitationRejectedData,
);
export const InvitationCanceled = organizationEvent(
  'InvitationCanceled',
  'invitation.canceled',
  InvitationCanceledData,
);
export const InvitationExpired = organizationEvent('InvitationExpired', 'invitation.expired', InvitationExpiredData);
