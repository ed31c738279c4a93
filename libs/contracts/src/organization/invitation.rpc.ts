import { defineRpc } from '../messaging/rpc-definition.js';
import {
  AcceptInvitationRequest,
  CancelInvitationRequest,
  GetInvitationRequest,
  InviteMemberRequest,
  ListInvitationsRequest,
  ListUserInvitationsRequest,
  RejectInvitationRequest,
} from './invitation.requests.js';
import type {
  AcceptedInvitationView,
  InvitationDetailsView,
  InvitationView,
  RejectedInvitationView,
  UserInvitationView,
} from './invitation.views.js';

// WARNING: persisted names (subjects), do not rename.
export const InvitationRpc = {
  /** The invitation made, or the pending one sent again (`resend`). */
  invite: defineRpc<InviteMemberRequest, InvitationView>('organization.rpc.invitation.invite', InviteMemberRequest),
  accept: defineRpc<AcceptInvitationRequest, AcceptedInvitationView>(
    'organization.rpc.invitation.accept',
    AcceptInvitationRequest,
  ),
  reject: defineRpc<RejectInvitationRequest, RejectedInvitationView>(
    'organization.rpc.invitation.reject',
    RejectInvitationRequest,
  ),
  cancel: defineRpc<CancelInvitationRequest, InvitationView>(
    'organization.rpc.invitation.cancel',
    CancelInvitationRequest,
  ),
  get: defineRpc<GetInvitationRequest, InvitationDetailsView>('organization.rpc.invitation.get', GetInvitationRequest),
  /** Every invitation of an organization the caller may see, whatever its status. */
  list: defineRpc<ListInvitationsRequest, InvitationView[]>('organization.rpc.invitation.list', ListInvitationsRequest),
  listForUser: defineRpc<ListUserInvitationsRequest, UserInvitationView[]>(
    'organization.rpc.invitation.list-for-user',
    ListUserInvitationsRequest,
  ),
} as const;
