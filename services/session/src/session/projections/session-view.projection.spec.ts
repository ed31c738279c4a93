import { ActiveOrganizationChanged, SessionRefreshed } from '@authsvc/contracts';
import type { RecordedEvent } from '@authsvc/platform';
import { SessionEntity } from '../session.entity.js';
import { evolveSessionView, sessionViewProjection } from './session-view.projection.js';

const stored = Object.assign(new SessionEntity(), {
  id: 's1',
  token: 'token',
  userId: 'u1',
  expiresAt: new Date('2026-12-01T00:00:00.000Z'),
  ipAddress: '203.0.113.9',
  userAgent: 'agent',
  rememberMe: true,
  activeOrganizationId: 'org-1',
  activeTeamId: 'team-1',
  activeSince: new Date('2026-11-24T00:00:00.000Z'),
  createdAt: new Date('2026-11-24T00:00:00.000Z'),
  updatedAt: new Date('2026-11-24T00:00:00.000Z'),
});

function recorded(type: string, data: object): RecordedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'session-s1',
    streamPosition: 2,
    globalPosition: '9',
    data: { sessionId: 's1', userId: 'u1', ...data },
    personal: null,
    personalSubject: null,
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('session view projection', () => {
  it.each([
    recorded(SessionRefreshed.type, { expiresAt: '2026-12-08T00:00:00.000Z', refreshedAt: '2026-11-25T00:00:00.000Z' }),
    recorded(ActiveOrganizationChanged.type, {
      organizationId: 'org-2',
      teamId: null,
      changedAt: '2026-11-25T00:00:00.000Z',
    }),
  ])('sets on a stored row what evolve makes of it ($type), and leaves a missing row missing', (event) => {
    const sets = sessionViewProjection.sets![event.type]!(event);
    expect({ ...stored, ...sets }).toEqual({ ...evolveSessionView({ ...stored } as SessionEntity, event) });
    expect(evolveSessionView(null, event)).toBeNull();
  });
});
