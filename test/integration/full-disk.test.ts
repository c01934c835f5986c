// SQLite on a disk that fills up (issue 46, point 4): a real `serve` process
// with DATA_DIR on a small tmpfs of its own, filled with a file. Writes answer
// 503 `service_unavailable` with Retry-After (never a 500), reads go on, the
// file stays whole (`PRAGMA integrity_check`), no write answered as done is
// lost, and once the file is removed writes work again without a restart.
//
// It mounts the tmpfs itself (the tests run as root) and unmounts it when it
// ends. It runs on SQLite in both runs: the full disk is SQLite's (DATA_DIR);
// PostgreSQL's own disk is its operator's (SQLSTATE 53100 is classified with
// the rest, src/db/unavailable.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { eventually, type CallResult } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';
import { cloudplaneProcesses } from '../helpers/processes.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

/** Room for the database and its WAL as the test leaves them, and little else. */
const FILESYSTEM_SIZE = '24m';
/** How many writes may still find room in the WAL's pages after the disk is full, before one needs more. */
const MOST_WRITES_BEFORE_FULL = 2_000;

/** Fills the filesystem of `file` to the last byte: 1 MiB at a time, then 4 KiB, until the disk refuses. */
function fill(file: string): number {
  const descriptor = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          written += fs.writeSync(descriptor, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(descriptor);
  }
  return written;
}

function integrityOf(databaseFile: string): string {
  const database = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return (database.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
  } finally {
    database.close();
  }
}

