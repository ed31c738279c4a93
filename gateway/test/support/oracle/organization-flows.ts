import { uniqueEmail } from '../http.js';
import type { Json, OrganizationOracle } from './organization-oracle.js';

/** invite-member, accept-, reject- and cancel-invitation and their reads, with the owner, the admin and the invitee. */
export async function invitationFlow({ step, keep, sessionAfter }: OrganizationOracle): Promise<void> {
  const invite = async (label: string, actor: string, body: Json) => {
    const answers = await step(`invite-member: ${label}`, 'owner', 'organization/invite-member', body);
    keep(`invitation:${actor}`, answers, (json) => json.id);
  };
  await invite('an admin', 'admin', { email: '$email:admin', role: 'admin' });
  await invite('a member into the default team', 'member', {
    email: '$email:member',
    role: 'member',
    teamId: '$team:default',
  });
  await invite('the invitee', 'invitee', { email: '$email:invitee', role: 'member' });
  await step('invite-member: again', 'owner', 'organization/invite-member', {
    email: '$email:invitee',
    role: 'member',
  });
  await step('invite-member: an unknown role', 'owner', 'organization/invite-member', {
    email: uniqueEmail('x'),
    role: 'emperor',
  });
  await step('invite-member: an existing member', 'owner', 'organization/invite-member', {
    email: '$email:owner',
    role: 'member',
  });
  await step('invite-member: by an outsider', 'outsider', 'organization/invite-member', {
    email: uniqueEmail('y'),
    role: 'member',
    organizationId: '$org:A',
  });
  await step('invite-member: anonymous', undefined, 'organization/invite-member', {
    email: uniqueEmail('z'),
    role: 'member',
  });
  await step('get-invitation: the invited', 'admin', 'organization/get-invitation?id=$invitation:admin');
  await step('get-invitation: someone else', 'outsider', 'organization/get-invitation?id=$invitation:admin');
  await step('get-invitation: unknown', 'admin', 'organization/get-invitation?id=nope');
  await step('get-invitation: anonymous', undefined, 'organization/get-invitation?id=$invitation:admin');
  await step('list-invitations: owner', 'owner', 'organization/list-invitations');
  await step('list-invitations: outsider', 'outsider', 'organization/list-invitations?organizationId=$org:A');
  await step('list-user-invitations: the invited', 'invitee', 'organization/list-user-invitations');
  await step('list-user-invitations: anonymous', undefined, 'organization/list-user-invitations');

  const acceptedAdmin = await step('accept-invitation: admin', 'admin', 'organization/accept-invitation', {
    invitationId: '$invitation:admin',
  });
  keep('member:admin-A', acceptedAdmin, (json) => (json.member as Json | undefined)?.id);
  await sessionAfter('accept-invitation: admin', 'admin');
  const acceptedMember = await step('accept-invitation: member', 'member', 'organization/accept-invitation', {
    invitationId: '$invitation:member',
  });
  keep('member:member-A', acceptedMember, (json) => (json.member as Json | undefined)?.id);
  await sessionAfter('accept-invitation: member', 'member');
  await step('accept-invitation: again', 'member', 'organization/accept-invitation', {
    invitationId: '$invitation:member',
  });
  await step('accept-invitation: not the invited', 'outsider', 'organization/accept-invitation', {
    invitationId: '$invitation:invitee',
  });
  await step('reject-invitation: not the invited', 'outsider', 'organization/reject-invitation', {
    invitationId: '$invitation:invitee',
  });
  await step('reject-invitation: the invited', 'invitee', 'organization/reject-invitation', {
    invitationId: '$invitation:invitee',
  });
  await step('reject-invitation: again', 'invitee', 'organization/reject-invitation', {
    invitationId: '$invitation:invitee',
  });
  await invite('the invitee again', 'invitee2', { email: '$email:invitee', role: 'member' });
  await step('cancel-invitation: by a member', 'member', 'organization/cancel-invitation', {
    invitationId: '$invitation:invitee2',
  });
  await step('cancel-invitation: by the owner', 'owner', 'organization/cancel-invitation', {
    invitationId: '$invitation:invitee2',
  });
  await step('cancel-invitation: unknown', 'owner', 'organization/cancel-invitation', { invitationId: 'nope' });
  await step('list-invitations: after answers', 'owner', 'organization/list-invitations');
}

/** list-members, get-active-member(-role), has-permission and update-member-role. */
export async function memberFlow({ step }: OrganizationOracle): Promise<void> {
  await step('list-members: owner', 'owner', 'organization/list-members');
  await step('list-members: limit and sort', 'owner', 'organization/list-members?limit=2&sortBy=createdAt');
  await step('list-members: outsider', 'outsider', 'organization/list-members?organizationId=$org:A');
  await step('get-active-member: admin', 'admin', 'organization/get-active-member');
  await step('get-active-member: outsider', 'outsider', 'organization/get-active-member');
  await step('get-active-member-role: member', 'member', 'organization/get-active-member-role');
  await step('get-active-member-role: of another', 'member', 'organization/get-active-member-role?userId=$user:admin');
  await step('has-permission: owner deletes', 'owner', 'organization/has-permission', {
    permissions: { organization: ['delete'] },
  });
  await step('has-permission: member invites', 'member', 'organization/has-permission', {
    permissions: { invitation: ['create'] },
  });
  await step('has-permission: admin, two resources', 'admin', 'organization/has-permission', {
    permissions: { member: ['update'], invitation: ['cancel'] },
  });
  await step('has-permission: without permissions', 'admin', 'organization/has-permission', {});
  await step('update-member-role: by a member', 'member', 'organization/update-member-role', {
    memberId: '$member:admin-A',
    role: 'member',
  });
  await step('update-member-role: admin makes member admin', 'admin', 'organization/update-member-role', {
    memberId: '$member:member-A',
    role: 'admin',
  });
  await step('update-member-role: admin demotes the owner', 'admin', 'organization/update-member-role', {
    memberId: '$member:owner-A',
    role: 'member',
  });
  await step('update-member-role: an unknown role', 'owner', 'organization/update-member-role', {
    memberId: '$member:member-A',
    role: 'emperor',
  });
  await step('update-member-role: back to member', 'owner', 'organization/update-member-role', {
    memberId: '$member:member-A',
    role: 'member',
  });
  await step('remove-member: by a member', 'member', 'organization/remove-member', {
    memberIdOrEmail: '$email:admin',
  });
  await step('remove-member: the last owner', 'owner', 'organization/remove-member', {
    memberIdOrEmail: '$member:owner-A',
  });
  await step('leave: the last owner', 'owner', 'organization/leave', { organizationId: '$org:A' });
  await step('leave: an outsider', 'outsider', 'organization/leave', { organizationId: '$org:A' });
  await step('list-members: before removals', 'owner', 'organization/list-members');
}
