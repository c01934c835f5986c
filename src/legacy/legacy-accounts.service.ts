// The legacy account seen through the project model (D13): a user's legacy
// servers are the servers of projects they own whose billing service is
// theirs and still running; a legacy server id is that service's id. Legacy
// deploys and keys go to the user's default project, made on first need.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../modules/api-keys/api-keys.service.ts';
import type { ProjectService } from '../modules/projects/projects.service.ts';
import { listBilledServers, type ServerRecord } from '../modules/servers/server-records.ts';
import type { BillingPort, BillingService } from '../upstreams/billing/port.ts';

/** Billing states of a server that still exists: the legacy list shows these, not Pending, Cancelled or Terminated ones. */
const LISTED_STATES = new Set(['Active', 'Suspended', 'Pending Cancellation']);

export interface LegacyServer {
  slug: string;
  server: ServerRecord;
  service: BillingService;
}

export interface LegacyAccountDependencies {
  db: Kysely<Database>;
  billing: BillingPort;
  /** Makes the default project and says which projects the user owns. */
  projects: ProjectService;
}

const unknownServer = () => new AppError('not_found', 'Server not found');

export class LegacyAccounts {
  constructor(private readonly deps: LegacyAccountDependencies) {}

  /** The user's active servers, oldest service first. */
  async servers(actor: Actor): Promise<LegacyServer[]> {
    const owned = await this.ownedServers(actor.userId);
    if (owned.length === 0) return [];
    const services = await this.deps.billing.listServices(actor.userId);
    const byService = new Map(owned.map((entry) => [entry.server.billingServiceId, entry]));
    return services
      .filter((service) => LISTED_STATES.has(service.status) && byService.has(service.serviceId))
      .map((service) => ({ ...byService.get(service.serviceId)!, service }));
  }

  /** One active server of the user by its legacy id (the billing service id); 404 otherwise. */
  async server(actor: Actor, legacyId: number): Promise<LegacyServer> {
    const owned = (await this.ownedServers(actor.userId, legacyId))[0];
    if (!owned) throw unknownServer();
    const service = await this.deps.billing.getService(legacyId);
    if (!service || service.userId !== actor.userId || !LISTED_STATES.has(service.status)) throw unknownServer();
    return { ...owned, service };
  }

  /**
   * The slug of the user's default project. Without one: null, or (with
   * `create`) a new one, confirmed by the provisioning system at once so a
   * first deploy can go ahead (ProjectService.ensureDefaultProject).
   */
  defaultProject(actor: Actor, options: { create: boolean }): Promise<string | null> {
    return this.deps.projects.ensureDefaultProject(actor.userId, options);
  }

  /** Servers in projects the user owns that have a billing service (optionally: that one service). */
  private async ownedServers(userId: number, serviceId?: number): Promise<Omit<LegacyServer, 'service'>[]> {
    const owned = await this.deps.projects.ownedProjects(userId);
    const slugOf = new Map(owned.map((project) => [project.id, project.slug]));
    const servers = await listBilledServers(this.deps.db, [...slugOf.keys()], serviceId);
    return servers.map((server) => ({ slug: slugOf.get(server.projectId)!, server }));
  }
}
