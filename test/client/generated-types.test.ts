// The client's types are generated from the document the service serves and
// checked in (src/client/generated/project-api.ts). A route schema changed
// without regenerating them would leave programs typed against an API that no
// longer exists, so this regenerates them in memory and compares.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
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
