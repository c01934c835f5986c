// The legacy account seen through the project model (D13): a user's legacy
// servers are the servers of projects they own whose billing service is
// theirs and still running; a legacy server id is that service's id. Legacy
// deploys and keys go to the user's default project, made on first need.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { isUniqueViolation } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Actor } from '../modules/api-keys/api-keys.service.ts';
import { confirmProjectSetup, PROJECT_SETUP_JOB } from '../modules/projects/projects.jobs.ts';
import * as projects from '../modules/projects/projects.repo.ts';
import { slugFromName } from '../modules/projects/projects.service.ts';
import * as servers from '../modules/servers/servers.repo.ts';
import type { BillingPort, BillingService } from '../upstreams/billing/port.ts';
import type { ProvisioningPort } from '../upstreams/provisioning/port.ts';

/** Billing states of a server that still exists: the legacy list shows these, not Pending, Cancelled or Terminated ones. */
const LISTED_STATES = new Set(['Active', 'Suspended', 'Pending Cancellation']);

/** How many slugs to try (`anna`, `anna-2`, … `anna-20`) before giving up on the e-mail's local part. */
const SLUG_ATTEMPTS = 20;

export interface LegacyServer {
  slug: string;
  server: servers.ServerRecord;
  service: BillingService;
}

export interface LegacyAccountDependencies {
  db: Kysely<Database>;
  clock: Clock;
  billing: BillingPort;
  provisioning: ProvisioningPort;
  wakeWorker: () => void;
}

const unknownServer = () => new ApiError('not_found', 'Server not found');

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
   * `create`) a new project named after the e-mail's local part, which the
   * provisioning system is asked to confirm at once so a first deploy can go
   * ahead (its setup job stays as the safety net when provisioning fails).
   */
  async defaultProject(actor: Actor, options: { create: boolean }): Promise<string | null> {
    const { db } = this.deps;
    const user = await db.selectFrom('users').select(['email', 'default_project_id']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
    let project = user.default_project_id === null ? undefined : await db.selectFrom('projects').selectAll().where('id', '=', user.default_project_id).executeTakeFirst();
    if (!project) {
      if (!options.create) return null;
      project = await this.createDefaultProject(actor.userId, user.email);
    }
    if (project.status === 'setting_up') await confirmProjectSetup(this.deps, project.id, project.slug);
    return project.slug;
  }

  private async createDefaultProject(userId: number, email: string) {
    const { db, clock } = this.deps;
    const base = slugFromName(email.split('@')[0] ?? 'default');
    for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt += 1) {
      const slug = attempt === 1 ? base : `${base.slice(0, 45)}-${attempt}`;
      try {
        const created = await db.transaction().execute(async (trx) => {
          const now = clock.now().toISOString();
          const row = await projects.insertProject(trx, { slug, name: 'Default project', status: 'setting_up', ownerId: userId, now });
          await enqueueJob(trx, clock, PROJECT_SETUP_JOB, { projectId: row.id, slug }, { maxAttempts: 1000 });
          // Only a user without a default project takes this one: of two first deploys at once, one project is kept.
          const claimed = await trx
            .updateTable('users')
            .set({ default_project_id: row.id })
            .where('id', '=', userId)
            .where('default_project_id', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) throw new LostRace();
          return row;
        });
        this.deps.wakeWorker();
        return { ...created, updated_at: created.created_at };
      } catch (error) {
        if (error instanceof LostRace) {
          const user = await db.selectFrom('users').select('default_project_id').where('id', '=', userId).executeTakeFirstOrThrow();
          const winner = await db.selectFrom('projects').selectAll().where('id', '=', user.default_project_id!).executeTakeFirst();
          if (winner) return winner;
          continue;
        }
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new ApiError('conflict', 'No free project slug for the default project; create a project named after your e-mail in the console');
  }

  /** Servers in projects the user owns that have a billing service (optionally: that one service). */
  private async ownedServers(userId: number, serviceId?: number): Promise<Omit<LegacyServer, 'service'>[]> {
    let query = this.deps.db
      .selectFrom('servers')
      .innerJoin('project_members', (join) => join.onRef('project_members.project_id', '=', 'servers.project_id').on('project_members.user_id', '=', userId))
      .innerJoin('projects', 'projects.id', 'servers.project_id')
      .selectAll('servers')
      .select('projects.slug as project_slug')
      .where('project_members.role', '=', 'owner')
      .where('servers.billing_service_id', 'is not', null);
    if (serviceId !== undefined) query = query.where('servers.billing_service_id', '=', serviceId);
    const rows = await query.execute();
    return rows.map(({ project_slug, ...row }) => ({ slug: project_slug, server: servers.toServerRecord(row) }));
  }
}

class LostRace extends Error {}
