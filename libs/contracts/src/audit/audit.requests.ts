import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { LIMITS, OptionalCount, OptionalId, OptionalText, OptionalTimestamp } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { organizationCaller } from '../organization/organization-caller.js';

/** Event type names, one or several comma-separated. */
const EVENT_TYPE_LIST = /^[A-Za-z]{1,64}(,[A-Za-z]{1,64}){0,49}$/;

/**
 * The filters of the audit endpoints (`GET /admin/audit`, `/organization/audit`): by actor (user id), subject id,
 * event type (one or several, comma-separated), time (`from` inclusive, `to` exclusive, ISO 8601), `limit` (50 by
 * default, 200 at most) and the `cursor` a page answered for the page after it.
 */
export class AuditQuery {
  @OptionalId()
  actorId?: string;

  @OptionalId()
  subjectId?: string;

  @IsOptional()
  @Matches(EVENT_TYPE_LIST)
  type?: string;

  @OptionalTimestamp()
  from?: string;

  @OptionalTimestamp()
  to?: string;

  @OptionalCount()
  limit?: string;

  @OptionalText(LIMITS.token)
  cursor?: string;
}

/** `GET /organization/audit`: the audit filters, in one organization (the session's active one by default). */
export class OrganizationAuditQuery extends AuditQuery {
  @OptionalId()
  organizationId?: string;
}

/** What a store is asked for: the filters, and its first `limit` entries strictly after a position, if any. */
export class AuditFilter {
  /** The acting user's id (not `actorId`: that is the trace metadata's, the reader's own id). */
  @OptionalId()
  actor?: string;

  @OptionalId()
  subject?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  types?: string[];

  @OptionalTimestamp()
  from?: string;

  @OptionalTimestamp()
  to?: string;

  @IsInt()
  @Min(1)
  @Max(1000)
  limit!: number;

  @OptionalTimestamp()
  afterTime?: string;

  @OptionalId()
  afterId?: string;
}

/** An admin's read of a store's audit entries (the gateway checked the right). */
export class ListAuditEntriesRequest extends traced(AuditFilter) {}

/** The audit filters in one organization. */
export class OrganizationAuditFilter extends AuditFilter {
  @OptionalId()
  organizationId?: string;
}

/** A member's read of their organization's audit entries: the organization service checks they may. */
export class ListOrganizationAuditRequest extends organizationCaller(OrganizationAuditFilter) {}
