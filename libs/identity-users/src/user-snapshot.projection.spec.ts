import {
  CredentialAccountCreated,
  EmailChanged,
  EmailVerified,
  UserDeleted,
  UserBanned,
  UserRegistered,
  UserRoleChanged,
  UserUnbanned,
  UserUpdated,
  type PublishedEvent,
  type UserView,
} from '@authsvc/contracts';
import { mergeFetchedUser, type UserSnapshot } from './user-snapshot.js';
import { evolveUserSnapshot } from './user-snapshot.projection.js';

const CREATED = '2026-01-02T03:04:05.000Z';

function published(type: string, position: number, data: object, personal: object | null = null): PublishedEvent {
  return {
    type,
    schemaVersion: 1,
    streamId: 'user-u1',
    streamPosition: position,
    globalPosition: String(position),
    data: { userId: 'u1', ...data },
    personal,
    metadata: { eventId: `e${position}`, correlationId: 'c', causationId: null, actorId: null, occurredAt: CREATED },
  };
}

const registered = published(
  UserRegistered.type,
  10,
  { emailVerified: false, createdAt: CREATED, role: 'user' },
  { email: 'ada@example.com', name: 'Ada', image: null, username: 'ada', displayUsername: 'Ada' },
);

const ada: UserView = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  image: null,
  emailVerified: false,
  username: 'ada',
  displayUsername: 'Ada',
  role: 'user',
  banned: false,
  banReason: null,
  banExpires: null,
  twoFactorEnabled: false,
  createdAt: CREATED,
  updatedAt: CREATED,
};

const snapshot = (view: UserView | null, lastPosition: number): UserSnapshot => ({
  userId: 'u1',
  view,
  lastPosition: BigInt(lastPosition),
});

