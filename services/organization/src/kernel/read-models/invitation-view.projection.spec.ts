import { describe, expect, it } from '@jest/globals';
import {
  InvitationAccepted,
  InvitationCanceled,
  InvitationCreated,
  InvitationExpired,
  InvitationRejected,
  InvitationResent,
} from '@authsvc/contracts';
import { pendingEvent, type PendingEvent, type RecordedEvent } from '@authsvc/platform';
import { evolveInvitationView, invitationViewProjection } from './invitation-view.projection.js';

const created = pendingEvent(
  InvitationCreated,
  {
    organizationId: 'org-1',
    invitationId: 'invitation-1',
    role: 'admin',
    teamId: 'team-1',
    inviterId: 'user-1',
    organizationName: 'Acme',
    expiresAt: '2026-11-26T10:00:00.000Z',
    createdAt: '2026-11-24T10:00:00.000Z',
  },
  { email: 'bob@example.com', inviterName: 'Olive', inviterEmail: 'olive@example.com' },
  'org-1',
);
const ids = { organizationId: 'org-1', invitationId: 'invitation-1' };

function recorded(event: PendingEvent, personal = event.personal): RecordedEvent {
  return {
    type: event.definition.type,
    schemaVersion: 1,
    streamId: 'organization-org-1',
    streamPosition: 1,
    globalPosition: '1',
    data: event.data,
    personal,
    personalSubject: event.personalSubject,
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

const replay = (...events: PendingEvent[]) =>
  events.reduce(
    (row, event) => evolveInvitationView(row, recorded(event)),
    evolveInvitationView(null, recorded(created)),
  );

describe('invitation view projection', () => {
  it('starts a pending row with the invitation’s address from its personal part', () => {
    expect(replay()).toEqual({
      id: 'invitation-1',
      organizationId: 'org-1',
      email: 'bob@example.com',
      role: 'admin',
      teamId: 'team-1',
      status: 'pending',
      inviterId: 'user-1',
      inviterEmail: 'olive@example.com',
      expiresAt: new Date('2026-11-26T10:00:00.000Z'),
      createdAt: new Date('2026-11-24T10:00:00.000Z'),
    });
  });

  it('keeps no row of an invitation whose personal part was erased with its organization', () => {
    expect(evolveInvitationView(null, recorded(created, null))).toBeNull();
    expect(
      evolveInvitationView(null, recorded(pendingEvent(InvitationCanceled, { ...ids, canceledAt: '' }))),
    ).toBeNull();
  });

  it('moves the expiry on a resend, and the status on each ending', () => {
    const resent = pendingEvent(
      InvitationResent,
      { ...ids, inviterId: 'user-2', organizationName: 'Acme', role: 'admin', expiresAt: '2026-11-27T10:00:00.000Z' },
      { email: 'bob@example.com', inviterName: 'Ada', inviterEmail: 'ada@example.com' },
      'org-1',
    );
    expect(replay(resent)).toMatchObject({
      expiresAt: new Date('2026-11-27T10:00:00.000Z'),
      inviterId: 'user-1',
      status: 'pending',
    });
    const endings: [PendingEvent, string][] = [
      [pendingEvent(InvitationAccepted, { ...ids, userId: 'u', memberId: 'm', acceptedAt: '' }), 'accepted'],
      [pendingEvent(InvitationRejected, { ...ids, userId: 'u', rejectedAt: '' }), 'rejected'],
      [pendingEvent(InvitationCanceled, { ...ids, canceledAt: '' }), 'canceled'],
      [pendingEvent(InvitationExpired, { ...ids, expiredAt: '' }), 'expired'],
    ];
    for (const [ending, status] of endings) expect(replay(ending)?.status).toBe(status);
    for (const change of [resent, ...endings.map(([ending]) => ending)]) {
      const sets = invitationViewProjection.sets![change.definition.type]!(recorded(change));
      expect({ ...replay(), ...sets }).toEqual({ ...replay(change) });
      expect(evolveInvitationView(null, recorded(change))).toBeNull();
    }
  });
});
