// Drift between hypervisor hosts and the rows (D26), as the operator reads
// it: a host's report (GET /admin/v1/hosts/{id}/drift), a check asked for
// now, and the number of differences per host and kind for Prometheus.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { HostService } from '../hosts/index.ts';
import { reportedDrift } from './drift-comparison.ts';
import type { DriftChecks } from './host-drift.jobs.ts';
import * as repo from './host-drift.repo.ts';
import { DRIFT_KINDS, type DriftKind, type HostDriftReport } from './host-drift.schemas.ts';

export interface HostDriftServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  hosts: HostService;
  checks: DriftChecks;
  /** Nudges the local worker after a check was asked for. */
  wakeWorker: () => void;
}

/** How many differences a host has of one kind, reported now. */
export interface DriftCount {
  host: string;
  kind: DriftKind;
  items: number;
}

export class HostDriftService {
  constructor(private readonly deps: HostDriftServiceDependencies) {}

  /** The host's differences reported now, as its last check saw them; 404 for a host there is not. */
  async report(hostId: number): Promise<HostDriftReport> {
    if (!(await this.deps.hosts.findIdentity(hostId))) throw notFound('host');
    const row = await repo.findDrift(this.deps.db, hostId);
    return {
      host_id: hostId,
      checked_at: row?.checkedAt ?? null,
      error: row?.checkError ?? null,
      items: reportedDrift(row?.observations ?? [], this.deps.clock.now()),
    };
  }

  /**
   * Asks for a check of the host now, by its job (the check reads the host,
   * which never happens in a request); the report as it stands. The check
   * is done when `checked_at` (or `error`) moves.
   */
  async requestCheck(hostId: number): Promise<HostDriftReport> {
    if (!(await this.deps.hosts.findIdentity(hostId))) throw notFound('host');
    await this.deps.checks.hurry(hostId);
    this.deps.wakeWorker();
    return this.report(hostId);
  }

  /** Every host's reported differences by kind, zeros included, so an alert sees a host whose drift went. */
  async counts(): Promise<DriftCount[]> {
    const [hosts, rows] = await Promise.all([this.deps.hosts.identities(), repo.listDrift(this.deps.db)]);
    const now = this.deps.clock.now();
    const byHost = new Map(rows.map((row) => [row.hostId, reportedDrift(row.observations, now)]));
    return hosts.flatMap((host) => {
      const items = byHost.get(host.id) ?? [];
      return DRIFT_KINDS.map((kind) => ({ host: host.name, kind, items: items.filter((item) => item.kind === kind).length }));
    });
  }
}