describe('user snapshot projection', () => {
  it('given nothing, a registration stores the public view as identity answers it', () => {
    expect(evolveUserSnapshot(null, registered)).toEqual({ type: 'store', snapshot: snapshot(ada, 10) });
  });

  it('given a registration recorded before usernames existed, the user has none', () => {
    const old = { ...registered, personal: { email: 'ada@example.com', name: 'Ada', image: null } };
    expect(evolveUserSnapshot(null, old)).toMatchObject({
      snapshot: { view: { username: null, displayUsername: null } },
    });
  });

  it('given a registration erased before publication, stores nothing', () => {
    expect(evolveUserSnapshot(null, { ...registered, personal: null })).toEqual({ type: 'ignore' });
  });

  it('an update changes only the fields it carries, and updatedAt', () => {
    const update = published(UserUpdated.type, 11, { updatedAt: '2026-01-03T00:00:00.000Z' }, { image: 'i.png' });
    expect(evolveUserSnapshot(snapshot(ada, 10), update)).toEqual({
      type: 'store',
      snapshot: snapshot({ ...ada, image: 'i.png', updatedAt: '2026-01-03T00:00:00.000Z' }, 11),
    });
  });

  it('a verification and an email change set emailVerified (and the email) as identity does', () => {
    const verified = published(EmailVerified.type, 11, { verifiedAt: '2026-01-03T00:00:00.000Z' });
    expect(evolveUserSnapshot(snapshot(ada, 10), verified)).toMatchObject({
      snapshot: { view: { emailVerified: true, updatedAt: '2026-01-03T00:00:00.000Z' } },
    });
    const changed = published(
      EmailChanged.type,
      12,
      { changedAt: '2026-01-04T00:00:00.000Z', tokenId: 't' },
      { email: 'new@example.com' },
    );
    expect(evolveUserSnapshot(snapshot(ada, 11), changed)).toMatchObject({
      snapshot: { view: { email: 'new@example.com', emailVerified: true, updatedAt: '2026-01-04T00:00:00.000Z' } },
    });
  });

  it('a role change sets the role, even once the personal data of the user is erased', () => {
    const changed = published(UserRoleChanged.type, 11, { role: 'admin', changedAt: '2026-01-03T00:00:00.000Z' });
    expect(evolveUserSnapshot(snapshot(ada, 10), changed)).toEqual({
      type: 'store',
      snapshot: snapshot({ ...ada, role: 'admin', updatedAt: '2026-01-03T00:00:00.000Z' }, 11),
    });
  });

  it('a ban sets the ban fields, and an unban clears them', () => {
    const ban = { banReason: 'spam', banExpires: '2026-02-01T00:00:00.000Z', bannedAt: '2026-01-03T00:00:00.000Z' };
    const banned = evolveUserSnapshot(snapshot(ada, 10), published(UserBanned.type, 11, ban));
    const bannedAda = { ...ada, banned: true, banReason: 'spam', banExpires: ban.banExpires, updatedAt: ban.bannedAt };
    expect(banned).toEqual({ type: 'store', snapshot: snapshot(bannedAda, 11) });
    const unbanned = published(UserUnbanned.type, 12, { unbannedAt: '2026-01-04T00:00:00.000Z' });
    expect(evolveUserSnapshot(snapshot(bannedAda, 11), unbanned)).toEqual({
      type: 'store',
      snapshot: snapshot({ ...ada, updatedAt: '2026-01-04T00:00:00.000Z' }, 12),
    });
  });

  it('a registration recorded before roles existed has the default role', () => {
    const old = { ...registered, data: { userId: 'u1', emailVerified: false, createdAt: CREATED } };
    expect(evolveUserSnapshot(null, old)).toMatchObject({ snapshot: { view: { role: 'user', banned: false } } });
  });

  it('a redelivered copy stores the same snapshot again (so its reactions run again)', () => {
    const update = published(UserUpdated.type, 11, { updatedAt: '2026-01-03T00:00:00.000Z' }, { name: 'Ada L.' });
    const once = evolveUserSnapshot(snapshot(ada, 10), update);
    if (once.type !== 'store') throw new Error('expected a store');
    expect(evolveUserSnapshot(once.snapshot, update)).toEqual(once);
  });

  it('an event older than the last one applied asks for a resync (a partial change cannot be replayed late)', () => {
    const late = published(UserUpdated.type, 9, { updatedAt: '2026-01-03T00:00:00.000Z' }, { name: 'Old' });
    expect(evolveUserSnapshot(snapshot(ada, 10), late)).toEqual({ type: 'resync' });
  });

  it('a change older than a view fetched from identity keeps the view and records the position', () => {
    const fetched = { ...ada, name: 'Newer', updatedAt: '2026-02-01T00:00:00.000Z' };
    const update = published(UserUpdated.type, 11, { updatedAt: '2026-01-03T00:00:00.000Z' }, { name: 'Older' });
    expect(evolveUserSnapshot(snapshot(fetched, 0), update)).toEqual({
      type: 'store',
      snapshot: snapshot(fetched, 11),
    });
  });

  it('a deletion leaves a tombstone that a late registration cannot bring back', () => {
    const deleted = evolveUserSnapshot(snapshot(ada, 10), published(UserDeleted.type, 12, { deletedAt: CREATED }));
    expect(deleted).toEqual({ type: 'store', snapshot: snapshot(null, 12) });
    expect(evolveUserSnapshot(snapshot(null, 12), registered)).toEqual({ type: 'ignore' });
  });

  it('ignores changes of users it holds nothing of, and events that are not about the public view', () => {
    const update = published(UserUpdated.type, 11, { updatedAt: CREATED }, { name: 'x' });
    expect(evolveUserSnapshot(null, update)).toEqual({ type: 'ignore' });
    const account = published(CredentialAccountCreated.type, 11, { accountId: 'a', createdAt: CREATED });
    expect(evolveUserSnapshot(snapshot(ada, 10), account)).toEqual({ type: 'ignore' });
  });
});

describe('merging a view fetched from identity', () => {
  it('keeps the newer of the stored and the fetched view', () => {
    const newer = { ...ada, name: 'Newer', updatedAt: '2026-02-01T00:00:00.000Z' };
    expect(mergeFetchedUser(snapshot(newer, 12), ada)).toEqual({ snapshot: snapshot(newer, 12), changed: false });
    expect(mergeFetchedUser(snapshot(ada, 12), newer)).toEqual({ snapshot: snapshot(newer, 12), changed: true });
    expect(mergeFetchedUser(null, ada)).toEqual({ snapshot: snapshot(ada, 0), changed: true });
  });

  it('never revives a deleted user', () => {
    expect(mergeFetchedUser(snapshot(null, 12), ada)).toEqual({ snapshot: snapshot(null, 12), changed: false });
  });
});
