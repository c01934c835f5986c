// Assertions on the legacy API's failure envelope: {result: "error",
// message}, plus `errors` (strings) only on 422, always as JSON.
import assert from 'node:assert/strict';
import type { CallResult } from './build.ts';

export function assertFailure(response: CallResult, status: number, label = ''): void {
  const context = `${label ? `${label}: ` : ''}${response.status} ${JSON.stringify(response.body)}`;
  assert.equal(response.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, context);
  assert.equal(response.body?.result, 'error', context);
  assert.equal(typeof response.body.message, 'string', context);
  assert.deepEqual(Object.keys(response.body).sort(), status === 422 ? ['errors', 'message', 'result'] : ['message', 'result'], context);
}

/** A 422 whose `errors` (all strings) name `field`, or an item or member of it. */
export function assertFieldError(response: CallResult, field: string, label = ''): void {
  assertFailure(response, 422, label);
  const errors: string[] = response.body.errors;
  assert.ok(errors.length > 0 && errors.every((entry) => typeof entry === 'string'), label);
  assert.ok(
    errors.some((entry) => entry === field || entry.startsWith(`${field} `) || entry.startsWith(`${field}.`)),
    `${label}: expected an error naming ${field}, got ${JSON.stringify(errors)}`,
  );
}
