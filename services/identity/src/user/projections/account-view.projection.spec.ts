import { CredentialAccountCreated, PasswordHashUpgraded } from '@authsvc/contracts';
import type { RecordedEvent } from '@authsvc/platform';
import { evolveAccountView } from './account-view.projection.js';

function recorded(type: string, streamPosition: number, data: unknown, personal: unknown): RecordedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'user-u1',
    streamPosition,
    globalPosition: String(streamPosition),
    data,
    personal,
    personalSubject: 'u1',
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
  };
}

describe('account view projection', () => {
  it('stores the upgraded hash of the credential account', () => {
    const created = recorded(
      CredentialAccountCreated.type,
      2,
      { accountId: 'a1', userId: 'u1', createdAt: '2026-01-01T00:00:00.000Z' },
      { passwordHash: '$2b$04$legacy' },
    );
    const upgraded = recorded(
      PasswordHashUpgraded.type,
      3,
      { accountId: 'a1', userId: 'u1', upgradedAt: '2026-02-01T00:00:00.000Z' },
      { passwordHash: '$hmac-sha256$key1$2b$04$new' },
    );
    expect(evolveAccountView(evolveAccountView(null, created), upgraded)).toMatchObject({
      id: 'a1',
      password: '$hmac-sha256$key1$2b$04$new',
      updatedAt: new Date('2026-02-01T00:00:00.000Z'),
    });
  });
});
