// Which database errors are an outage (answered 503 service_unavailable with
// Retry-After, src/db/unavailable.ts) and which stay what they are: each
// shape an outage takes on PostgreSQL and SQLite, wrapped as the driver and
// Node wrap them, next to errors that say the statement or the data is wrong.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';

const coded = (code: string, message = 'an error') => Object.assign(new Error(message), { code });

test('an outage of PostgreSQL in every shape it takes is the database being unavailable', () => {
  const outages: [string, unknown][] = [
    ['refused', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', coded('ECONNRESET', 'read ECONNRESET')],
    ['timed out', coded('ETIMEDOUT')],
    ['broken pipe', coded('EPIPE', 'write EPIPE')],
    ['ended by PostgreSQL', new Error('Connection terminated unexpectedly')],
    ['ended while it waited', new Error('Connection terminated')],
    ["the pool's connect limit", new Error('timeout exceeded when trying to connect')],
    ["a connection's connect limit", new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
    ["a statement's limit", new Error('Query read timeout')],
    ['a connection exception (class 08)', coded('08006', 'connection failure')],
    ['a protocol violation (class 08)', coded('08P01')],
    ['an administrator shutdown', coded('57P01', 'terminating connection due to administrator command')],
    ['a crash shutdown', coded('57P02')],
    ['starting up', coded('57P03', 'the database system is starting up')],
    ['a cancelled statement (statement_timeout)', coded('57014')],
    ['too many connections', coded('53300', 'sorry, too many clients already')],
    ["PostgreSQL's full disk", coded('53100', 'could not extend file')],
    ['every address refused (Node joins them)', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed')],
    ['wrapped as a cause', new Error('the group commit failed', { cause: coded('57P01') })],
  ];
  for (const [what, error] of outages) assert.equal(isDatabaseUnavailable(error), true, what);
});

test("SQLite's busy, full, failing, read-only and missing files are the database being unavailable", () => {
  for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_SHMSIZE', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_CANTOPEN', 'SQLITE_CANTOPEN_ISDIR']) {
    assert.equal(isDatabaseUnavailable(coded(code)), true, code);
  }
});

test('errors that say the statement or the data is wrong are not an outage: they stay a bug or a refusal', () => {
  const others: [string, unknown][] = [
    ['a unique violation', coded('23505')],
    ['a syntax error', coded('42601')],
    ['an undefined column', coded('42703')],
    ['a serialization failure', coded('40001')],
    ['a deadlock', coded('40P01')],
    ['a check violation', coded('23514')],
    ["SQLite's constraint", coded('SQLITE_CONSTRAINT_UNIQUE')],
    ["SQLite's plain error", coded('SQLITE_ERROR', 'no such table: nothing')],
    ["SQLite's BUSY as a word in another code", coded('SQLITE_BUSYNESS')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions a connection', new Error('Connection terminated by the user, and more')],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', null],
  ];
  for (const [what, error] of others) assert.equal(isDatabaseUnavailable(error), false, what);
});

test('a cause chain that loops is followed only so far', () => {
  const error = new Error('outer') as Error & { cause?: unknown };
  error.cause = error;
  assert.equal(isDatabaseUnavailable(error), false);
});
