import type { OrganizationConfig } from '../organization.config.js';
import type { InvitationRules } from './invitation.decider.js';

export function invitationRules(config: OrganizationConfig): InvitationRules {
  return {
    expiresInSeconds: config.INVITATION_EXPIRES_IN,
    invitationLimit: config.INVITATION_LIMIT,
    membershipLimit: config.MEMBERSHIP_LIMIT,
    teamsEnabled: config.TEAMS_ENABLED,
    teamMemberLimit: config.TEAM_MEMBER_LIMIT,
    answerNeedsVerifiedEmail: config.INVITATION_REQUIRES_VERIFIED_EMAIL,
  };
}
