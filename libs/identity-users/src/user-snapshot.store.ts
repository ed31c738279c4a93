import { DEFAULT_ROLE, withBanInForce, type UserView } from '@authsvc/contracts';
import { findRow, preparedQuery, rowInsertion, type ViewDecision, type ViewStore } from '@authsvc/platform';
import type { DataSource } from 'typeorm';
import type { UserSnapshot } from './user-snapshot.js';
import type { UserSnapshotRow } from './user-snapshot.entity.js';

/** Postgres home of a service's user snapshots, in the table of `entity`; every change goes through `update`. */
export class UserSnapshotStore implements ViewStore<UserSnapshot> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: new () => UserSnapshotRow,
  ) {}

  /** One prepared statement: every organization write and session rebuild reads a snapshot. */
  async find(userId: string): Promise<UserSnapshot | null> {
    const row = await findRow<UserSnapshotRow>(this.dataSource.manager, this.entity, { userId });
    return row ? toUserSnapshot(row) : null;
  }

  /**
   * Reads the snapshot under a row lock, so that an event and a fetch (or two replicas) never interleave;
   * `decide` (pure) says what to write (nothing: leave it) and what to return. Most snapshots start from
   * nothing (a registration): what `decide` makes of no row is inserted where no row exists, in one statement,
   * and only when a row exists is it read and decided on under the lock. Rows are never deleted (a deleted
   * user keeps a tombstone), so a row that blocked the insert is still there to lock.
   */
  async update<T>(userId: string, decide: (current: UserSnapshot | null) => ViewDecision<UserSnapshot, T>): Promise<T> {
    const fromNothing = decide(null);
    if (fromNothing.write && (await this.insertIfAbsent(fromNothing.write))) return fromNothing.result;
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(this.entity);
      const row = await repository.findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
      if (!row) return fromNothing.result;
      const { write, result } = decide(toUserSnapshot(row));
      if (write) await repository.update({ userId }, this.toRow(write));
      return result;
    });
  }

  private async insertIfAbsent(snapshot: UserSnapshot): Promise<boolean> {
    const manager = this.dataSource.manager;
    const { table, columns, values } = rowInsertion(manager, this.entity, this.toRow(snapshot));
    const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
    const inserted = await preparedQuery(
      manager,
      `INSERT INTO ${table} (${columns}) VALUES (${placeholders}) ON CONFLICT (user_id) DO NOTHING RETURNING 1`,
      values,
    );
    return inserted.length > 0;
  }

  /** A deleted user's row keeps no personal data. */
  private toRow({ userId, view, lastPosition }: UserSnapshot): UserSnapshotRow {
    return Object.assign(new this.entity(), {
      userId,
      deleted: view === null,
      email: view?.email ?? null,
      name: view?.name ?? null,
      image: view?.image ?? null,
      emailVerified: view?.emailVerified ?? null,
      username: view?.username ?? null,
      displayUsername: view?.displayUsername ?? null,
      role: view?.role ?? null,
      banned: view?.banned ?? null,
      banReason: view?.banReason ?? null,
      banExpires: view?.banExpires ? new Date(view.banExpires) : null,
      twoFactorEnabled: view?.twoFactorEnabled ?? null,
      createdAt: view ? new Date(view.createdAt) : null,
      updatedAt: view ? new Date(view.updatedAt) : null,
      lastPosition: lastPosition.toString(),
    });
  }
}

function toUserSnapshot(row: UserSnapshotRow): UserSnapshot {
  const lastPosition = BigInt(row.lastPosition);
  if (row.deleted) return { userId: row.userId, view: null, lastPosition };
  const view: UserView = {
    id: row.userId,
    email: row.email ?? '',
    name: row.name ?? '',
    image: row.image,
    emailVerified: row.emailVerified ?? false,
    username: row.username,
    displayUsername: row.displayUsername,
    role: row.role ?? DEFAULT_ROLE,
    banned: row.banned ?? false,
    banReason: row.banReason,
    banExpires: row.banExpires?.toISOString() ?? null,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (row.updatedAt ?? new Date(0)).toISOString(),
  };
  // An expired ban lifts itself in every read, as identity shows it.
  return { userId: row.userId, view: withBanInForce(view, new Date()), lastPosition };
}
