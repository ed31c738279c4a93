import { PasskeyAdded, PasskeyRemoved, PasskeyRenamed } from '@authsvc/contracts';
import { AuthErrors, DomainError, PasskeyErrors } from '@authsvc/errors';
import { givenState } from '@authsvc/platform/testing';
import { decidePasskey, type AddPasskey, type PasskeyOwner } from './passkey.decider.js';

const now = new Date('2026-11-28T12:00:00.000Z');
/** The user's rows: registered, and the passkey named when it is theirs. */
const givenOwner = (passkey: PasskeyOwner['passkey'] = null, registered = true) =>
  givenState(decidePasskey, { userId: 'user-1', registered, passkey });
const add: AddPasskey = {
  type: 'AddPasskey',
  passkeyId: 'pk-1',
  name: 'Laptop',
  credential: {
    credentialId: 'cred',
    publicKey: 'key',
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
    transports: 'internal',
    aaguid: '00000000-0000-0000-0000-000000000000',
  },
  now,
};

describe('decidePasskey', () => {
  it('adds a passkey to a registered user, its name kept as personal data', () => {
    const [event] = givenOwner().when(add).thenEvents();
    expect(event.definition).toBe(PasskeyAdded);
    expect(event.data).toMatchObject({ passkeyId: 'pk-1', userId: 'user-1', credentialId: 'cred', counter: 0 });
    expect(event.data).toMatchObject({ addedAt: now.toISOString() });
    expect(event.personal).toEqual({ name: 'Laptop' });
  });

  it('refuses every command for a user who is gone', () => {
    expect(givenOwner(null, false).when(add).thenError()).toEqual(new DomainError(AuthErrors.USER_NOT_FOUND));
  });

  it('renames the owner’s passkey with the name trimmed, and records nothing for the same name', () => {
    const named = givenOwner({ id: 'pk-1', name: 'x' });
    const [event] = named.when({ type: 'RenamePasskey', name: '  Phone ', now }).thenEvents();
    expect(event.definition).toBe(PasskeyRenamed);
    expect(event.personal).toEqual({ name: 'Phone' });
    expect(named.when({ type: 'RenamePasskey', name: 'x', now }).thenEvents()).toEqual([]);
  });

  it('removes the owner’s passkey', () => {
    const [event] = givenOwner({ id: 'pk-1', name: null }).when({ type: 'RemovePasskey', now }).thenEvents();
    expect(event.definition).toBe(PasskeyRemoved);
    expect(event.data).toEqual({ passkeyId: 'pk-1', userId: 'user-1', removedAt: now.toISOString() });
  });

  it('answers a passkey that is not the user’s as not found, for rename and remove alike', () => {
    const notFound = new DomainError(PasskeyErrors.PASSKEY_NOT_FOUND);
    expect(givenOwner().when({ type: 'RenamePasskey', name: 'n', now }).thenError()).toEqual(notFound);
    expect(givenOwner().when({ type: 'RemovePasskey', now }).thenError()).toEqual(notFound);
  });
});
