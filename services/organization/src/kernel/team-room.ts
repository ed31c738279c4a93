import { DomainError, OrganizationErrors } from '@authsvc/errors';

/** A team of `teamSize` members may take one more (add-team-member, or accepting an invitation to the team). */
export function requireTeamRoom(teamSize: number, teamMemberLimit: number): void {
  if (teamMemberLimit > 0 && teamSize >= teamMemberLimit) {
    throw new DomainError(OrganizationErrors.TEAM_MEMBER_LIMIT_REACHED);
  }
}
