// The published document is good enough to generate a client from: types
// made by openapi-typescript from the document the service serves, a small
// openapi-fetch client (test/typed-client/project-client.ts) type-checked
// against them by tsc, and then run against the service for real: order a
// server, poll the order, reboot the server, poll the action.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { build } from '../helpers/build.ts';

const run = promisify(execFile);

interface TypedClient {
  orderPollAndReboot: (
    options: { baseUrl: string; key: string; project: string; deadlineMs: number },
    hostname: string,
  ) => Promise<{ order: { status: string; server_id: string | null }; action: { type: string; status: string } }>;
}
/** Loaded by path: its types come from the generated file, which only the type-check workspace has, so the project's own tsc must not follow it. */
const loadTypedClient = (): Promise<TypedClient> => import(pathToFileURL(join(process.cwd(), 'test', 'typed-client', 'project-client.ts')).href);
const ROOT = process.cwd();
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const TSC_OPTIONS = ['--noEmit', '--strict', '--noUncheckedIndexedAccess', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--allowImportingTsExtensions', '--skipLibCheck', '--types', 'node'];

/** A directory holding the generated types and the client, where tsc resolves packages from the project. */
async function clientWorkspace(document: unknown): Promise<{ directory: string; typeCheck: (file: string) => Promise<{ ok: boolean; output: string }> }> {
  const directory = await mkdtemp(join(tmpdir(), 'cloudplane-typed-client-'));
  await symlink(join(ROOT, 'node_modules'), join(directory, 'node_modules'), 'dir');
  await writeFile(join(directory, 'package.json'), JSON.stringify({ type: 'module' }));
  await mkdir(join(directory, 'generated'));
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  await writeFile(join(directory, 'generated', 'project-api.ts'), types);
  await copyFile(join(ROOT, 'test', 'typed-client', 'project-client.ts'), join(directory, 'project-client.ts'));
  return {
    directory,
    typeCheck: async (file) => {
      try {
        const { stdout } = await run(process.execPath, [TSC, ...TSC_OPTIONS, join(directory, file)], { cwd: directory });
        return { ok: true, output: stdout };
      } catch (failure) {
        return { ok: false, output: String((failure as { stdout?: string }).stdout ?? failure) };
      }
    },
  };
}

test('types generated from the served document type-check an openapi-fetch client; a call the document lacks does not', { timeout: 120_000 }, async (t) => {
  const app = await build(t, { worker: false });
  const document = (await app.raw('/api/v1/openapi.json')).body;
  const workspace = await clientWorkspace(document);
  t.after(() => rm(workspace.directory, { recursive: true, force: true }));

  const checked = await workspace.typeCheck('project-client.ts');
  assert.ok(checked.ok, `the client type-checks against the generated types:\n${checked.output}`);

  // The check has teeth: a path the document does not have, or a body field it does not know, is a type error.
  await writeFile(
    join(workspace.directory, 'drifted.ts'),
    `import createClient from 'openapi-fetch';
import type { paths } from './generated/project-api.ts';
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1/api/v1' });
await client.POST('/projects/{project_slug}/servers/{server_id}/actions/explode/', { params: { path: { project_slug: 'p', server_id: 'abc' } } });
await client.POST('/projects/{project_slug}/servers/', { params: { path: { project_slug: 'p' } }, body: { hostname: 'x', product_id: '1', location: 'fsn1', image: 'debian-12' } });
`,
  );
  const drifted = await workspace.typeCheck('drifted.ts');
  assert.equal(drifted.ok, false, 'a call the document does not describe fails the type check');
  assert.match(drifted.output, /drifted\.ts\(4,\d+\): error TS\d+: .*actions\/explode/, 'the unknown path');
  assert.match(drifted.output, /drifted\.ts\(5,\d+\): error TS\d+: Type 'string' is not assignable to type 'number'/, 'product_id given as a string');
});

test('the typed client orders a server, polls its order to completed, reboots it and polls the action to success', { timeout: 60_000 }, async (t) => {
  const app = await build(t);
  const { key } = await app.createUser({ credit: '100.00' });
  const project = await app.createReadyProject(key, 'Typed');
  const { orderPollAndReboot } = await loadTypedClient();
  const { order, action } = await orderPollAndReboot({ baseUrl: `${app.baseUrl}/api/v1`, key, project, deadlineMs: 20_000 }, 'typed-1');
  assert.equal(order.status, 'completed');
  assert.match(order.server_id ?? '', /^[0-9a-f]{16}$/);
  assert.equal(action.type, 'server.reboot');
  assert.equal(action.status, 'success');
  const server = await app.api(`/projects/${project}/servers/${order.server_id}/`, { key });
  assert.equal(server.body.hostname, 'typed-1');
});
