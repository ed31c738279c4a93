import type { UserView } from '../identity/user.view.js';
import type { SessionView } from './session.view.js';

/**
 * The session service's published read model of a live session, one Redis string per token. Only the session
 * service writes it; every gateway replica reads it to answer get-session without a round trip. Readers never
 * keep it in process memory: a revocation replaces the entry by {@link REVOKED_SESSION} before the session
 * service answers, so the next read anywhere refuses the session.
 */
export interface SessionReadModel {
  readonly session: SessionView;
  readonly user: UserView;
  /** From this moment (ISO) a use of the session extends it, unless the caller disabled refresh. */
  readonly refreshDueAt: string;
  /** The session service's version of the user's data the entry was built from (its own staleness check). */
  readonly userVersion: string;
}

// WARNING: persisted format (Redis keys and values read by other processes), do not rename.
const KEY_PREFIX = 'session:token:';
/** The value that stands for a token revoked moments ago, so that a racing rebuild cannot bring it back. */
export const REVOKED_SESSION = 'revoked';

export function sessionReadModelKey(token: string): string {
  return KEY_PREFIX + token;
}

/**
 * What a stored value says: the live entry, `'revoked'`, or undefined for a miss (no value, or one in a shape
 * this reader does not know, which the session service rebuilds: an entry written before sessions had an active
 * team, or before users had a role and sessions an impersonator, say).
 */
export function parseSessionReadModel(value: string | null): SessionReadModel | typeof REVOKED_SESSION | undefined {
  if (value === null) return undefined;
  if (value === REVOKED_SESSION) return REVOKED_SESSION;
  let entry: Partial<SessionReadModel> | null;
  try {
    entry = JSON.parse(value) as Partial<SessionReadModel> | null;
  } catch {
    return undefined;
  }
  const complete =
    entry?.session?.activeTeamId !== undefined &&
    entry.session.impersonatedBy !== undefined &&
    entry.user?.role !== undefined &&
    typeof entry.refreshDueAt === 'string' &&
    typeof entry.userVersion === 'string';
  return complete ? (entry as SessionReadModel) : undefined;
}

/**
 * What a use of the session calls for at `now`: serve it as it is, extend it first (its refresh is due and the
 * caller allows it), or record that it expired (such an entry is never served). The session service publishes
 * `expiresAt` already held to the absolute session lifetime, with no refresh due past it, so every reader ends
 * the session on time without a setting of its own.
 */
export function sessionUse(
  entry: SessionReadModel,
  now: Date,
  refreshAllowed: boolean,
): 'serve' | 'refresh' | 'expire' {
  const at = now.getTime();
  if (new Date(entry.session.expiresAt).getTime() <= at) return 'expire';
  return refreshAllowed && new Date(entry.refreshDueAt).getTime() <= at ? 'refresh' : 'serve';
}
