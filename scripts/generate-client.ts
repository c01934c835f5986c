// Regenerates the typed client's types (src/client/generated/project-api.ts)
// from the OpenAPI document the project API serves:
//
//   npx tsx scripts/generate-client.ts   (npm run generate:client)
//
// The document is made from the route schemas at start, so the script builds
// the application in-process on a throwaway embedded database (no listener,
// no worker), asks it for /api/v1/openapi.json and hands that to
// openapi-typescript. test/client/generated-types.test.ts runs the same
// generation in memory and fails when the checked-in file differs, so a route
// change cannot leave the client's types behind.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import pino from 'pino';
import { createApplication } from '../src/app.ts';

export const GENERATE_COMMAND = 'npx tsx scripts/generate-client.ts';
export const GENERATED_TYPES_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'client', 'generated', 'project-api.ts');

const HEADER = `// Generated from the project API's OpenAPI document (/api/v1/openapi.json) by
// openapi-typescript. Do not edit: run \`${GENERATE_COMMAND}\` after changing a
// route schema (test/client/generated-types.test.ts fails until you do).
`;

/** The document as GET /api/v1/openapi.json serves it, from an application on a throwaway database. */
export async function servedProjectApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cloudplane-client-types-'));
  const application = await createApplication({
    config: {
      port: 0,
      legacyPort: 0,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir,
      adminToken: 'generate-client-operator-token',
      publicUrl: undefined,
      simScale: 1,
      workerConcurrency: 1,
      testClock: false,
      logLevel: 'silent',
      sessionIdleMs: 60_000,
      serverConsoleIdleMs: 60_000,
      rdns: { backend: 'builtin' },
      crashAt: null,
      provisioning: { backend: 'builtin' },
    },
    logger: pino({ level: 'silent' }),
    http: true,
    worker: false,
    demo: false,
  });
  try {
    const response = await application.main!.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.statusCode}: ${response.body}`);
    const document = response.json<Record<string, unknown>>();
    // `servers` names the listener the request reached; it is not part of the types, and must not make them differ between runs.
    return { ...document, servers: [{ url: '/api/v1' }] };
  } finally {
    await application.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The text of src/client/generated/project-api.ts as it should be now. */
export async function generateClientTypes(): Promise<string> {
  const document = await servedProjectApiDocument();
  const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
  return HEADER + types;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await generateClientTypes();
  await writeFile(GENERATED_TYPES_PATH, text);
  process.stdout.write(`wrote ${GENERATED_TYPES_PATH}\n`);
}
