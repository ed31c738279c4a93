import type { TeamMemberView, TeamView } from '@authsvc/contracts';
import type { TeamMemberEntity } from '../read-models/team-member.entity.js';
import type { TeamEntity } from '../read-models/team.entity.js';

export function toTeamView(row: TeamEntity): TeamView {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organizationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTeamMemberView(row: TeamMemberEntity): TeamMemberView {
  return { id: row.id, teamId: row.teamId, userId: row.userId, createdAt: row.createdAt.toISOString() };
}
