import {
  LIMITS,
  Nested,
  NonEmptyText,
  OptionalBoolean,
  OptionalCount,
  OptionalId,
  OptionalImageUrl,
  OptionalJsonObject,
  OptionalNonEmptyText,
  OptionalNullableText,
  Text,
} from '../messaging/fields.js';
import { OptionalSlug, Slug } from './organization-fields.js';
import { organizationCaller } from './organization-caller.js';

/**
 * POST /organization/create, always for the signed-in user: the reference ignores `userId` when there is a
 * session (creating for someone else is a server call), so it is not a field here and is dropped like any
 * unknown key.
 */
export class CreateOrganizationBody {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @Slug()
  slug!: string;

  @OptionalImageUrl()
  logo?: string;

  @OptionalJsonObject(LIMITS.metadata)
  metadata?: Record<string, unknown>;

  @OptionalBoolean()
  keepCurrentActiveOrganization?: boolean;
}

export class CreateOrganizationRequest extends organizationCaller(CreateOrganizationBody) {}

/** POST /organization/check-slug. */
export class CheckSlugBody {
  @Slug()
  slug!: string;
}

export class CheckSlugRequest extends organizationCaller(CheckSlugBody) {}

/** The fields of an organization that update changes (absent: unchanged). */
export class OrganizationChanges {
  @OptionalNonEmptyText(LIMITS.name)
  name?: string;

  @OptionalSlug()
  slug?: string;

  @OptionalImageUrl()
  logo?: string;

  @OptionalJsonObject(LIMITS.metadata)
  metadata?: Record<string, unknown>;
}

/** POST /organization/update: the active organization unless `organizationId` names another. */
export class UpdateOrganizationBody {
  @Nested(() => OrganizationChanges)
  data!: OrganizationChanges;

  @OptionalId()
  organizationId?: string;
}

export class UpdateOrganizationRequest extends organizationCaller(UpdateOrganizationBody) {}

/** POST /organization/delete. */
export class DeleteOrganizationBody {
  @Text(LIMITS.id)
  organizationId!: string;
}

export class DeleteOrganizationRequest extends organizationCaller(DeleteOrganizationBody) {}

/** An organization a read is about: by slug, by id, or the session's active one (in that order). */
export class OrganizationSelection {
  @OptionalId()
  organizationId?: string;

  @OptionalNonEmptyText(LIMITS.slug)
  organizationSlug?: string;
}

/**
 * GET /organization/list: every organization of the caller, as the reference answers, in the order they joined
 * them; `limit` and `offset` (an addition) page through them, for callers in many organizations.
 */
export class ListOrganizationsQuery {
  @OptionalCount()
  limit?: string;

  @OptionalCount()
  offset?: string;
}

export class ListOrganizationsRequest extends organizationCaller(ListOrganizationsQuery) {}

/** GET /organization/get-organization. */
export class GetOrganizationRequest extends organizationCaller(OrganizationSelection) {}

/** GET /organization/get-full-organization: query values arrive as strings. */
export class GetFullOrganizationQuery extends OrganizationSelection {
  /** At most this many members (never more than the membership limit). */
  @OptionalCount()
  membersLimit?: string;
}

export class GetFullOrganizationRequest extends organizationCaller(GetFullOrganizationQuery) {}

/** POST /organization/set-active: `organizationId: null` clears it; neither field: the active one again. */
export class SetActiveOrganizationBody {
  @OptionalNullableText(LIMITS.id)
  organizationId?: string | null;

  @OptionalNonEmptyText(LIMITS.slug)
  organizationSlug?: string;
}
