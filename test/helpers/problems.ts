// Assertions on problem-details answers, shared by the integration tests.
import assert from 'node:assert/strict';
import type { CallResult } from './build.ts';

/** The answer is problem details with this status and code. */
export function assertProblem(response: CallResult, status: number, code: string, label = ''): void {
  const context = `${label ? `${label}: ` : ''}${JSON.stringify(response.body)}`;
  assert.equal(response.status, status, context);
  assert.equal(response.body?.code, code, context);
  assert.equal(response.body.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/, context);
}

/** A 400 `validation_error` whose `errors` name the field. */
export function assertFieldError(response: CallResult, field: string, label = ''): void {
  assertProblem(response, 400, 'validation_error', label);
  const fields = (response.body.errors ?? []).map((entry: { field: string }) => entry.field);
  assert.ok(fields.includes(field), `${label ? `${label}: ` : ''}expected an error on ${field}: ${JSON.stringify(response.body)}`);
}
