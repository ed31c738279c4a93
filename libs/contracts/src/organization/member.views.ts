/** A membership row (one role, or several comma-separated). */
export interface MemberView {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly role: string;
  readonly createdAt: string;
}

/** The public part of a member's user, from the organization service's copy of identity's users. */
export interface MemberUserView {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly image: string | null;
}

export interface MemberWithUserView extends MemberView {
  readonly user: MemberUserView;
}

/** A page of an organization's members, and how many match in all. */
export interface MemberListView {
  readonly members: MemberWithUserView[];
  readonly total: number;
}

/** What remove-member answers: the member with its user when it was named by email, as the reference does. */
export interface RemovedMemberView {
  readonly member: MemberView | MemberWithUserView;
}

export interface MemberRoleView {
  readonly role: string;
}

export interface PermissionCheckView {
  readonly error: null;
  readonly success: boolean;
}
