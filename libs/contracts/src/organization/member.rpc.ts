import { defineRpc } from '../messaging/rpc-definition.js';
import { OrganizationCallerRequest } from './organization-caller.js';
import {
  AddMemberRequest,
  GetActiveMemberRoleRequest,
  HasPermissionRequest,
  LeaveOrganizationRequest,
  ListMembersRequest,
  RemoveMemberRequest,
  UpdateMemberRoleRequest,
} from './member.requests.js';
import type {
  MemberListView,
  MemberRoleView,
  MemberView,
  MemberWithUserView,
  PermissionCheckView,
  RemovedMemberView,
} from './member.views.js';

// WARNING: persisted names (subjects), do not rename.
export const MemberRpc = {
  /** Server code only (the back end's credential): no HTTP route, and the gateway may not send it. */
  add: defineRpc<AddMemberRequest, MemberView>('organization.rpc.member.add', AddMemberRequest),
  remove: defineRpc<RemoveMemberRequest, RemovedMemberView>('organization.rpc.member.remove', RemoveMemberRequest),
  /** The member with its new role (no user). */
  updateRole: defineRpc<UpdateMemberRoleRequest, MemberView>(
    'organization.rpc.member.update-role',
    UpdateMemberRoleRequest,
  ),
  /** The caller's membership in their active organization. */
  getActive: defineRpc<OrganizationCallerRequest, MemberWithUserView>(
    'organization.rpc.member.get-active',
    OrganizationCallerRequest,
  ),
  getActiveRole: defineRpc<GetActiveMemberRoleRequest, MemberRoleView>(
    'organization.rpc.member.get-active-role',
    GetActiveMemberRoleRequest,
  ),
  /** The membership that ended. */
  leave: defineRpc<LeaveOrganizationRequest, MemberWithUserView>(
    'organization.rpc.member.leave',
    LeaveOrganizationRequest,
  ),
  list: defineRpc<ListMembersRequest, MemberListView>('organization.rpc.member.list', ListMembersRequest),
  hasPermission: defineRpc<HasPermissionRequest, PermissionCheckView>(
    'organization.rpc.member.has-permission',
    HasPermissionRequest,
  ),
} as const;