function assertRefusedForNow(response: CallResult, what: string): void {
  assert.equal(response.status, 503, `${what}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.code, 'service_unavailable', `${what}: ${JSON.stringify(response.body)}`);
  assert.match(response.headers.get('retry-after') ?? '', /^\d+$/, `${what}: Retry-After`);
}

test('SQLite on a full disk: writes answer 503, reads go on, the file stays whole, and writes work again once there is room', async (t) => {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${FILESYSTEM_SIZE}`, 'tmpfs', mountPoint]);
  const dataDir = path.join(mountPoint, 'data');
  const processes = cloudplaneProcesses({ engine: 'sqlite', dataDir, databaseUrl: undefined, drop: async () => {} }, { DATABASE_URL: '' });
  t.after(async () => {
    await processes.stopAll();
    try {
      execFileSync('umount', [mountPoint]);
    } catch {
      // Something still holds a file there: detach it now, and the kernel lets it go once that is closed.
      execFileSync('umount', ['--lazy', mountPoint]);
    }
    fs.rmdirSync(mountPoint);
  });
  const serve = await processes.serve('on a small disk');

  const email = `full-${Date.now()}@example.com`;
  const user = await serve.admin('/users', {
    method: 'POST',
    body: { email, password: 'full-disk-password', first_name: 'Full', last_name: 'Disk', billing_account: { currency: 'EUR', credit_balance: '50.00' }, legacy_api_access: true },
  });
  assert.equal(user.status, 201, JSON.stringify(user.body));
  const created = await serve.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'full disk' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const key = created.body.token as string;
  const project = await serve.api('/projects/', { method: 'POST', key, body: { name: 'Full Disk' } });
  assert.equal(project.status, 201, JSON.stringify(project.body));
  const slug = project.body.slug as string;
  // Its firewall pages open once provisioning has set it up (before: 403 project_not_ready).
  await eventually(async () => (await serve.api(`/projects/${slug}/`, { key })).body.status === 'ready', 20_000);
  const rename = (name: string) => serve.api(`/projects/${slug}/`, { method: 'PATCH', key, body: { name } });
  assert.equal((await rename('Before The Disk Filled')).status, 200);
  const browser = consoleClient(serve);
  assert.equal((await browser.signIn(email, 'full-disk-password')).status, 303, 'signed in to the console');
  const firewalls = `/console/projects/${slug}/firewalls`;
  assert.equal((await browser.get(firewalls)).status, 200, 'the firewall page');

  const filler = path.join(mountPoint, 'filler');
  const filled = fill(filler);
  t.diagnostic(`filled the ${FILESYSTEM_SIZE} filesystem with ${(filled / 1024 / 1024).toFixed(1)} MiB; the database directory holds ${fs.readdirSync(dataDir).map((name) => `${name} ${(fs.statSync(path.join(dataDir, name)).size / 1024).toFixed(0)} KiB`).join(', ')}`);

  // Writes find room in pages SQLite already has for a while; the first that needs more is refused, as all after it.
  let lastNameWritten = 'Before The Disk Filled';
  let refused: CallResult | null = null;
  let writesBeforeFull = 0;
  for (; writesBeforeFull < MOST_WRITES_BEFORE_FULL && !refused; writesBeforeFull += 1) {
    const name = `While Full ${writesBeforeFull}`;
    const answer = await rename(name);
    if (answer.status === 200) lastNameWritten = name;
    else refused = answer;
  }
  assert.ok(refused, `a write was refused within ${MOST_WRITES_BEFORE_FULL} writes of the disk filling up`);
  t.diagnostic(`${writesBeforeFull - 1} renames still found room; then: ${refused.status} ${JSON.stringify(refused.body)}`);
  // The service's log is written a moment after the answer: it says what went wrong, if anything did.
  await new Promise((resolve) => setTimeout(resolve, 500));
  assertRefusedForNow(refused, `a rename on a full disk (the service's log: ${serve.output().slice(-3000)})`);
  assertRefusedForNow(await rename('Still Full'), 'a rename again');
  assertRefusedForNow(await serve.api('/projects/', { method: 'POST', key, body: { name: 'Another' } }), 'a new project');
  assertRefusedForNow(
    await serve.admin('/users', { method: 'POST', body: { email: `later-${Date.now()}@example.com`, first_name: 'Later', last_name: 'User' } }),
    'a new user through the operator API',
  );
  const legacyKey = await serve.legacy('/api/v1/keys', { method: 'POST', key, body: { type: 'sshkey', description: 'full', value: ed25519Key() } });
  assert.equal(legacyKey.status, 503, `a legacy write: ${JSON.stringify(legacyKey.body)}`);
  assert.equal(legacyKey.body.result, 'error', 'in the legacy envelope');
  assert.match(legacyKey.headers.get('retry-after') ?? '', /^\d+$/, 'with Retry-After');

  // Reads go on.
  const me = await serve.api('/me/', { key });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  const read = await serve.api(`/projects/${slug}/`, { key });
  assert.equal(read.status, 200, JSON.stringify(read.body));
  assert.equal(read.body.name, lastNameWritten, 'the last rename answered 200 is what is there');
  assert.equal((await serve.admin(`/users/${user.body.id}`)).status, 200, 'the operator API reads');
  assert.equal((await serve.legacy('/api/v1/servers', { key })).status, 200, 'the legacy API reads');
  const page = await browser.get(firewalls);
  assert.equal(page.status, 200, `a console page reads: ${visibleText(page.html).slice(0, 500)}`);
  const form = await browser.post(firewalls, { name: 'while-full', direction: 'ingress' });
  assert.equal(form.status, 503, `a console form that writes: ${visibleText(form.html).slice(0, 500)}`);
  assert.match(visibleText(form.html), /briefly unavailable\. Try again in a few seconds/, 'the page says so');
  assert.match(form.headers.get('retry-after') ?? '', /^\d+$/, 'with Retry-After');
  assert.equal(integrityOf(path.join(dataDir, 'cloudplane.db')), 'ok', 'the database is whole while the disk is full');

  fs.rmSync(filler);
  const again = await rename('After The Disk Was Freed');
  assert.equal(again.status, 200, `the first write once there is room: ${JSON.stringify(again.body)}`);
  const created2 = await serve.api('/projects/', { method: 'POST', key, body: { name: 'After' } });
  assert.equal(created2.status, 201, JSON.stringify(created2.body));
  assert.equal((await serve.api(`/projects/${slug}/`, { key })).body.name, 'After The Disk Was Freed');
  await browser.get(firewalls);
  assert.equal((await browser.post(firewalls, { name: 'after-full', direction: 'ingress' })).status, 303, 'the console writes again');
  assert.ok(serve.running(), 'the same process serves: no restart');
  assert.doesNotMatch(serve.output(), /unhandled error/, 'nothing was answered as an internal error');
  assert.equal(integrityOf(path.join(dataDir, 'cloudplane.db')), 'ok', 'the database is whole after');
  await serve.stop();
  assert.equal(integrityOf(path.join(dataDir, 'cloudplane.db')), 'ok', 'and once the process stopped');
});
