import type { OrganizationConfig } from '../organization.config.js';
import type { OrganizationRules } from './organization.decider.js';

export function organizationRules(config: OrganizationConfig): OrganizationRules {
  return {
    creationEnabled: config.ORGANIZATION_CREATION_ENABLED,
    organizationLimit: config.ORGANIZATION_LIMIT,
    deletionEnabled: config.ORGANIZATION_DELETION_ENABLED,
    defaultTeam: config.TEAMS_ENABLED && config.DEFAULT_TEAM_ENABLED,
  };
}
