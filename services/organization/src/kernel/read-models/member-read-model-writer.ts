import { memberReadModelKey, parseMemberReadModel, type MemberReadModel } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { MembershipChange } from './membership-changes.js';

/**
 * Stores the value (ARGV[2]) for ARGV[3] seconds unless the stored one has the same or a newer version than
 * ARGV[1]: a write built from a read made before a newer change (a fill racing a removal, a late consumer)
 * never replaces that change. A value this script cannot read is replaced.
 */
const PUT_IF_NEWER = `
local stored = redis.call('GET', KEYS[1])
if stored then
  local ok, entry = pcall(cjson.decode, stored)
  local version = ok and type(entry) == 'table' and tonumber(entry.version)
  if version and version >= tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1`;

/** A live membership's entry lives this long without a change: memberships nobody asks about leave Redis. */
const MEMBER_SECONDS = 24 * 60 * 60;
/** An ended membership's marker: far longer than any write built from a read made before the end. */
const ENDED_SECONDS = 60 * 60;

interface MemberRow {
  readonly user_id: string;
  readonly id: string;
  readonly role: string;
  readonly created_at: Date;
  readonly version: number;
}

const MEMBERS_OF_USERS = `
  SELECT user_id, id, role, created_at, version FROM organization.members
  WHERE organization_id = $1 AND user_id = ANY($2)`;

/**
 * Writes the published member read model (`MemberReadModel` in libs/contracts). Every write is the membership's row
 * at some version: an addition's row as its event made it, a removal's marker at its position, and otherwise the
 * row as it stands. A write stores only a newer version than the stored one, so writers may race and repeat freely.
 */
export class MemberReadModelWriter {
  constructor(
    private readonly redis: Redis,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Brings the entries of the memberships a command just changed in line: an addition's or a removal's entry as its
   * event says it (the row at that version), the others from their rows; throws when Redis could not be reached.
   */
  async publish(changes: readonly MembershipChange[]): Promise<void> {
    const known = changes.flatMap(({ organizationId, userId, entry }) =>
      entry ? [{ organizationId, userId, entry }] : [],
    );
    await Promise.all([this.write(known), this.fromRows(changes.filter((change) => change.entry === undefined))]);
  }

  /** Each change's entry from the membership's row as it stands now. */
  private async fromRows(changes: readonly MembershipChange[]): Promise<void> {
    const organizations = new Set(changes.map((change) => change.organizationId));
    await Promise.all(
      [...organizations].map((id) =>
        this.publishIn(
          id,
          changes.filter((change) => change.organizationId === id),
        ),
      ),
    );
  }

  /**
   * Brings in line the entries that do not show their change yet: most already do (the command wrote them before
   * it answered), and finding that out costs one MGET instead of a read of the rows and a write. The others are
   * written from the rows as they stand now, not from the (possibly old) event.
   */
  async repair(changes: readonly MembershipChange[]): Promise<void> {
    if (changes.length === 0) return;
    const stored = await this.redis.mget(
      changes.map((change) => memberReadModelKey(change.organizationId, change.userId)),
    );
    const behind = changes.filter(
      (change, index) => (parseMemberReadModel(stored[index])?.version ?? -1) < change.version,
    );
    await this.fromRows(behind);
  }

  /** Writes the user's membership when it exists (a fill after a miss; an absent row has no version to write). */
  async fill(organizationId: string, userId: string): Promise<void> {
    await this.publishIn(organizationId, [{ userId, version: null }]);
  }

  /** Each user's entry from their row, or the marker of its end at `version` (null: no marker). */
  private async publishIn(
    organizationId: string,
    users: readonly { readonly userId: string; readonly version: number | null }[],
  ): Promise<void> {
    const rows = await preparedQuery<MemberRow>(this.dataSource.manager, MEMBERS_OF_USERS, [
      organizationId,
      users.map((user) => user.userId),
    ]);
    const byUser = new Map(rows.map((row) => [row.user_id, row]));
    const entries = users.flatMap(({ userId, version }) => {
      const row = byUser.get(userId);
      const entry: MemberReadModel | undefined = row
        ? { version: row.version, member: { id: row.id, role: row.role, createdAt: row.created_at.toISOString() } }
        : version === null
          ? undefined
          : { version, member: null };
      return entry ? [{ organizationId, userId, entry }] : [];
    });
    await this.write(entries);
  }

  /** Stores each entry unless a newer one is stored (`PUT_IF_NEWER`), in one round trip. */
  private async write(
    entries: readonly { readonly organizationId: string; readonly userId: string; readonly entry: MemberReadModel }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { organizationId, userId, entry } of entries) {
      const seconds = entry.member ? MEMBER_SECONDS : ENDED_SECONDS;
      const key = memberReadModelKey(organizationId, userId);
      pipeline.eval(PUT_IF_NEWER, 1, key, entry.version, JSON.stringify(entry), seconds);
    }
    for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
  }
}
