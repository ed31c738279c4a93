import { UserRegistered } from '@authsvc/contracts';
import type { RecordedEvent } from '@authsvc/platform';
import { evolveUserView } from './user-view.projection.js';

describe('user view projection', () => {
  it('given nothing, a registration creates the row with the personal data', () => {
    const event: RecordedEvent = {
      type: UserRegistered.type,
      schemaVersion: 1,
      streamId: 'user-u1',
      streamPosition: 1,
      globalPosition: '7',
      data: { userId: 'u1', emailVerified: false, createdAt: '2026-01-02T03:04:05.000Z' },
      personal: { email: 'ada@example.com', name: 'Ada', image: null },
      personalSubject: 'u1',
      metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
    };
    expect(evolveUserView(null, event)).toEqual(
      expect.objectContaining({
        id: 'u1',
        email: 'ada@example.com',
        name: 'Ada',
        image: null,
        emailVerified: false,
        createdAt: new Date('2026-01-02T03:04:05.000Z'),
        updatedAt: new Date('2026-01-02T03:04:05.000Z'),
      }),
    );
  });
});
