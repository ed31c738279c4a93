import {
  Id,
  LIMITS,
  NonEmptyText,
  NullableText,
  OptionalNonEmptyText,
  OptionalNullableText,
  Text,
  Timestamp,
} from '../../messaging/fields.js';
import { organizationEvent, OrganizationEventData } from './organization-event.js';

export class OrganizationCreatedData extends OrganizationEventData {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @NonEmptyText(LIMITS.slug)
  slug!: string;

  @NullableText(LIMITS.url)
  logo!: string | null;

  /** JSON text of the metadata object, or null. */
  @NullableText(LIMITS.metadata)
  metadata!: string | null;

  /** The user who became its first owner. */
  @Id()
  creatorUserId!: string;

  @Timestamp()
  createdAt!: string;
}

/** The fields that changed, each with its new value (absent: unchanged). */
export class OrganizationUpdatedData extends OrganizationEventData {
  @OptionalNonEmptyText(LIMITS.name)
  name?: string;

  @OptionalNonEmptyText(LIMITS.slug)
  slug?: string;

  @OptionalNullableText(LIMITS.url)
  logo?: string | null;

  @OptionalNullableText(LIMITS.metadata)
  metadata?: string | null;

  @Timestamp()
  updatedAt!: string;
}

/** Every member, invitation and team of it ended first, each with its own event. */
export class OrganizationDeletedData extends OrganizationEventData {
  @Text(LIMITS.slug)
  slug!: string;

  @Timestamp()
  deletedAt!: string;
}

// WARNING: persisted names (event types and subjects), do not rename.
export const OrganizationCreated = organizationEvent(
  'OrganizationCreated',
  'organization.created',
  OrganizationCreatedData,
);
export const OrganizationUpdated = organizationEvent(
  'OrganizationUpdated',
  'organization.updated',
  OrganizationUpdatedData,
);
export const OrganizationDeleted = organizationEvent(
  'OrganizationDeleted',
  'organization.deleted',
  OrganizationDeletedData,
);
