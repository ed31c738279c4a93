import { randomBytes } from 'node:crypto';
import type { UserView } from '@authsvc/contracts';
import { UserSnapshotStore, type UserSnapshot } from '@authsvc/identity-users';
import { createServiceDataSource, ensureDatabase, migrateExclusively } from '@authsvc/platform';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { InitialSessionSchema1763800000000 } from '../src/migrations/1763800000000-initial-session-schema';
import { UserSnapshots1764100000000 } from '../src/migrations/1764100000000-user-snapshots';
import { AdminFields1765100000000 } from '../src/migrations/1765100000000-admin-fields';
import { TwoFactorSnapshot1765700000000 } from '../src/migrations/1765700000000-two-factor-snapshot';
import { UserSnapshotEntity } from '../src/user-snapshot/user-snapshot.entity';

// The snapshot store against a real PostgreSQL, in a database of its own with the session service's migrations.
const databaseUrl = new URL(`postgres://postgres@127.0.0.1:5432/session_snapshots_${randomBytes(4).toString('hex')}`);
let dataSource: DataSource;
let store: UserSnapshotStore;

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  dataSource = createServiceDataSource({
    databaseUrl,
    schema: 'session',
    entities: [UserSnapshotEntity],
    migrations: [
      InitialSessionSchema1763800000000,
      UserSnapshots1764100000000,
      AdminFields1765100000000,
      TwoFactorSnapshot1765700000000,
    ],
  });
  await dataSource.initialize();
  await migrateExclusively(dataSource, 'session');
  store = new UserSnapshotStore(dataSource, UserSnapshotEntity);
});

afterAll(async () => {
  await dataSource.destroy();
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE "${databaseUrl.pathname.slice(1)}"`);
  await admin.end();
});

const newUserId = () => `user-${randomBytes(6).toString('hex')}`;
const view = (id: string, name: string): UserView => ({
  id,
  email: `${id}@example.com`,
  name,
  image: null,
  emailVerified: false,
  username: null,
  displayUsername: null,
  role: 'user',
  banned: false,
  banReason: null,
  banExpires: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});
const snapshot = (id: string, name: string, lastPosition: bigint): UserSnapshot => ({
  userId: id,
  view: view(id, name),
  lastPosition,
});

/** A decision that writes `next` whatever it finds, and reports what it found. */
const overwrite = (next: UserSnapshot) => (current: UserSnapshot | null) => ({
  write: next,
  result: current?.view?.name ?? null,
});

describe('UserSnapshotStore.update', () => {
  it('inserts what the decision makes of no row, then decides on the stored row and updates it', async () => {
    const id = newUserId();
    expect(await store.update(id, overwrite(snapshot(id, 'First', 1n)))).toBeNull();
    expect((await store.find(id))?.view?.name).toBe('First');

    expect(await store.update(id, overwrite(snapshot(id, 'Second', 2n)))).toBe('First');
    const stored = await store.find(id);
    expect(stored?.view?.name).toBe('Second');
    expect(stored?.lastPosition).toBe(2n);
  });

  it('writes nothing when the decision writes nothing, with or without a row', async () => {
    const id = newUserId();
    expect(await store.update(id, (current) => ({ result: current === null }))).toBe(true);
    expect(await store.find(id)).toBeNull();

    await store.update(id, overwrite(snapshot(id, 'Kept', 5n)));
    expect(await store.update(id, (current) => ({ result: current?.view?.name }))).toBe('Kept');
    expect((await store.find(id))?.lastPosition).toBe(5n);
  });

  it('lets two first writers race: one inserts, the other decides on the row it finds', async () => {
    const id = newUserId();
    const found = await Promise.all(
      ['A', 'B'].map((name, index) => store.update(id, overwrite(snapshot(id, name, BigInt(index + 1))))),
    );
    // Exactly one of them found no row; the other found the first one's and replaced it.
    expect(found.filter((name) => name === null)).toHaveLength(1);
    const winner = found.find((name) => name !== null);
    expect((await store.find(id))?.view?.name).toBe(winner === 'A' ? 'B' : 'A');
  });

  it('keeps a deleted user as a tombstone without personal data', async () => {
    const id = newUserId();
    await store.update(id, overwrite(snapshot(id, 'Gone soon', 1n)));
    await store.update(id, overwrite({ userId: id, view: null, lastPosition: 2n }));
    expect(await store.find(id)).toEqual({ userId: id, view: null, lastPosition: 2n });
    const [row]: { email: string | null; name: string | null }[] = await dataSource.query(
      'SELECT email, name FROM session.user_snapshots WHERE user_id = $1',
      [id],
    );
    expect(row).toEqual({ email: null, name: null });
  });
});
