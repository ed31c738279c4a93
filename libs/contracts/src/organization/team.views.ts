/** A team as the team endpoints answer it. */
export interface TeamView {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A user's membership of a team. */
export interface TeamMemberView {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  readonly createdAt: string;
}
