import type { OrganizationConfig } from '../organization.config.js';
import type { TeamRules } from './team.decider.js';

export function teamRules(config: OrganizationConfig): TeamRules {
  return {
    maximumTeams: config.MAXIMUM_TEAMS,
    teamMemberLimit: config.TEAM_MEMBER_LIMIT,
    allowRemovingAllTeams: config.ALLOW_REMOVING_ALL_TEAMS,
  };
}
