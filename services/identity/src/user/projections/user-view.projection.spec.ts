import { UserRegistered } from '@authsvc/contracts';
import type { RecordedEvent } from '@authsvc/platform';
import { evolveUserView } from './user-view.projection.js';

function registered(personal: Record<string, unknown>): RecordedEvent {
  return {
    type: UserRegistered.type,
    schemaVersion: 1,
    streamId: 'user-u1',
    streamPosition: 1,
    globalPosition: '7',
    data: { userId: 'u1', emailVerified: false, createdAt: '2026-01-02T03:04:05.000Z' },
    personal,
    personalSubject: 'u1',
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('user view projection', () => {
  it('given nothing, a registration creates the row with the personal data', () => {
    const event = registered({
      email: 'ada@example.com',
      name: 'Ada',
      image: null,
      username: 'ada',
      displayUsername: 'Ada',
    });
    expect(evolveUserView(null, event)).toEqual(
      expect.objectContaining({
        id: 'u1',
        email: 'ada@example.com',
        name: 'Ada',
        image: null,
        username: 'ada',
        displayUsername: 'Ada',
        emailVerified: false,
        createdAt: new Date('2026-01-02T03:04:05.000Z'),
        updatedAt: new Date('2026-01-02T03:04:05.000Z'),
      }),
    );
  });

  it('given a registration recorded before usernames existed, the user has none', () => {
    const row = evolveUserView(null, registered({ email: 'ada@example.com', name: 'Ada', image: null }));
    expect(row).toMatchObject({ username: null, displayUsername: null });
  });
});
