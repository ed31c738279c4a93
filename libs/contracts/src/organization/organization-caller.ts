import { Id, LIMITS, NullableText } from '../messaging/fields.js';
import { traced, type TraceMetadata } from '../messaging/traced-request.js';

/** Who asks the organization service: the signed-in user and the organization their session has active. */
export interface OrganizationCaller {
  userId: string;
  /** The session's active organization (the default of most endpoints), or null. */
  activeOrganizationId: string | null;
  /** The session's active team (the default of the team member list), or null. */
  activeTeamId: string | null;
}

/**
 * An organization request: its HTTP body (or query) and the caller. Authorization is the organization
 * service's, from its own record of the caller's membership; the gateway only says who is asking.
 */
export function organizationCaller<TBody extends object>(
  Body: new () => TBody,
): new () => TBody & TraceMetadata & OrganizationCaller {
  class WithOrganizationCaller extends (traced(Body) as new () => object) implements OrganizationCaller {
    @Id()
    userId!: string;

    @NullableText(LIMITS.id)
    activeOrganizationId!: string | null;

    @NullableText(LIMITS.id)
    activeTeamId!: string | null;
  }
  return WithOrganizationCaller as new () => TBody & TraceMetadata & OrganizationCaller;
}

/** Base of the organization requests that have no body of their own (list, get-active-member). */
export class OrganizationCallerRequest extends organizationCaller(Object) {}
