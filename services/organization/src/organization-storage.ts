import type { ObjectLiteral } from 'typeorm';
import type { RowProjection } from '@authsvc/platform';
import { InvitationEntity } from './kernel/read-models/invitation.entity.js';
import { invitationViewProjection } from './kernel/read-models/invitation-view.projection.js';
import { MemberEntity } from './kernel/read-models/member.entity.js';
import { memberViewProjection } from './kernel/read-models/member-view.projection.js';
import { InitialOrganizationSchema1763800000000 } from './migrations/1763800000000-initial-organization-schema.js';
import { WrappedDataKeys1764600000000 } from './migrations/1764600000000-wrapped-data-keys.js';
import { OrganizationsAndMembers1764700000000 } from './migrations/1764700000000-organizations-and-members.js';
import { UserProfilesAndMemberReads1764710000000 } from './migrations/1764710000000-user-profiles-and-member-reads.js';
import { Invitations1764720000000 } from './migrations/1764720000000-invitations.js';
import { Teams1764730000000 } from './migrations/1764730000000-teams.js';
import { InvitationTeams1764740000000 } from './migrations/1764740000000-invitation-teams.js';
import { MemberListReads1764745000000 } from './migrations/1764745000000-member-list-reads.js';
import { MemberVersions1764750000000 } from './migrations/1764750000000-member-versions.js';
import { AdminUserProfileFields1765100000000 } from './migrations/1765100000000-admin-user-profile-fields.js';
import { PersonalEventsIndex1765300000000 } from './migrations/1765300000000-personal-events-index.js';
import { MemberUserIndex1765310000000 } from './migrations/1765310000000-member-user-index.js';
import { Webhooks1765450000000 } from './migrations/1765450000000-webhooks.js';
import { AuditIndexes1765610000000 } from './migrations/1765610000000-audit-indexes.js';
import { AppliedCommands1765620000000 } from './migrations/1765620000000-applied-commands.js';
import { OrganizationEntity } from './kernel/read-models/organization.entity.js';
import { organizationViewProjection } from './kernel/read-models/organization-view.projection.js';
import { UserProfileEntity } from './user-profile/user-profile.entity.js';
import { teamMemberViewProjection } from './kernel/read-models/team-member-view.projection.js';
import { teamViewProjection } from './kernel/read-models/team-view.projection.js';
import { TeamMemberEntity } from './kernel/read-models/team-member.entity.js';
import { TeamEntity } from './kernel/read-models/team.entity.js';
import { TwoFactorSnapshot1765700000000 } from './migrations/1765700000000-two-factor-snapshot.js';
/** The tables the service maps (its read models and its copy of identity's users). */
export const ORGANIZATION_ENTITIES = [
  OrganizationEntity,
  MemberEntity,
  UserProfileEntity,
  InvitationEntity,
  TeamEntity,
  TeamMemberEntity,
];

/** The schema's migrations, oldest first. */
export const ORGANIZATION_MIGRATIONS = [
  InitialOrganizationSchema1763800000000,
  WrappedDataKeys1764600000000,
  OrganizationsAndMembers1764700000000,
  UserProfilesAndMemberReads1764710000000,
  Invitations1764720000000,
  Teams1764730000000,
  InvitationTeams1764740000000,
  MemberListReads1764745000000,
  MemberVersions1764750000000,
  AdminUserProfileFields1765100000000,
  PersonalEventsIndex1765300000000,
  MemberUserIndex1765310000000,
  Webhooks1765450000000,
  AuditIndexes1765610000000,
  AppliedCommands1765620000000,
  TwoFactorSnapshot1765700000000,
];

/** The read models every append keeps in its own transaction: decisions are made on them. */
export const ORGANIZATION_PROJECTIONS: readonly RowProjection<ObjectLiteral>[] = [
  organizationViewProjection,
  memberViewProjection,
  invitationViewProjection,
  teamViewProjection,
  teamMemberViewProjection,
];
