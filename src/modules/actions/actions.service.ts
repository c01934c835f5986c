// Starting, listing and reading actions (D4, D5). A start asks the provisioning
// system whether it takes work (503 and nothing recorded when it does not),
// then records the action `running` and enqueues its job together, all or
// nothing (one statement on PostgreSQL: db/write-batch.ts); the job does the rest.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, notFound, validationError } from '../../errors.ts';
import { jobWrite } from '../../jobs/queue.ts';
import { insertWithWrites, isLostRace } from '../../db/write-batch.ts';
import { crashPoint } from '../../crash-points.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import type { Actor } from '../api-keys/index.ts';
import { listServerAddresses } from '../addresses/index.ts';
import { findReplay, keyRecord, liveSince, replayOf, type IdempotencyKey } from '../idempotency/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import type { ServerRecord, ServerService } from '../servers/index.ts';
import type { SnapshotService } from '../snapshots/index.ts';
import type { SshKeyService } from '../ssh-keys/index.ts';
import * as repo from './actions.repo.ts';
import type { Action, ActionFilters, ActionName } from './actions.schemas.ts';
import { ACTION_JOB } from './actions.jobs.ts';

export interface ActionServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  access: ProjectAccess;
  servers: ServerService;
  billing: BillingPort;
  provisioning: ProvisioningPort;
  /** A snapshot is recorded with the action that makes it; a restore must name a completed one of the project. */
  snapshots: SnapshotService;
  /** A reinstall's keys must be the project's. */
  sshKeys: SshKeyService;
  wakeWorker: () => void;
}

// An `unknown` action may still have been carried out, so it holds the server like a running one.
const busy = () => conflict('Another action is running on this server (or its outcome is being checked); wait for it to finish');
const suspended = () => conflict('The server is suspended; actions are refused until it is unsuspended');

export class ActionService {
  constructor(private readonly deps: ActionServiceDependencies) {}

  /**
   * Removes a deleted server's actions, in `db`, the transaction that
   * deletes the server (server-deletion.ts asks it): checks no access, as the
   * deletion's own caller did.
   */
  async removeActionsOfServer(db: Kysely<Database>, serverId: string): Promise<void> {
    await repo.deleteActionsOfServer(db, serverId);
  }

  async list(actor: Actor, slug: string, filters: ActionFilters, page: { limit: number; offset: number }): Promise<{ count: number; actions: Action[] }> {
    const project = await this.deps.access.require(actor, slug);
    const [count, rows] = await Promise.all([repo.countActions(this.deps.db, project.id, filters), repo.listActions(this.deps.db, project.id, filters, page)]);
    return { count, actions: rows.map(repo.toAction) };
  }

  async get(actor: Actor, slug: string, actionId: number): Promise<Action> {
    const project = await this.deps.access.require(actor, slug);
    const row = await repo.findProjectAction(this.deps.db, project.id, actionId);
    if (!row) throw notFound('action');
    return repo.toAction(row);
  }

  /**
   * Starts `server.<name>`. With an Idempotency-Key, a repeat of the same
   * request answers the first action (`replayed`), whatever state it is in now.
   */
  async start(
    actor: Actor,
    slug: string,
    serverId: string,
    name: ActionName,
    body: Record<string, unknown>,
    idempotency: IdempotencyKey | null,
  ): Promise<{ action: Action; replayed: boolean }> {
    const { db, clock } = this.deps;
    // The server read together with what the start decides on, in one statement.
    const { project, found: start } = await this.deps.servers.requireServerWith(actor, slug, { write: true }, (projectId) =>
      repo.readActionStart(db, projectId, serverId, idempotency, liveSince(clock)),
    );
    const { server } = start;
    if (idempotency) {
      const replay = await this.replay(replayOf(start.keyRecord, idempotency));
      if (replay) return replay;
    }
    if (server.status === 'suspended') throw suspended();
    const params = await this.checkedParams(project.id, server, name, body);

    try {
      // Checked before provisioning is asked, so a busy server answers 409 whether or not provisioning is up;
      // the writes are refused for a start that wins the race in between (actions_one_unfinished).
      if (start.busy) throw busy();
      await this.requireProvisioningAvailable(server.id);
      const action: repo.NewAction = { projectId: project.id, serverId: server.id, type: `server.${name}`, params, now: clock.now().toISOString() };
      // The action, the guard that the server may still start it, its key, its job and its event: one statement on PostgreSQL.
      const record = (trx: Kysely<Database>) =>
        insertWithWrites(
          trx,
          start.nextId,
          (id) => repo.actionInsert(trx, id, action),
          (id) => [
            repo.serverStillStartable(trx, server.id),
            ...(idempotency ? [keyRecord(trx, clock, idempotency, String(id))] : []),
            jobWrite(trx, clock, ACTION_JOB, { actionId: id }, { maxAttempts: 1000 }),
            repo.actionStartedWrite(repo.newActionRow(id, action)),
          ],
        );
      const actionId =
        name === 'create_snapshot'
          ? // The snapshot's row comes first: the action carries its id.
            await db.transaction().execute(async (trx) => {
              params.snapshot_id = await this.deps.snapshots.start(trx, { projectId: project.id, serverId: server.id, name: String(params.name), now: action.now });
              return record(trx);
            })
          : await record(db);
      crashPoint('action.after-record');
      this.deps.wakeWorker();
      return { action: repo.toAction(repo.newActionRow(actionId, action)), replayed: false };
    } catch (error) {
      if (!isLostRace(error) && !(error instanceof AppError && error.code === 'conflict')) throw error;
      // A request with the same key may have won: answer what it made.
      const replay = idempotency ? await this.replay(await findReplay(db, clock, idempotency)) : null;
      if (replay) return replay;
      if (!isLostRace(error)) throw error;
      // Another start won, or the server changed since it was read: answer what holds now.
      const current = await repo.readActionStart(db, project.id, server.id, null, liveSince(clock));
      if (!current) throw notFound('server');
      throw current.server.status === 'suspended' ? suspended() : busy();
    }
  }

