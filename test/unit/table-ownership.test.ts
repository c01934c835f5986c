// A table is written only by its own module (docs/architecture.md, rule 3):
// another module's step calls a function on the owner's surface. The import
// rules cannot see SQL, so this test reads every file under src/modules for
// the statements that write (Kysely's updateTable, insertInto, deleteFrom,
// and raw `insert into`, `update … set`, `delete from`) and checks each
// against the owner below. A table no module owns yet fails too: add it to
// its module here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const modulesDirectory = fileURLToPath(new URL('../../src/modules/', import.meta.url));

/** Each module's tables: the only ones its files may write, and no other module may. */
const OWNER_OF: Record<string, readonly string[]> = {
  actions: ['actions'],
  addresses: ['ip_allocations', 'ip_pool_cursors', 'ip_released_addresses'],
  'api-keys': ['api_keys'],
  audit: ['audit_log'],
  'console-sessions': ['console_sessions', 'sign_in_failures', 'recovery_codes'],
  events: ['events', 'project_event_sequences'],
  firewall: ['firewall_groups', 'firewall_rules', 'server_firewall_groups'],
  hosts: ['hosts'],
  'host-drift': ['host_drift'],
  idempotency: ['idempotency_keys'],
  orders: ['orders', 'rate_limit_hits'],
  payments: ['payments'],
  projects: ['projects', 'project_members', 'project_invitations'],
  servers: ['servers', 'bandwidth_pools', 'server_ssh_keys', 'server_metric_samples', 'server_metric_rollups_5m', 'server_metric_rollups_1h', 'server_metric_rollup_progress'],
  'server-consoles': ['server_console_sessions'],
  snapshots: ['snapshots'],
  'ssh-keys': ['ssh_keys'],
  users: ['users'],
  webhooks: ['webhooks', 'webhook_deliveries', 'webhook_attempts'],
};

const WRITES = [
  /\b(?:updateTable|insertInto|deleteFrom)\(\s*'([a-z_]+)'/g,
  /\binsert into\s+"?([a-z_]+)"?/gi,
  /\bdelete from\s+"?([a-z_]+)"?/gi,
  /\bupdate\s+"?([a-z_]+)"?\s+set\b/gi,
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every table a file's statements write, with the line each is written on. */
function writesIn(file: string): { table: string; line: number }[] {
  const text = readFileSync(file, 'utf8');
  return WRITES.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({ table: match[1]!.toLowerCase(), line: text.slice(0, match.index).split('\n').length })),
  );
}

test('no table has two owners', () => {
  const seen = new Map<string, string>();
  for (const [module, tables] of Object.entries(OWNER_OF)) {
    for (const table of tables) {
      assert.equal(seen.get(table), undefined, `${table} is listed under ${seen.get(table)} and ${module}`);
      seen.set(table, module);
    }
  }
});

test('every write under src/modules is to a table of the module it is in', () => {
  const owner = new Map(Object.entries(OWNER_OF).flatMap(([module, tables]) => tables.map((table) => [table, module] as const)));
  const strays: string[] = [];
  let writes = 0;
  for (const file of sourceFiles(modulesDirectory)) {
    const module = relative(modulesDirectory, file).split('/')[0]!;
    for (const { table, line } of writesIn(file)) {
      writes += 1;
      const tableOwner = owner.get(table);
      if (tableOwner !== module) strays.push(`src/modules/${relative(modulesDirectory, file)}:${line} writes ${table}, ${tableOwner ? `the ${tableOwner} module's table` : 'a table no module owns (add it above)'}`);
    }
  }
  // The patterns still find the statements: a rename of Kysely's methods must not leave nothing to check.
  assert.ok(writes > 50, `only ${writes} writes found under src/modules`);
  assert.deepEqual(strays, []);
});

test('the patterns see a write to another module’s table', () => {
  const text = "await trx.updateTable('servers').set({ a: 1 });\nawait db.deleteFrom('actions');\nsql`insert into events (id) values (1)`;\nsql`update orders set x = 1`";
  const found = WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
  assert.deepEqual(found.sort(), ['actions', 'events', 'orders', 'servers']);
});
