// Both OpenAPI documents, as an install behind TLS serves them, linted with
// Spectral: its OpenAPI rules plus the OWASP API Security rules, under the
// committed ruleset (.spectral.yaml), which turns off only rules that do not
// fit this API, each with its reason. Any error fails the test.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { build } from '../helpers/build.ts';

const run = promisify(execFile);
const SPECTRAL = join(process.cwd(), 'node_modules', '.bin', 'spectral');
const RULESET = join(process.cwd(), '.spectral.yaml');
const ERROR = 0;

interface Finding {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

async function lint(document: unknown, name: string): Promise<Finding[]> {
  const directory = await mkdtemp(join(tmpdir(), 'cloudplane-spectral-'));
  try {
    const file = join(directory, `${name}.json`);
    await writeFile(file, JSON.stringify(document));
    // Spectral exits 1 when it finds errors; its findings are on stdout either way.
    const output = await run(SPECTRAL, ['lint', '--ruleset', RULESET, '--format', 'json', '--quiet', file], { maxBuffer: 64 * 1024 * 1024 }).catch(
      (failure: Error & { stdout?: string; stderr?: string; code?: number }) => {
        if (failure.code === 1 && failure.stdout) return { stdout: failure.stdout };
        throw new Error(`spectral did not run: ${failure.stderr || failure.message}`, { cause: failure });
      },
    );
    return JSON.parse(output.stdout) as Finding[];
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function describe(findings: Finding[]): string {
  return findings
    .slice(0, 40)
    .map((finding) => `${finding.code} at ${finding.path.join('.')}: ${finding.message}`)
    .join('\n');
}

test('Spectral (spectral:oas and the OWASP ruleset) finds no error in either document', { timeout: 120_000 }, async (t) => {
  const app = await build(t, { worker: false, config: { publicUrl: 'https://cloud.example.com' } });
  const documents = [
    ['project', await app.raw('/api/v1/openapi.json')],
    ['legacy', await app.legacy('/api/v1/openapi.json')],
  ] as const;
  // The documents are all the lint needs: the service is stopped before Spectral runs for seconds beside it.
  await app.app.close();
  for (const [name, response] of documents) {
    assert.equal(response.status, 200, name);
    const findings = await lint(response.body, name);
    const errors = findings.filter((finding) => finding.severity === ERROR);
    assert.equal(errors.length, 0, `${name} document: ${errors.length} errors\n${describe(errors)}`);
  }
});

test('the ruleset lints for real: a document with an unbounded string and no operationId is refused', { timeout: 60_000 }, async () => {
  const findings = await lint(
    {
      openapi: '3.1.0',
      info: { title: 't', version: '1.0.0', description: 'd', contact: { name: 'c' } },
      servers: [{ url: 'https://example.com', description: 'production', 'x-internal': false }],
      tags: [{ name: 'x', description: 'x' }],
      security: [{ key: [] }],
      components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
      paths: { '/things': { get: { tags: ['x'], description: 'd', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } } } } },
    },
    'broken',
  );
  const codes = new Set(findings.map((finding) => finding.code));
  assert.ok(codes.has('owasp:api4:2023-string-limit'), describe(findings));
  assert.ok(codes.has('operation-operationId'), describe(findings));
});
