import { TeamMemberAdded, TeamMemberRemoved } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { TeamMemberEntity } from './team-member.entity.js';

export function evolveTeamMemberView(row: TeamMemberEntity | null, event: RecordedEvent): TeamMemberEntity | null {
  if (isEvent(event, TeamMemberAdded)) {
    const { teamMemberId, teamId, userId, createdAt } = event.data;
    return Object.assign(new TeamMemberEntity(), { id: teamMemberId, teamId, userId, createdAt: new Date(createdAt) });
  }
  if (isEvent(event, TeamMemberRemoved)) return null;
  return row;
}

export const teamMemberViewProjection: RowProjection<TeamMemberEntity> = {
  entity: TeamMemberEntity,
  handles: [TeamMemberAdded.type, TeamMemberRemoved.type],
  creates: [TeamMemberAdded.type],
  key: (event) => ({ id: (event.data as { teamMemberId: string }).teamMemberId }),
  evolve: evolveTeamMemberView,
};