  /**
   * Refuses the start, before anything is recorded, when the provisioning
   * system is not taking work: the client can send the same request again
   * (the unavailable error is the spec's 503 with Retry-After). Any other
   * trouble asking is left to the job, which meets it and records it on the action.
   * Asked of the hypervisor host that runs the server: a host that does not
   * answer refuses its own servers' actions, and the rest of its location works on.
   */
  private async requireProvisioningAvailable(serverId: string): Promise<void> {
    try {
      await this.deps.provisioning.checkAvailable(serverId);
    } catch (error) {
      if (!isUpstreamError(error) || error.kind === 'unavailable') throw error;
    }
  }

  /** The action a previous request with the same key made, answered again; null when there is none. */
  private async replay(actionId: string | null): Promise<{ action: Action; replayed: boolean } | null> {
    if (actionId === null) return null;
    const row = await repo.findAction(this.deps.db, Number(actionId));
    return row ? { action: repo.toAction(row), replayed: true } : null;
  }

  /** Checks the body against the server and the catalogue; returns what the job needs. */
  private async checkedParams(projectId: number, server: ServerRecord, name: ActionName, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { db } = this.deps;
    switch (name) {
      case 'reinstall': {
        const catalogue = await this.deps.billing.getCatalogue();
        const image = String(body.image);
        const product = catalogue.products.find((candidate) => candidate.id === server.productId);
        const offered = product ? product.images : catalogue.images.map((entry) => entry.name);
        if (!offered.includes(image)) throw validationError('image', "is not an image the server's product offers");
        const keyIds = await this.deps.sshKeys.requireOwned(db, projectId, (body.ssh_keys as number[] | undefined) ?? []);
        const entry = catalogue.images.find((candidate) => candidate.name === image);
        // Where the image's files are, read with the catalogue the choice was checked against (D19).
        return { image, image_display_name: entry?.display_name ?? image, image_files: entry?.files ?? {}, ssh_keys: body.ssh_keys === undefined ? null : keyIds };
      }
      case 'create_snapshot':
        return { name: body.name ?? `${server.hostname ?? server.id}-${this.deps.clock.now().toISOString().slice(0, 10)}` };
      case 'restore_snapshot': {
        const snapshot = await this.deps.snapshots.requireCompleted(db, projectId, Number(body.snapshot_id));
        return { snapshot_id: snapshot.id };
      }
      case 'mount_iso': {
        const catalogue = await this.deps.billing.getCatalogue();
        const iso = catalogue.isos.find((entry) => entry.id === body.iso_id);
        if (!iso) throw validationError('iso_id', 'is not an ISO of the catalogue');
        return { iso_id: iso.id, iso_name: iso.name, iso_file: iso.file ?? null };
      }
      case 'enable_ipv6': {
        if ((await listServerAddresses(db, server.id)).ipv6Subnets.length > 0) throw conflict('IPv6 is already enabled on this server');
        if (!server.location.ipv6_pool) throw conflict("The server's location has no IPv6 addresses");
        return {};
      }
      case 'enable_private_network':
        if (!server.privateNetwork.eligible) throw conflict('This server cannot join the private network');
        if (server.privateNetwork.enabled) throw conflict('The server has already joined the private network');
        return {};
      default:
        return {};
    }
  }
}
