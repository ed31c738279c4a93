import { uniqueSlug } from './actor.js';
import { uniqueEmail } from './http.js';
import { all, members, outsideTheirOwn, staff, type Endpoint } from './organization-isolation-answers.js';

/** Every organization route of the gateway: what it sends, and each caller's answer, own ids and foreign. */
export const ENDPOINTS: Endpoint[] = [
  {
    route: 'POST /api/auth/organization/create',
    write: true,
    build: () => ({ body: { name: 'Fresh', slug: uniqueSlug('isolation'), keepCurrentActiveOrganization: true } }),
    own: all('ok'),
  },
  {
    route: 'POST /api/auth/organization/check-slug',
    write: false,
    build: (_, ids) => ({ body: { slug: ids.slug } }),
    own: all([400, 'ORGANIZATION_SLUG_ALREADY_TAKEN']),
    foreign: [400, 'ORGANIZATION_SLUG_ALREADY_TAKEN'],
  },
  {
    route: 'POST /api/auth/organization/update',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id, data: { name: 'Renamed' } } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION'],
      [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
    ),
    foreign: outsideTheirOwn([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
  },
  {
    route: 'POST /api/auth/organization/delete',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id } }),
    own: {
      ...staff(
        [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION'],
        [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      ),
      admin: [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION'],
    },
    foreign: {
      ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
      foreignAdmin: [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION'],
    },
  },
  { route: 'GET /api/auth/organization/list', write: false, build: () => ({}), own: all('ok') },
  {
    route: 'GET /api/auth/organization/get-organization',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: { ...all([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'GET /api/auth/organization/get-full-organization',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: { ...all([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    // Changes the caller's session only; the sessions of the rows are set anew before each request.
    route: 'POST /api/auth/organization/set-active',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id } }),
    own: members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: outsideTheirOwn([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
  },
  {
    route: 'POST /api/auth/organization/remove-member',
    write: true,
    build: (target, ids) => ({ body: { organizationId: target.id, memberIdOrEmail: ids.memberIds.member } }),
    own: staff([401, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER'], [400, 'MEMBER_NOT_FOUND']),
    foreign: [400, 'MEMBER_NOT_FOUND'],
  },
  {
    route: 'POST /api/auth/organization/update-member-role',
    write: true,
    build: (target, ids) => ({
      body: { organizationId: target.id, memberId: ids.memberIds.member, role: 'admin' },
    }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'], [400, 'MEMBER_NOT_FOUND']),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER']),
      outsider: [400, 'MEMBER_NOT_FOUND'],
      foreignAdmin: [400, 'MEMBER_NOT_FOUND'],
    },
  },
  {
    route: 'POST /api/auth/organization/leave',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id } }),
    own: { ...members([400, 'MEMBER_NOT_FOUND']), owner: [400, 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER'] },
    foreign: outsideTheirOwn([400, 'MEMBER_NOT_FOUND']),
  },
  {
    route: 'GET /api/auth/organization/get-active-member',
    write: false,
    build: (_, ids) => ({ active: ids.id }),
    own: members([400, 'MEMBER_NOT_FOUND']),
    foreign: { ...all([400, 'MEMBER_NOT_FOUND']), foreignAdmin: 'ok' },
  },
  {
    route: 'GET /api/auth/organization/get-active-member-role',
    write: false,
    build: (target, ids) => ({ query: { organizationId: target.id, userId: ids.users.member.id } }),
    own: members([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: [403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION'],
  },
  {
    route: 'GET /api/auth/organization/list-members',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: { ...all([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/has-permission',
    write: false,
    build: (_, ids) => ({ body: { organizationId: ids.id, permissions: { member: ['create'] } } }),
    own: members([401, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: { ...all([401, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/invite-member',
    write: true,
    build: (target, ids) => ({
      body: { organizationId: target.id, email: uniqueEmail('invitee'), role: 'member', teamId: ids.teamId },
    }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'], [400, 'MEMBER_NOT_FOUND']),
    foreign: {
      ...all([400, 'TEAM_NOT_FOUND']),
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'],
      outsider: [400, 'MEMBER_NOT_FOUND'],
      foreignAdmin: [400, 'MEMBER_NOT_FOUND'],
    },
  },
  {
    route: 'POST /api/auth/organization/accept-invitation',
    write: true,
    build: (_, ids) => ({ body: { invitationId: ids.invitationId } }),
    own: all([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']),
    foreign: [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'],
  },
  {
    route: 'POST /api/auth/organization/reject-invitation',
    write: true,
    build: (_, ids) => ({ body: { invitationId: ids.invitationId } }),
    own: all([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']),
    foreign: [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'],
  },
  {
    // Another organization's invitation is answered as unknown, whoever asks (as the invitations suite says).
    route: 'POST /api/auth/organization/cancel-invitation',
    write: true,
    build: (_, ids) => ({ body: { invitationId: ids.invitationId } }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION'], [400, 'INVITATION_NOT_FOUND']),
    foreign: outsideTheirOwn([400, 'INVITATION_NOT_FOUND']),
  },
  {
    route: 'GET /api/auth/organization/get-invitation',
    write: false,
    build: (_, ids) => ({ query: { id: ids.invitationId } }),
    own: all([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']),
    foreign: [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'],
  },
  {
    // Plain members may not list invitations (v17-differences S8).
    route: 'GET /api/auth/organization/list-invitations',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS'], [403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: { ...all([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    // Answers about the caller's own address alone; the suite's users have not verified theirs.
    route: 'GET /api/auth/organization/list-user-invitations',
    write: false,
    build: () => ({}),
    own: all([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']),
  },
  {
    route: 'POST /api/auth/organization/create-team',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id, name: 'New team' } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION'],
      [403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'],
    ),
    foreign: outsideTheirOwn([403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION']),
  },
  {
    route: 'GET /api/auth/organization/list-teams',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION']),
    foreign: { ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/update-team',
    write: true,
    build: (target, ids) => ({ body: { teamId: ids.teamId, data: { organizationId: target.id, name: 'Renamed' } } }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM'], [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM']),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM']),
      owner: [400, 'TEAM_NOT_FOUND'],
      admin: [400, 'TEAM_NOT_FOUND'],
    },
  },
  {
    route: 'POST /api/auth/organization/remove-team',
    write: true,
    build: (target, ids) => ({ body: { teamId: ids.teamId, organizationId: target.id } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION'],
      [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM'],
    ),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM']),
      owner: [400, 'TEAM_NOT_FOUND'],
      admin: [400, 'TEAM_NOT_FOUND'],
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION'],
    },
  },
  {
    // The team holds the admin and the member, not the owner.
    route: 'POST /api/auth/organization/set-active-team',
    write: true,
    build: (_, ids) => ({ body: { teamId: ids.teamId } }),
    own: {
      ...members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM']),
      owner: [403, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'],
    },
    foreign: [400, 'TEAM_NOT_FOUND'],
  },
  {
    route: 'GET /api/auth/organization/list-user-teams',
    write: false,
    build: (target, ids) => ({ query: { organizationId: target.id, userId: ids.users.member.id } }),
    own: members([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
      owner: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      admin: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'],
    },
  },
  {
    route: 'GET /api/auth/organization/list-team-members',
    write: false,
    build: (_, ids) => ({ query: { teamId: ids.teamId } }),
    own: { ...members([400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM']), owner: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'] },
    // The foreign admin is in the other organization's team: it answers them, whatever their session names.
    foreign: { ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/add-team-member',
    write: true,
    build: (target, ids) => ({ body: { organizationId: target.id, teamId: ids.teamId, userId: ids.users.owner.id } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER'],
      [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
    ),
    foreign: {
      ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER'],
    },
  },
  {
    route: 'POST /api/auth/organization/remove-team-member',
    write: true,
    build: (target, ids) => ({
      body: { organizationId: target.id, teamId: ids.teamId, userId: ids.users.member.id },
    }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER'], [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: {
      ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER'],
    },
  },
];
