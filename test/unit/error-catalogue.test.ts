// The error catalogue is mapped once to HTTP: every code has a status, and an
// error's hints become the same headers in problem details and in the legacy
// envelope.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { AppError, errorCodes, rateLimited, sshKeyInUse, validationError } from '../../src/errors.ts';
import { errorHeaders, statusByCode } from '../../src/schemas/error-statuses.ts';
import { toProblem } from '../../src/http/plugins/problem-details.ts';
import { toLegacyFailure } from '../../src/legacy/envelope.ts';

const request = { log: { error() {} } } as unknown as FastifyRequest;

test('every code of the catalogue has exactly one HTTP status, and no status is given to a code outside it', () => {
  assert.deepEqual(Object.keys(statusByCode).sort(), [...errorCodes].sort());
  for (const code of errorCodes) assert.ok(statusByCode[code] >= 400 && statusByCode[code] < 600, code);
});

test('a retry hint becomes Retry-After in both formats', () => {
  const error = new AppError('reverse_dns_unavailable', 'try later', {}, { retryAfterSeconds: 300 });
  const problem = toProblem(error, request);
  assert.equal(problem.body.status, 503);
  assert.equal(problem.body.code, 'reverse_dns_unavailable');
  assert.equal(problem.headers['retry-after'], '300');
  const legacy = toLegacyFailure(error, request);
  assert.equal(legacy.status, 503);
  assert.deepEqual(legacy.body, { result: 'error', message: 'try later' });
  assert.equal(legacy.headers['retry-after'], '300');
});

test('a refused order carries its rate limit as RateLimit-* and Retry-After', () => {
  const error = rateLimited({ allowed: false, limit: 10, remaining: 0, resetSeconds: 59, retryAfterSeconds: 12 });
  assert.deepEqual(errorHeaders(error), { 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': '59', 'retry-after': '12' });
  assert.equal(toProblem(error, request).body.status, 429);
});

test('401 always carries the Bearer challenge, whichever API answers', () => {
  const error = new AppError('unauthenticated', 'send a key');
  assert.equal(toProblem(error, request).headers['www-authenticate'], 'Bearer');
  assert.equal(toLegacyFailure(error, request).headers['www-authenticate'], 'Bearer');
});

test('validation errors keep their field list: problem details as errors[], the legacy envelope as 422 lines', () => {
  const error = validationError('ptr', 'is too long');
  assert.deepEqual(toProblem(error, request).body.errors, [{ field: 'ptr', message: 'is too long' }]);
  const legacy = toLegacyFailure(error, request);
  assert.equal(legacy.status, 422);
  assert.deepEqual(legacy.body.errors, ['ptr is too long']);
});

test('situations the spec leaves unnamed have their own code, with the members a client needs', () => {
  const error = sshKeyInUse([{ id: 'abc', hostname: 'web-1' }]);
  assert.equal(error.code, 'ssh_key_in_use');
  assert.equal(statusByCode[error.code], 409);
  assert.deepEqual(error.extra.servers, ['abc']);
  assert.match(error.message, /web-1 \(abc\)/);
});
