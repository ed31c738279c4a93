/** The shapes the stream's state loaders answer and every slice's decisions take. */

/** A membership as decisions need it. */
export interface Membership {
  readonly memberId: string;
  readonly userId: string;
  readonly role: string;
}

/** A membership with the organization it is in (a member named by id may be another organization's). */
export interface PlacedMembership extends Membership {
  readonly organizationId: string;
}

/** An organization as decisions need it. */
export interface OrganizationFacts {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly logo: string | null;
  readonly metadata: string | null;
}

/** What creating needs to know: how many organizations the creator is in, and whether the slug is taken. */
export interface CreationState {
  /** Counted up to the organization limit at most: only whether it is reached matters. */
  readonly creatorMemberships: number;
  readonly slugTaken: boolean;
}

/** A team as decisions need it. */
export interface TeamFacts {
  readonly id: string;
  readonly organizationId: string;
  readonly name: string;
}

/** A user's membership of a team. */
export interface TeamMembership {
  readonly teamId: string;
  readonly teamMemberId: string;
  readonly userId: string;
}

/** A team with everyone in it, as removing it needs. */
export interface TeamWithMembers {
  readonly teamId: string;
  readonly members: readonly TeamMembership[];
}

/** What adding or removing a team member needs: the caller, the user concerned, the team and their place in it. */
export interface TeamMembershipState {
  readonly caller: Membership | null;
  /** The user's membership of the team's organization. */
  readonly target: Membership | null;
  readonly team: TeamFacts | null;
  readonly membership: TeamMembership | null;
  readonly teamSize: number;
}
