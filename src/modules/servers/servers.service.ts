// The server resource: list, read, rename, and the operator's suspend,
// unsuspend and bandwidth usage.
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { billingAccountRequired, notFound } from '../../errors.ts';
import { BILLING_ANSWER_BOUND_MS, type BillingBackOffice } from '../../upstreams/billing/port.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { checkPlacement, inPlacementTransaction, newServerId, placeServer, serviceFor, type PlacementRequest } from './server-placement.ts';
import type { HostService } from '../hosts/index.ts';
import type { Actor } from '../api-keys/index.ts';
import type { AccessNeeds, MemberProjectRow, ProjectAccess } from '../projects/index.ts';
import type { SshKeyService } from '../ssh-keys/index.ts';
import * as repo from './servers.repo.ts';
import { recordServerEvent, recordServerStatusChange } from './server-events.ts';
import { crashPoint } from '../../crash-points.ts';
import { enqueueJob, withdrawQueuedJob } from '../../jobs/queue.ts';
import { enqueuePowerSync, SERVER_IMPORT_SETTLE_JOB, syncPowerNow } from './servers.jobs.ts';
import type { Server, ServerSummary } from './servers.schemas.ts';
import { toSummary, type ServerView } from './server-view.ts';

export interface ServerServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  access: ProjectAccess;
  view: ServerView;
  operatorView: ServerView;
  /** Billing as the back office sees it: the operator's import opens services in it, suspend/unsuspend report to it. */
  backOffice: BillingBackOffice;
  /** Asked for a server's power state, where it keeps one. */
  provisioning: ProvisioningPort;
  /** The operator's import checks the keys it names are the project's, in the placement's transaction. */
  sshKeys: SshKeyService;
  /** The operator's import asks for a hypervisor host with room, and places the server on one. */
  hosts: HostService;
}

export class ServerService {
  constructor(private readonly deps: ServerServiceDependencies) {}

  /** The project (with the actor's role) and one of its servers, or 404. Servers need a ready project. */
  async requireServer(actor: Actor, slug: string, serverId: string, needs: AccessNeeds = {}): Promise<{ project: MemberProjectRow; server: repo.ServerRecord }> {
    const { project, found } = await this.requireServerWith(actor, slug, needs, async (projectId) => {
      const server = await repo.findProjectServer(this.deps.db, projectId, serverId);
      return server && { server };
    });
    return { project, server: found.server };
  }

  /**
   * requireServer's checks, with the server read by `read` in the project the
   * actor may use: a caller that reads columns of its own with the server
   * (selectProjectServerRecord) keeps to one statement. `read` answers
   * undefined when the project has no such server: 404.
   */
  async requireServerWith<Found extends { server: repo.ServerRecord }>(
    actor: Actor,
    slug: string,
    needs: AccessNeeds,
    read: (projectId: number) => Promise<Found | undefined>,
  ): Promise<{ project: MemberProjectRow; found: Found }> {
    const project = await this.deps.access.require(actor, slug, { ready: true, ...needs });
    const found = await read(project.id);
    if (!found) throw notFound('server');
    return { project, found };
  }

  async list(actor: Actor, slug: string, page: { limit: number; offset: number }): Promise<{ count: number; servers: ServerSummary[] }> {
    const project = await this.deps.access.require(actor, slug, { ready: true });
    const { count, servers } = await repo.listProjectServers(this.deps.db, project.id, page);
    return { count, servers: servers.map(toSummary) };
  }

  async get(actor: Actor, slug: string, serverId: string): Promise<Server> {
    // The server read together with what the view adds to it.
    const { found } = await this.requireServerWith(actor, slug, {}, (projectId) => repo.findProjectServerWithDetails(this.deps.db, projectId, serverId));
    return this.deps.view.full(await this.withPowerState(found.server), found.details);
  }

  /**
   * The server with the power state its machine really has, when the
   * provisioning system keeps one (libvirt does; the simulator does not): a
   * server powered off or on outside cloudplane is recorded so. A suspended
   * server keeps its status. An action under way moves the machine and then
   * the record the same way, so reading between the two changes nothing for good.
   */
  private async withPowerState(server: repo.ServerRecord): Promise<repo.ServerRecord> {
    if (server.status === 'suspended') return server;
    const powered = await this.deps.provisioning.powerState(server.id).catch(() => null);
    // A machine gone from its host (D26) runs nothing: the server is stopped, the one status of the spec's that says so.
    const observed = powered === 'missing' ? 'stopped' : powered;
    if (observed === null || observed === server.status) return server;
    await this.recordObservedPower(server.id, server.status, observed);
    return { ...server, status: observed };
  }

