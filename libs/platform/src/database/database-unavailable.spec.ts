import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

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
  ])('holds for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['an error of the code', new TypeError('x is undefined')],
    ['something not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
  ])('does not hold for %s', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
