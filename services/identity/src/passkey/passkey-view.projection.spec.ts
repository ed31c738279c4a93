import { PasskeyAdded, PasskeyRemoved, PasskeyRenamed } from '@authsvc/contracts';
import type { RecordedEvent } from '@authsvc/platform';
import { evolvePasskeyView } from './passkey-view.projection.js';

function recorded(type: string, streamPosition: number, data: unknown, personal: unknown = null): RecordedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'user-u1',
    streamPosition,
    globalPosition: String(streamPosition),
    data,
    personal,
    personalSubject: personal === null ? null : 'u1',
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: 'u1', occurredAt: '' },
  };
}

const added = (name: string | null) =>
  recorded(
    PasskeyAdded.type,
    2,
    {
      passkeyId: 'pk1',
      userId: 'u1',
      credentialId: 'cred',
      publicKey: 'cose',
      counter: 3,
      deviceType: 'multiDevice',
      backedUp: true,
      transports: 'internal,hybrid',
      aaguid: '00000000-0000-0000-0000-000000000000',
      addedAt: '2026-11-28T12:00:00.000Z',
    },
    name === null ? null : { name },
  );

describe('passkey view projection', () => {
  it('starts a row at registration, with its counter and name', () => {
    expect(evolvePasskeyView(null, added('Laptop'))).toMatchObject({
      id: 'pk1',
      userId: 'u1',
      name: 'Laptop',
      credentialId: 'cred',
      counter: 3,
      transports: 'internal,hybrid',
      createdAt: new Date('2026-11-28T12:00:00.000Z'),
    });
  });

  it('reads a name erased with its user as none', () => {
    expect(evolvePasskeyView(null, added(null))?.name).toBeNull();
  });

  it('renames the row, and removes it', () => {
    const row = evolvePasskeyView(null, added('Laptop'));
    const data = { passkeyId: 'pk1', userId: 'u1', renamedAt: '2026-11-28T13:00:00.000Z' };
    const renamed = evolvePasskeyView(row, recorded(PasskeyRenamed.type, 3, data, { name: 'Phone' }));
    expect(renamed).toMatchObject({ name: 'Phone', counter: 3 });
    const removal = { passkeyId: 'pk1', userId: 'u1', removedAt: '2026-11-28T14:00:00.000Z' };
    expect(evolvePasskeyView(renamed, recorded(PasskeyRemoved.type, 4, removal))).toBeNull();
  });
});
