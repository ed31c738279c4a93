import type { UserView } from '@authsvc/contracts';
import { DataSource } from 'typeorm';
import type { UserSnapshot } from './user-snapshot.js';
import { UserSnapshotEntity } from './user-snapshot.entity.js';

const INSERT_ATTEMPTS = 3;

/** Postgres home of the user snapshots; every change goes through `update`, under the row's lock. */
export class UserSnapshotStore {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<UserSnapshot | null> {
    const row = await this.dataSource.getRepository(UserSnapshotEntity).findOneBy({ userId });
    return row ? toUserSnapshot(row) : null;
  }

  /**
   * Reads the snapshot under a row lock, so that an event and a fetch (or two replicas) never interleave;
   * `decide` says what to write (nothing: leave it) and what to return. Two first writers race on the
   * insert: the loser decides again on the winner's row.
   */
  async update<T>(
    userId: string,
    decide: (current: UserSnapshot | null) => { readonly write?: UserSnapshot; readonly result: T },
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(async (manager) => {
          const repository = manager.getRepository(UserSnapshotEntity);
          const row = await repository.findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
          const { write, result } = decide(row ? toUserSnapshot(row) : null);
          if (write) {
            const entity = toEntity(write);
            if (row) await repository.update({ userId }, entity);
            else await repository.insert(entity);
          }
          return result;
        });
      } catch (error) {
        if (attempt >= INSERT_ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } }).driverError?.code === '23505';
}

function toUserSnapshot(row: UserSnapshotEntity): UserSnapshot {
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
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (row.updatedAt ?? new Date(0)).toISOString(),
  };
  return { userId: row.userId, view, lastPosition };
}

/** A deleted user's row keeps no personal data. */
function toEntity({ userId, view, lastPosition }: UserSnapshot): UserSnapshotEntity {
  return Object.assign(new UserSnapshotEntity(), {
    userId,
    deleted: view === null,
    email: view?.email ?? null,
    name: view?.name ?? null,
    image: view?.image ?? null,
    emailVerified: view?.emailVerified ?? null,
    username: view?.username ?? null,
    displayUsername: view?.displayUsername ?? null,
    createdAt: view ? new Date(view.createdAt) : null,
    updatedAt: view ? new Date(view.updatedAt) : null,
    lastPosition: lastPosition.toString(),
  });
}
