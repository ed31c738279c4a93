import type { MemberView, MemberWithUserView } from './organization.views.js';

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
