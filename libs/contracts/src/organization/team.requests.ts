import {
  Id,
  LIMITS,
  Nested,
  NonEmptyText,
  OptionalId,
  OptionalNonEmptyText,
  OptionalNullableText,
} from '../messaging/fields.js';
import { organizationCaller } from './organization-caller.js';

/*
 * The team endpoints. An `organizationId` left out (or empty) means the caller's active organization, as in the
 * reference.
 */

/** POST /organization/create-team. The reference takes an empty name; a team without a name is refused here. */
export class CreateTeamBody {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @OptionalId()
  organizationId?: string;
}

export class CreateTeamRequest extends organizationCaller(CreateTeamBody) {}

/** GET /organization/list-teams. */
export class ListTeamsParams {
  @OptionalId()
  organizationId?: string;
}

export class ListTeamsRequest extends organizationCaller(ListTeamsParams) {}

/** The fields of a team that update-team changes, and the organization it is looked for in. */
export class TeamChanges {
  @OptionalNonEmptyText(LIMITS.name)
  name?: string;

  @OptionalId()
  organizationId?: string;
}

/** POST /organization/update-team. */
export class UpdateTeamBody {
  @Id()
  teamId!: string;

  @Nested(() => TeamChanges)
  data!: TeamChanges;
}

export class UpdateTeamRequest extends organizationCaller(UpdateTeamBody) {}

/** POST /organization/remove-team. */
export class RemoveTeamBody {
  @Id()
  teamId!: string;

  @OptionalId()
  organizationId?: string;
}

export class RemoveTeamRequest extends organizationCaller(RemoveTeamBody) {}

/** POST /organization/set-active-team: a team of the active organization; `null` unsets; absent: the active one. */
export class SetActiveTeamBody {
  @OptionalNullableText(LIMITS.id)
  teamId?: string | null;
}

export class SetActiveTeamRequest extends organizationCaller(SetActiveTeamBody) {}

/** GET /organization/list-user-teams: the caller's teams, or another member's (`userId`) for those allowed. */
export class ListUserTeamsParams {
  @OptionalId()
  userId?: string;

  @OptionalId()
  organizationId?: string;
}

/** List-user-teams' query as the service takes it: `userId` names the caller there. */
export class UserTeamsAsked {
  @OptionalId()
  targetUserId?: string;

  @OptionalId()
  organizationId?: string;
}

export class ListUserTeamsRequest extends organizationCaller(UserTeamsAsked) {}

/** GET /organization/list-team-members: the members of a team, by default of the active one. */
export class ListTeamMembersParams {
  @OptionalId()
  teamId?: string;
}

export class ListTeamMembersRequest extends organizationCaller(ListTeamMembersParams) {}

/** POST /organization/add-team-member and /organization/remove-team-member. */
export class TeamMemberBody {
  @Id()
  teamId!: string;

  @Id()
  userId!: string;

  @OptionalId()
  organizationId?: string;
}

/** A team member body as the service takes it: `userId` names the caller there. */
export class TeamMemberAsked {
  @Id()
  teamId!: string;

  @Id()
  targetUserId!: string;

  @OptionalId()
  organizationId?: string;
}

export class TeamMemberRequest extends organizationCaller(TeamMemberAsked) {}
