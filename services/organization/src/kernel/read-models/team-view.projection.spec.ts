import { describe, expect, it } from '@jest/globals';
import { TeamCreated, TeamMemberAdded, TeamMemberRemoved, TeamRemoved, TeamUpdated } from '@authsvc/contracts';
import { pendingEvent, type PendingEvent, type RecordedEvent } from '@authsvc/platform';
import { evolveTeamMemberView } from './team-member-view.projection.js';
import { evolveTeamView } from './team-view.projection.js';

/** The parts of a recorded event the read models look at. */
const recorded = ({ definition, data }: PendingEvent): RecordedEvent =>
  ({ type: definition.type, data }) as RecordedEvent;

describe('team read models', () => {
  it('starts a team with its creation time as last update, renames it, then drops it', () => {
    const created = evolveTeamView(
      null,
      recorded(
        pendingEvent(TeamCreated, {
          organizationId: 'org-1',
          teamId: 'team-1',
          name: 'Core',
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
      ),
    );
    expect(created).toMatchObject({ id: 'team-1', organizationId: 'org-1', name: 'Core' });
    expect(created!.updatedAt).toEqual(created!.createdAt);
    const updated = evolveTeamView(
      created,
      recorded(
        pendingEvent(TeamUpdated, {
          organizationId: 'org-1',
          teamId: 'team-1',
          name: 'Ops',
          updatedAt: '2026-02-01T00:00:00.000Z',
        }),
      ),
    );
    expect(updated).toMatchObject({ name: 'Ops', updatedAt: new Date('2026-02-01T00:00:00.000Z') });
    expect(updated!.createdAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    const removed = recorded(
      pendingEvent(TeamRemoved, { organizationId: 'org-1', teamId: 'team-1', removedAt: '2026-03-01T00:00:00.000Z' }),
    );
    expect(evolveTeamView(updated, removed)).toBeNull();
  });

  it('keeps a row per team membership while it lasts', () => {
    const membership = { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-1', userId: 'user-1' };
    const added = evolveTeamMemberView(
      null,
      recorded(pendingEvent(TeamMemberAdded, { ...membership, createdAt: '2026-01-01T00:00:00.000Z' })),
    );
    expect(added).toMatchObject({ id: 'tm-1', teamId: 'team-1', userId: 'user-1' });
    const ended = recorded(pendingEvent(TeamMemberRemoved, { ...membership, removedAt: '2026-01-02T00:00:00.000Z' }));
    expect(evolveTeamMemberView(added, ended)).toBeNull();
  });
});
