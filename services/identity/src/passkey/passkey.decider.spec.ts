import { PasskeyAdded, PasskeyRemoved, PasskeyRenamed } from '@authsvc/contracts';
import { AuthErrors, DomainError, PasskeyErrors } from '@authsvc/errors';
import { decidePasskey, type AddPasskey, type PasskeyOwner } from './passkey.decider.js';

const now = new Date('2026-11-28T12:00:00.000Z');
const owner = (passkey: PasskeyOwner['passkey'] = null, registered = true): PasskeyOwner => ({
  userId: 'user-1',
  registered,
  passkey,
});
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
    const [event] = decidePasskey(add, owner());
    expect(event.definition).toBe(PasskeyAdded);
    expect(event.data).toMatchObject({ passkeyId: 'pk-1', userId: 'user-1', credentialId: 'cred', counter: 0 });
    expect(event.data).toMatchObject({ addedAt: now.toISOString() });
    expect(event.personal).toEqual({ name: 'Laptop' });
  });

  it('refuses every command for a user who is gone', () => {
    expect(() => decidePasskey(add, owner(null, false))).toThrow(new DomainError(AuthErrors.USER_NOT_FOUND));
  });

  it('renames the owner’s passkey with the name trimmed, and records nothing for the same name', () => {
    const [event] = decidePasskey({ type: 'RenamePasskey', name: '  Phone ', now }, owner({ id: 'pk-1', name: 'x' }));
    expect(event.definition).toBe(PasskeyRenamed);
    expect(event.personal).toEqual({ name: 'Phone' });
    expect(decidePasskey({ type: 'RenamePasskey', name: 'x', now }, owner({ id: 'pk-1', name: 'x' }))).toEqual([]);
  });

  it('removes the owner’s passkey', () => {
    const [event] = decidePasskey({ type: 'RemovePasskey', now }, owner({ id: 'pk-1', name: null }));
    expect(event.definition).toBe(PasskeyRemoved);
    expect(event.data).toEqual({ passkeyId: 'pk-1', userId: 'user-1', removedAt: now.toISOString() });
  });

  it('answers a passkey that is not the user’s as not found, for rename and remove alike', () => {
    const notFound = new DomainError(PasskeyErrors.PASSKEY_NOT_FOUND);
    expect(() => decidePasskey({ type: 'RenamePasskey', name: 'n', now }, owner())).toThrow(notFound);
    expect(() => decidePasskey({ type: 'RemovePasskey', now }, owner())).toThrow(notFound);
  });
});
