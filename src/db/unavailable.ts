// Which database errors mean "the database cannot serve us right now" rather
// than "this statement is wrong": the one place that tells them apart, so
// every interface answers an outage the same way (503 service_unavailable
// with Retry-After, docs/failures.md) and a real bug stays a 500.
//
// An outage shows in many shapes, depending on where it caught the request:
// - PostgreSQL down or restarting: the socket refused or reset (ECONNREFUSED,
//   ECONNRESET, EPIPE, ETIMEDOUT), pg's own "Connection terminated
//   (unexpectedly)", or the server's refusals: SQLSTATE class 08 (connection
//   exception), 57P01/57P02/57P03 (an administrator's or a crash's shutdown,
//   "cannot connect now" while it starts), 53xxx (out of connections, memory
//   or disk: 53100 is PostgreSQL's full disk, as SQLITE_FULL is SQLite's);
// - PostgreSQL that does not answer at all: the pool's and the query's time
//   limits (client.ts) end the wait with "timeout exceeded when trying to
//   connect", "Connection terminated due to connection timeout" or "Query
//   read timeout"; a statement cancelled by statement_timeout is 57014;
// - SQLite: the write lock still held by another process when busy_timeout
//   ran out (SQLITE_BUSY), a full disk (SQLITE_FULL), the disk failing
//   (SQLITE_IOERR_*), the file read-only or gone (SQLITE_READONLY_*,
//   SQLITE_CANTOPEN_*).
//
// Constraint violations, syntax errors, serialization failures and the like
// are not here: they say something about the statement or the data, and stay
// whatever their handler makes of them.
import { databaseUnavailable } from '../errors.ts';

/** Socket errors of the connection to PostgreSQL (Node's `code`). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'EAI_AGAIN']);

/** SQLSTATEs of PostgreSQL outside class 08 that mean it cannot serve now. */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53000', '53100', '53200', '53300']);

/** Messages pg gives without a code: the connection ended, or one of its time limits ran out. */
const PG_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^timeout expired$/,
  /^Client has encountered a connection error and is not queryable$/,
];

/** SQLite's primary result codes (better-sqlite3's `code` is the extended one: SQLITE_IOERR_WRITE counts as SQLITE_IOERR). */
const SQLITE_CODES = ['SQLITE_BUSY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_CANTOPEN'];

/** How deep `cause` chains and AggregateErrors are followed: an error is seldom wrapped more than twice. */
const MAX_DEPTH = 4;

/** Whether `error` (or what it wraps) says the database cannot serve now, rather than that the statement is wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > MAX_DEPTH) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && codeSaysUnavailable(code)) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Node's connection attempts to several addresses fail as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

function codeSaysUnavailable(code: string): boolean {
  if (SOCKET_CODES.has(code) || POSTGRES_CODES.has(code)) return true;
  // SQLSTATE class 08: connection exception (08000, 08001, 08003, 08004, 08006, 08P01…).
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  return SQLITE_CODES.some((primary) => code === primary || code.startsWith(`${primary}_`));
}

/** `error` as the interfaces answer it: the database's unavailability becomes the catalogue's `databaseUnavailable()`, anything else is left as it is. */
export function asRefusal(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? databaseUnavailable() : error;
}
