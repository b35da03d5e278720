import { isDatabaseUnreachable } from './connection-errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['admin_shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a broken connection', new Error('Connection terminated unexpectedly')],
    ['a pool that gave no connection in time', new Error('timeout exceeded when trying to connect')],
    ['an ORM error wrapping the driver error', Object.assign(new Error('query failed'), { driverError: withCode('ECONNREFUSED') })],
    ['an error caused by one', new Error('could not save', { cause: new Error('Connection terminated due to connection timeout') })],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
  ])('recognises %s', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('something else')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('does not take %s for one', (_, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});
