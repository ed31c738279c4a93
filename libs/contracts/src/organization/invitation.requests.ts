import { ValidateBy } from 'class-validator';
import { Flag, Id, LIMITS, OptionalBoolean, OptionalId, OptionalText, Text } from '../messaging/fields.js';
import type { TraceMetadata } from '../messaging/traced-request.js';
import { organizationCaller, type OrganizationCaller } from './organization-caller.js';

/** Role names one request may name at most. */
const MAX_ROLES = 16;

/** A role string ("admin", "admin,member") or an array of role names, as the reference takes `role`. */
const RoleOrRoles = (): PropertyDecorator =>
  ValidateBy({
    name: 'roleOrRoles',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string'
          ? value.length <= LIMITS.role
          : Array.isArray(value) &&
            value.length <= MAX_ROLES &&
            value.every((role) => typeof role === 'string' && role.length <= LIMITS.role),
      defaultMessage: () => 'role must be a string or an array of strings',
    },
  });

/**
 * The caller's user as their session shows it: the address an invitation must be addressed to, and the name and
 * address an invitation mail is signed with. From the session, not from a copy that may lag behind a change.
 */
export interface InvitationCaller extends OrganizationCaller {
  /** As stored; compared without regard to letter case. */
  userEmail: string;
  userName: string;
  userEmailVerified: boolean;
}

/** An invitation request: its body (or query), the caller, and the caller's user (see `InvitationCaller`). */
export function invitationCaller<TBody extends object>(
  Body: new () => TBody,
): new () => TBody & TraceMetadata & InvitationCaller {
  class WithInvitationCaller
    extends (organizationCaller(Body) as new () => object)
    implements Partial<InvitationCaller>
  {
    @Text(LIMITS.email)
    userEmail!: string;

    @Text(LIMITS.name)
    userName!: string;

    @Flag()
    userEmailVerified!: boolean;
  }
  return WithInvitationCaller as new () => TBody & TraceMetadata & InvitationCaller;
}

/** POST /organization/invite-member: to the active organization unless `organizationId` names another. */
export class InviteMemberBody {
  /** Any string here: a malformed address is the service's 400 INVALID_EMAIL, as the reference answers it. */
  @Text(LIMITS.email)
  email!: string;

  @RoleOrRoles()
  role!: string | string[];

  @OptionalId()
  organizationId?: string;

  /** With a pending invitation to that address: send it again with a new expiry instead of refusing. */
  @OptionalBoolean()
  resend?: boolean;

  /** A team of the organization the invitee joins on accepting. */
  @OptionalId()
  teamId?: string;
}

export class InviteMemberRequest extends invitationCaller(InviteMemberBody) {}

/** POST /organization/accept-invitation, reject-invitation and cancel-invitation. */
export class InvitationIdBody {
  @Id()
  invitationId!: string;
}

export class AcceptInvitationRequest extends invitationCaller(InvitationIdBody) {}

export class RejectInvitationRequest extends invitationCaller(InvitationIdBody) {}

export class CancelInvitationRequest extends organizationCaller(InvitationIdBody) {}

/** GET /organization/get-invitation?id=… */
export class GetInvitationQueryParams {
  @Id()
  id!: string;
}

export class GetInvitationRequest extends invitationCaller(GetInvitationQueryParams) {}

/** GET /organization/list-invitations: the active organization's unless `organizationId` names another. */
export class ListInvitationsQueryParams {
  @OptionalId()
  organizationId?: string;
}

export class ListInvitationsRequest extends organizationCaller(ListInvitationsQueryParams) {}

/**
 * GET /organization/list-user-invitations. `email` is the reference's server-side parameter: over HTTP it is
 * refused, so it is read only to be refused and never sent on.
 */
export class ListUserInvitationsQueryParams {
  @OptionalText(LIMITS.email)
  email?: string;
}

/** The pending invitations addressed to the caller's own (verified) address. */
export class ListUserInvitationsRequest extends invitationCaller(Object) {}
