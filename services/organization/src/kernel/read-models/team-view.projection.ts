import { TeamCreated, TeamRemoved, TeamUpdated } from '@authsvc/contracts';
import { isEvent, type RecordedEvent, type RowProjection } from '@authsvc/platform';
import { TeamEntity } from './team.entity.js';

export function evolveTeamView(row: TeamEntity | null, event: RecordedEvent): TeamEntity | null {
  if (isEvent(event, TeamCreated)) {
    const { teamId, organizationId, name, createdAt } = event.data;
    const at = new Date(createdAt);
    return Object.assign(new TeamEntity(), { id: teamId, organizationId, name, createdAt: at, updatedAt: at });
  }
  if (isEvent(event, TeamUpdated) && row) {
    return Object.assign(row, { name: event.data.name, updatedAt: new Date(event.data.updatedAt) });
  }
  if (isEvent(event, TeamRemoved)) return null;
  return row;
}

export const teamViewProjection: RowProjection<TeamEntity> = {
  entity: TeamEntity,
  handles: [TeamCreated.type, TeamUpdated.type, TeamRemoved.type],
  creates: [TeamCreated.type],
  key: (event) => ({ id: (event.data as { teamId: string }).teamId }),
  evolve: evolveTeamView,
};
