/**
 * SQLSTATEs of a PostgreSQL that is not there for the moment: class 08 (connection exceptions), and the server
 * shutting down, ending connections, or starting up (57P01 to 57P03).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;
/** A server that is down or restarting refuses the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED']);
/**
 * A stopping server resets the connections still in its listen queue, and a statement sent on one fails with these.
 * They count only under TypeORM's `QueryFailedError`, which names a statement sent to PostgreSQL: a reset elsewhere
 * could be anyone's, and is left a 500.
 */
const STATEMENT_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);
const FAILED_STATEMENT = 'QueryFailedError';
/**
 * node-postgres ends a connection the server dropped, or one it gave up opening, with these (and no code); a
 * statement sent on a pooled connection the server dropped while it was checked out gets the last one.
 */
const DROPPED =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/;
/**
 * TypeORM releases a transaction's connection when the server drops it, so the transaction's next statement fails
 * with this instead of a connection error. Our transactions live inside `dataSource.transaction(…)` callbacks, so
 * a runner used after its release means a dropped connection, not a runner kept past its transaction.
 */
const RELEASED_RUNNER = 'QueryRunnerProviderAlreadyReleasedError';

interface DriverFailure {
  readonly name?: unknown;
  readonly message?: unknown;
  readonly code?: unknown;
  readonly driverError?: unknown;
  readonly cause?: unknown;
}

/**
 * Whether a handler failed because PostgreSQL could not be reached, rather than for a fault of its own: the caller
 * gets 503 (try again) instead of 500. TypeORM keeps the driver's error in `driverError`; an error may name its
 * `cause`. Errors are read by shape, not `instanceof Error`: Node's socket errors come from another realm under
 * the test runner's module sandbox.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  let inStatement = false;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 3; depth++) {
    const { name, message, code, driverError, cause } = current as DriverFailure;
    inStatement ||= name === FAILED_STATEMENT;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (inStatement && typeof code === 'string' && STATEMENT_SOCKET_CODES.has(code)) return true;
    if (typeof message === 'string' && DROPPED.test(message)) return true;
    if (name === RELEASED_RUNNER) return true;
    current = driverError ?? cause;
  }
  return false;
}
