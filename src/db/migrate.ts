// Applies the committed migrations, in order, to either engine.
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './client.ts';
import { columnTypes } from './migrations/column-types.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as servers from './migrations/0002-servers.ts';
import * as orders from './migrations/0003-orders.ts';
import * as firewall from './migrations/0004-firewall.ts';
import * as reverseDns from './migrations/0005-reverse-dns.ts';
import * as legacy from './migrations/0006-legacy.ts';
import * as billingReservations from './migrations/0007-billing-reservations.ts';
import * as consoleTables from './migrations/0008-console.ts';
import * as addressAllocation from './migrations/0009-address-allocation.ts';
import * as projectServerCounts from './migrations/0010-project-server-counts.ts';
import * as changeVersions from './migrations/0011-change-versions.ts';
import * as hotPathIndexes from './migrations/0012-hot-path-indexes.ts';
import * as provisionedServers from './migrations/0013-provisioned-servers.ts';
import * as hypervisorHosts from './migrations/0014-hypervisor-hosts.ts';
import * as serverMetrics from './migrations/0015-server-metrics.ts';
import * as provisioningOperationsCarriedOut from './migrations/0016-provisioning-operations-carried-out.ts';
import * as twoFactorSignIn from './migrations/0017-two-factor-sign-in.ts';
import * as projectInvitations from './migrations/0018-project-invitations.ts';
import * as eventsWebhooksAudit from './migrations/0019-events-webhooks-audit.ts';
import * as libvirtSnapshotFiles from './migrations/0020-libvirt-snapshot-files.ts';
import * as serverConsoles from './migrations/0021-server-consoles.ts';
import * as auditEntriesWithTheirChange from './migrations/0022-audit-entries-with-their-change.ts';
import * as hostDrift from './migrations/0023-host-drift.ts';
import * as retentionIndexes from './migrations/0024-retention-indexes.ts';
import * as metricRollups from './migrations/0025-metric-rollups.ts';
import * as metricServerKeys from './migrations/0026-metric-server-keys.ts';

const migrations = {
  '0001-foundation': foundation,
  '0002-servers': servers,
  '0003-orders': orders,
  '0004-firewall': firewall,
  '0005-reverse-dns': reverseDns,
  '0006-legacy': legacy,
  '0007-billing-reservations': billingReservations,
  '0008-console': consoleTables,
  '0009-address-allocation': addressAllocation,
  '0010-project-server-counts': projectServerCounts,
  '0011-change-versions': changeVersions,
  '0012-hot-path-indexes': hotPathIndexes,
  '0013-provisioned-servers': provisionedServers,
  '0014-hypervisor-hosts': hypervisorHosts,
  '0015-server-metrics': serverMetrics,
  '0016-provisioning-operations-carried-out': provisioningOperationsCarriedOut,
  '0017-two-factor-sign-in': twoFactorSignIn,
  '0018-project-invitations': projectInvitations,
  '0019-events-webhooks-audit': eventsWebhooksAudit,
  '0020-libvirt-snapshot-files': libvirtSnapshotFiles,
  '0021-server-consoles': serverConsoles,
  '0022-audit-entries-with-their-change': auditEntriesWithTheirChange,
  '0023-host-drift': hostDrift,
  '0024-retention-indexes': retentionIndexes,
  '0025-metric-rollups': metricRollups,
  '0026-metric-server-keys': metricServerKeys,
};

class CommittedMigrations implements MigrationProvider {
  constructor(private readonly handle: DatabaseHandle) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const types = columnTypes(this.handle.engine);
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [name, { up: (db) => migration.up(db, types) }]),
    );
  }
}

export type MigrationName = keyof typeof migrations;

export function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateToLatest());
}

/** Applies the committed migrations up to and including `last`: how tests make a database as an older version left it. */
export function migrateTo(handle: DatabaseHandle, last: MigrationName): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateTo(last));
}

async function migrate(handle: DatabaseHandle, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  // Without the time limit of a request's statements: an index built on a large table may rightly take minutes.
  const { error, results } = await run(new Migrator({ db: handle.unhurried, provider: new CommittedMigrations(handle) }));
  // kysely hands back whatever a migration threw; anything that is not an Error is wrapped, kept as the cause.
  if (error) throw error instanceof Error ? error : new Error('a migration failed', { cause: error });
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
