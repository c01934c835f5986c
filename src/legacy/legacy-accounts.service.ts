// The legacy account seen through the project model (D13): a user's legacy
// servers are the servers of projects they own whose billing service is
// theirs and still running; a legacy server id is that service's id. Legacy
// deploys and keys go to the user's default project, made on first need.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../modules/api-keys/index.ts';
import type { ProjectService } from '../modules/projects/index.ts';
import type { CatalogueCache } from '../modules/catalogue/index.ts';
import { listBilledServers, listOwnedBilledServerSummaries, type BilledServerSummary, type ServerRecord } from '../modules/servers/index.ts';
import type { BillingPort, BillingService } from '../upstreams/billing/port.ts';
import { legacyCatalogueView, toLegacyServer, type LegacyServerView } from './servers.ts';

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
  /** Product names and upgrades for the views. */
  catalogue: CatalogueCache;
}

const unknownServer = () => new AppError('not_found', 'Server not found');

export class LegacyAccounts {
  constructor(private readonly deps: LegacyAccountDependencies) {}

  /**
   * The user's active servers as the legacy API shows them, oldest service
   * first. A fixed number of reads however many servers there are: the
   * servers with their addresses in one statement, their services in one
   * billing call.
   */
  async listServers(actor: Actor): Promise<LegacyServerView[]> {
    return this.views(actor, await this.ownedSummaries(actor.userId));
  }

  /** One active server of the user as the legacy API shows it; 404 otherwise. */
  async showServer(actor: Actor, legacyId: number): Promise<LegacyServerView> {
    const [view] = await this.views(actor, await this.ownedSummaries(actor.userId, legacyId));
    if (!view) throw unknownServer();
    return view;
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

  private async views(actor: Actor, servers: BilledServerSummary[]): Promise<LegacyServerView[]> {
    if (servers.length === 0) return [];
    const [services, catalogue] = await Promise.all([
      this.deps.billing.getServices(servers.map((server) => server.billingServiceId)),
      this.deps.catalogue.get(),
    ]);
    const byService = new Map(servers.map((server) => [server.billingServiceId, server]));
    const products = legacyCatalogueView(catalogue);
    return services
      .filter((service) => service.userId === actor.userId && LISTED_STATES.has(service.status) && byService.has(service.serviceId))
      .sort((a, b) => a.serviceId - b.serviceId)
      .map((service) => toLegacyServer(byService.get(service.serviceId)!, service, products));
  }

  private ownedSummaries(userId: number, serviceId?: number): Promise<BilledServerSummary[]> {
    return listOwnedBilledServerSummaries(this.deps.db, userId, serviceId);
  }

  /** Servers in projects the user owns that have a billing service (optionally: that one service). */
  private async ownedServers(userId: number, serviceId?: number): Promise<Omit<LegacyServer, 'service'>[]> {
    const owned = await this.deps.projects.ownedProjects(userId);
    const slugOf = new Map(owned.map((project) => [project.id, project.slug]));
    const servers = await listBilledServers(this.deps.db, [...slugOf.keys()], serviceId);
    return servers.map((server) => ({ slug: slugOf.get(server.projectId)!, server }));
  }
}
