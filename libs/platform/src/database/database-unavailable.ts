/**
 * SQLSTATEs of a PostgreSQL that is not there for the moment: class 08 (connection exceptions), and the server
 * shutting down, ending connections, or starting up (57P01 to 57P03).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;
/** A server that is down or restarting refuses the connection (a reset could be anyone's, and is left a 500). */
const SOCKET_CODES = new Set(['ECONNREFUSED']);
/** node-postgres ends a connection the server dropped, or one it gave up opening, with these (and no code). */
const DROPPED = /^Connection terminated|^timeout exceeded when trying to connect/;

/**
 * Whether a handler failed because PostgreSQL could not be reached, rather than for a fault of its own: the caller
 * gets 503 (try again) instead of 500. TypeORM keeps the driver's error in `driverError`; an error may name its
 * `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth++) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (DROPPED.test(current.message)) return true;
    current = (current as Error & { driverError?: unknown }).driverError ?? current.cause;
  }
  return false;
}
