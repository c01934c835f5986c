// The client's types are generated from the document the service serves and
// checked in (src/client/generated/project-api.ts). A route schema changed
// without regenerating them would leave programs typed against an API that no
// longer exists, so this regenerates them in memory and compares.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { CloudplaneClient } from '../../src/client/index.ts';
import { GENERATE_COMMAND, GENERATED_TYPES_PATH, generateClientTypes } from '../../scripts/generate-client.ts';

test('the checked-in client types are what the served OpenAPI document generates now', { timeout: 60_000 }, async () => {
  const [checkedIn, fresh] = await Promise.all([readFile(GENERATED_TYPES_PATH, 'utf8'), generateClientTypes()]);
  const checkedInLines = checkedIn.split('\n');
  const firstDifference = fresh.split('\n').findIndex((line, index) => line !== checkedInLines[index]);
  assert.ok(
    checkedIn === fresh,
    `src/client/generated/project-api.ts is stale (first difference at line ${firstDifference + 1}); regenerate it with: ${GENERATE_COMMAND}`,
  );
});

// The types have teeth: a call the document does not describe is a type error,
// which `npm test`'s type check (tsc over test/) reports. Never run, only checked.
export function callsTheDocumentDoesNotDescribe(client: CloudplaneClient): void {
  // @ts-expect-error: no such action in the document
  void client.raw.POST('/projects/{project_slug}/servers/{server_id}/actions/explode/', { params: { path: { project_slug: 'p', server_id: 'abc' } } });
  void client.raw.POST('/projects/{project_slug}/servers/', {
    params: { path: { project_slug: 'p' } },
    // @ts-expect-error: product_id is an integer
    body: { hostname: 'x', product_id: '1', location: 'fsn1', image: 'debian-12' },
  });
}