  /**
   * Records the power state the server's machine was seen in (powered off or
   * on outside cloudplane, or gone from its host), with its status event,
   * when the row still says `from`; false when it had moved on meanwhile.
   */
  async recordObservedPower(serverId: string, from: repo.ServerRecord['status'], to: 'running' | 'stopped'): Promise<boolean> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.recordPowerState(trx, serverId, from, to))) return false;
      await recordServerStatusChange(trx, serverId, from, this.deps.clock.now().toISOString());
      return true;
    });
  }

  /** Only the hostname changes; a body without one changes nothing. */
  async rename(actor: Actor, slug: string, serverId: string, hostname: string | undefined): Promise<Server> {
    const { server } = await this.requireServer(actor, slug, serverId, { write: true });
    if (hostname === undefined) return this.deps.view.full(server);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('servers').set({ hostname }).where('id', '=', server.id).execute();
      if (server.hostname !== hostname) await recordServerEvent(trx, 'server.renamed', server.id, this.deps.clock.now().toISOString());
    });
    return this.deps.view.full({ ...server, hostname });
  }

  /** The operator's import: a server in place at once, with its billing service and no order. */
  async placeForOperator(slug: string, request: PlacementRequest): Promise<Server> {
    const { db, clock, access, backOffice, sshKeys, hosts } = this.deps;
    const project = await access.requireForOperator(slug);
    const ownerId = await access.ownerId(project.id);
    if (ownerId === undefined || !(await backOffice.getAccount(ownerId))) throw billingAccountRequired();
    const catalogue = await backOffice.getCatalogue();
    const placement = checkPlacement(catalogue, request, { requireStock: false });
    // Stock is not asked of an import, but a hypervisor host with room is (placement asks again under the host's lock).
    await hosts.requireRoom(db, placement.location.code, placement.product.plan);
    // Billing is called before the transaction, never inside it; a server that then cannot be placed ends its service.
    const serverId = newServerId();
    const settleJobId = await enqueueJob(db, clock, SERVER_IMPORT_SETTLE_JOB, { serverId, userId: ownerId }, { delayMs: BILLING_ANSWER_BOUND_MS, maxAttempts: 1000 });
    const service = await backOffice.openService(serviceFor(catalogue, placement, { serverId, userId: ownerId }, clock.now()));
    crashPoint('server-import.after-billing');
    try {
      // The settle job goes with the placement, in its last statement.
      await inPlacementTransaction(db, (trx, options) => placeServer(trx, { clock, sshKeys, hosts }, project, placement, { serverId, serviceId: service.serviceId, settleJobId }, options));
    } catch (error) {
      await backOffice.setServiceStatus(service.serviceId, 'Cancelled');
      // Undone here; had the cancellation failed, the job would still be there to do it.
      await withdrawQueuedJob(db, settleJobId);
      throw error;
    }
    return this.operatorView(serverId);
  }

  async operatorView(serverId: string): Promise<Server> {
    const found = await repo.findServerWithDetails(this.deps.db, serverId);
    if (!found) throw notFound('server');
    return this.deps.operatorView.full(found.server, found.details);
  }

  /**
   * Suspending remembers the power state, so unsuspending returns to it.
   * Each is one conditional statement, so a power action finishing at the
   * same moment cannot lose the suspension or the state to return to. The
   * machine follows (a suspended server's is powered off; an unsuspended
   * running one's powered on) through a job committed with the change.
   */
  async suspend(serverId: string): Promise<Server> {
    const server = await repo.findServer(this.deps.db, serverId);
    if (!server) throw notFound('server');
    const { suspended, powerJobId } = await this.deps.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('servers')
        .set((eb) => ({ status: 'suspended', suspended_from: eb.ref('status') as never }))
        .where('id', '=', serverId)
        .where('status', '<>', 'suspended')
        .executeTakeFirst();
      const moved = Number(result.numUpdatedRows) > 0;
      if (moved) await recordServerStatusChange(trx, serverId, server.status, this.deps.clock.now().toISOString());
      return { suspended: moved, powerJobId: moved ? await enqueuePowerSync(trx, this.deps.clock, serverId) : null };
    });
    if (suspended && server.billingServiceId !== null) {
      await this.deps.backOffice.setServiceStatus(server.billingServiceId, 'Suspended');
    }
    if (powerJobId !== null) await syncPowerNow(this.deps.db, this.deps.provisioning, serverId, powerJobId);
    return this.operatorView(serverId);
  }

  async unsuspend(serverId: string): Promise<Server> {
    const server = await repo.findServer(this.deps.db, serverId);
    if (!server) throw notFound('server');
    const { unsuspended, powerJobId } = await this.deps.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('servers')
        .set({ status: sql`coalesce(suspended_from, 'running')` as never, suspended_from: null })
        .where('id', '=', serverId)
        .where('status', '=', 'suspended')
        .executeTakeFirst();
      const moved = Number(result.numUpdatedRows) > 0;
      if (moved) await recordServerStatusChange(trx, serverId, 'suspended', this.deps.clock.now().toISOString());
      return { unsuspended: moved, powerJobId: moved ? await enqueuePowerSync(trx, this.deps.clock, serverId) : null };
    });
    if (unsuspended && server.billingServiceId !== null) {
      await this.deps.backOffice.setServiceStatus(server.billingServiceId, 'Active');
    }
    if (powerJobId !== null) await syncPowerNow(this.deps.db, this.deps.provisioning, serverId, powerJobId);
    return this.operatorView(serverId);
  }

  async setBandwidthUsage(serverId: string, usedGb: number): Promise<Server> {
    await this.deps.db.transaction().execute(async (trx) => {
      const server = await repo.findServer(trx, serverId);
      if (!server) throw notFound('server');
      await trx.updateTable('servers').set({ bandwidth_used_gb: usedGb }).where('id', '=', serverId).execute();
      if (server.bandwidth.pooled) {
        await repo.adjustBandwidthPool(trx, server.projectId, server.location.code, { used_gb: usedGb - (server.bandwidth.usedGb ?? 0) });
      }
    });
    return this.operatorView(serverId);
  }
}
