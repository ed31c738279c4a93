import { IsIn, IsOptional } from 'class-validator';
import { Id, LIMITS, NonEmptyText, OptionalCount, OptionalId, Text } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { OrganizationSelection } from './organization.requests.js';
import { organizationCaller } from './organization-caller.js';
import { PermissionQuestion } from './permission-question.js';
import { RoleNames, TextOrList } from './organization-fields.js';

/** The member fields list-members sorts and filters by (the reference's member model). */
export const MEMBER_FIELDS = ['id', 'organizationId', 'userId', 'role', 'createdAt'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

/** The reference's filter operators. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'not_in',
  'contains',
  'starts_with',
  'ends_with',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * organization.rpc.member.add: server code adds a user to an organization (no HTTP route: the reference
 * answers 404 there). The organization is named: a server call has no session with an active one.
 */
export class AddMemberBody {
  @Id()
  userId!: string;

  @RoleNames()
  role!: string | string[];

  @Id()
  organizationId!: string;
}

export class AddMemberRequest extends traced(AddMemberBody) {}

/** POST /organization/remove-member: by member id, or by email when it holds an `@`. */
export class RemoveMemberBody {
  @NonEmptyText(LIMITS.email)
  memberIdOrEmail!: string;

  @OptionalId()
  organizationId?: string;
}

export class RemoveMemberRequest extends organizationCaller(RemoveMemberBody) {}

/** POST /organization/update-member-role. */
export class UpdateMemberRoleBody {
  @RoleNames()
  role!: string | string[];

  @Id()
  memberId!: string;

  @OptionalId()
  organizationId?: string;
}

export class UpdateMemberRoleRequest extends organizationCaller(UpdateMemberRoleBody) {}

/** POST /organization/leave. */
export class LeaveOrganizationBody {
  @Text(LIMITS.id)
  organizationId!: string;
}

export class LeaveOrganizationRequest extends organizationCaller(LeaveOrganizationBody) {}

/** The organization a member read is about: by slug, by id, or the active one (in that order). */
export class MemberReadQuery extends OrganizationSelection {}

/** GET /organization/get-active-member-role: the caller's role, or another member's (`userId`). */
export class GetActiveMemberRoleQuery extends MemberReadQuery {
  @OptionalId()
  userId?: string;
}

/** The query with its `userId` renamed: the request's `userId` is the caller's. */
export class MemberRoleQuestion extends MemberReadQuery {
  @OptionalId()
  memberUserId?: string;
}

export class GetActiveMemberRoleRequest extends organizationCaller(MemberRoleQuestion) {}

/** GET /organization/list-members: query values arrive as strings. */
export class ListMembersQuery extends MemberReadQuery {
  @OptionalCount()
  limit?: string;

  @OptionalCount()
  offset?: string;

  @IsOptional()
  @IsIn(MEMBER_FIELDS)
  sortBy?: MemberField;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortDirection?: 'asc' | 'desc';

  @IsOptional()
  @IsIn(MEMBER_FIELDS)
  filterField?: MemberField;

  /** A list when the key is repeated (for `in` and `not_in`). */
  @IsOptional()
  @TextOrList(LIMITS.name, 100)
  filterValue?: string | string[];

  @IsOptional()
  @IsIn(FILTER_OPERATORS)
  filterOperator?: FilterOperator;
}

export class ListMembersRequest extends organizationCaller(ListMembersQuery) {}

/** POST /organization/has-permission, of the caller's role; the deprecated `permission` is answered `success: false`. */
export class HasPermissionBody extends PermissionQuestion {
  @OptionalId()
  organizationId?: string;
}

export class HasPermissionRequest extends organizationCaller(HasPermissionBody) {}
