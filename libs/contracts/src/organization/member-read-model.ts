/** The caller-independent fields of a membership, as get-active-member answers them. */
export interface MemberReadModelFields {
  readonly id: string;
  readonly role: string;
  readonly createdAt: string;
}

/**
 * The organization service's published read model of one user's membership of one organization, one Redis
 * string per (organization, user). Only the organization service writes it, before a command that changed the
 * membership answers; the gateway reads it to answer the caller's own get-active-member without a round trip.
 * Readers never keep it in process memory.
 */
export interface MemberReadModel {
  /**
   * The organization stream's position at which the membership last changed. A write stores only a newer
   * version than the stored one, so a write built from an older read never replaces a newer one.
   */
  readonly version: number;
  /** Null: the membership ended (a short-lived marker that keeps an older write from bringing it back). */
  readonly member: MemberReadModelFields | null;
}

// WARNING: persisted format (Redis keys and values read by other processes), do not rename.
const KEY_PREFIX = 'organization:member:';

export function memberReadModelKey(organizationId: string, userId: string): string {
  return `${KEY_PREFIX}${organizationId}:${userId}`;
}

function isMemberFields(value: unknown): value is MemberReadModelFields {
  const fields = value as Partial<MemberReadModelFields> | null;
  return typeof fields?.id === 'string' && typeof fields.role === 'string' && typeof fields.createdAt === 'string';
}

/**
 * What a stored value says: the membership, the marker of one that ended, or undefined for a miss (no value,
 * or one in a shape this reader does not know), which the organization service answers and writes again.
 */
export function parseMemberReadModel(value: string | null): MemberReadModel | undefined {
  if (value === null) return undefined;
  let entry: Partial<MemberReadModel> | null;
  try {
    entry = JSON.parse(value) as Partial<MemberReadModel> | null;
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(entry?.version)) return undefined;
  return entry!.member === null || isMemberFields(entry!.member) ? (entry as MemberReadModel) : undefined;
}
