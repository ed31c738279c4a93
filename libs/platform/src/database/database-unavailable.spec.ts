import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** TypeORM's failed statement: it keeps the driver's error, and copies that error's fields (its code) onto itself. */
const failedStatement = (driverError: Error & { code: string }) =>
  Object.assign(new Error(driverError.message), { name: 'QueryFailedError', code: driverError.code, driverError });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a connection the server ended', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a connection node-postgres saw dropped', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    [
      'a checked-out connection the server dropped',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      "a transaction's runner TypeORM released when its connection dropped",
      Object.assign(new Error('Database connection provided by a query runner was already released'), {
        name: 'QueryRunnerProviderAlreadyReleasedError',
      }),
    ],
    [
      'an error of another realm (not instanceof Error)',
      { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    ],
    [
      "TypeORM's wrapper of one",
      Object.assign(new Error('Query failed'), {
        driverError: withCode('the database system is shutting down', '57P03'),
      }),
    ],
    [
      'the cause of another error',
      new Error('append failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ["a statement's connection reset by a stopping server", failedStatement(withCode('read ECONNRESET', 'ECONNRESET'))],
    ['a statement written to a connection the server closed', failedStatement(withCode('write EPIPE', 'EPIPE'))],
    [
      'a failed statement that caused another error',
      new Error('append failed', { cause: failedStatement(withCode('read ECONNRESET', 'ECONNRESET')) }),
    ],
  ])('holds for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['an error of the code', new TypeError('x is undefined')],
    ['a reset outside a statement (another peer)', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a failed statement of the code', failedStatement(withCode('syntax error at or near "x"', '42601'))],
    ['something not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
  ])('does not hold for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
