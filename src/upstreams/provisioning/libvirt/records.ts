// What the libvirt backend keeps, in cloudplane's database (as the built-in
// billing keeps its books there): each server's creation and its record (the
// definition as changed since: what its machine must be), and each operation
// with its inputs, what it produced and how far it got. The port reads and
// writes them only through here; libvirt itself is asked where a machine is.
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import { readJson, writeJson } from '../../../db/columns.ts';
import type { Database } from '../../../db/schema.ts';
import { recordOperation } from '../builtin.ts';
import type { OperationParameters, OperationRequest, ServerDefinition } from '../port.ts';

/** A server as this backend keeps it: its definition as changed since, and what the backend chose for it. */
export interface LibvirtServer extends ServerDefinition {
  /** Its address on the project's private network, with the prefix (`10.0.0.2/16`). */
  privateAddress?: string | null;
  /** The ISO file in its CD-ROM drive. */
  iso?: string | null;
}

/** Where a creation is, as recorded: `creating` until libvirt says the domain runs. */
export type CreationStatus = Database['provisioning_servers']['status'];

/** What an operation that waits on the guest noted before each step. */
export interface Progress {
  /** The domain's id when the guest was asked to stop softly: a running domain with another id went down and came back. */
  stoppingId?: string | null;
  /** When the guest was first asked to stop (its time runs from here), and last asked. */
  stopAskedAt?: string;
  lastAskedAt?: string;
  /** The machine was stopped: it is being made to match and (for a reboot) started, with no stop of its own. */
  startingStopped?: boolean;
  /** The guest did not stop within LIBVIRT_SHUTDOWN_TIMEOUT: it was powered off (said in the action's result). */
  forced?: boolean;
  /** A backup job of the running machine makes the snapshot's file. */
  copying?: boolean;
  /** Nothing left to do. */
  done?: boolean;
}

/** An operation as recorded. */
export interface OperationRecord {
  actionId: number;
  serverId: string;
  type: string;
  /** When it was recorded (nothing is due at a set time): a soft stop noted before its first ask was kept counts from here. */
  completesAt: string;
  parameters: OperationParameters;
  result: Record<string, unknown>;
  carriedOut: boolean;
  /** Null for an operation that waits on nothing. */
  progress: Progress | null;
}

export class LibvirtRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async creation(serverId: string): Promise<{ status: CreationStatus; error: string | null; server: LibvirtServer } | null> {
    const row = await this.db.selectFrom('provisioning_servers').select(['status', 'error', 'definition']).where('server_id', '=', serverId).executeTakeFirst();
    return row ? { status: row.status, error: row.error, server: readJson<LibvirtServer>(row.definition) } : null;
  }

  /** A creation recorded with the server's definition before libvirt is asked; a second record changes nothing. */
  async recordCreation(server: ServerDefinition): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('provisioning_servers')
      .values({ server_id: server.id, status: 'creating', definition: writeJson(server), completes_at: now, error: null, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('server_id').doNothing())
      .execute();
  }

  async markCreation(serverId: string, status: Exclude<CreationStatus, 'creating'>, error: string | null = null): Promise<void> {
    await this.db
      .updateTable('provisioning_servers')
      .set({ status, ...(error === null ? {} : { error }), updated_at: this.clock.now().toISOString() })
      .where('server_id', '=', serverId)
      .execute();
  }

  /** The server's record (also of a deleted server: its snapshots may still be on its host). */
  async server(serverId: string): Promise<LibvirtServer | null> {
    return (await this.creation(serverId))?.server ?? null;
  }

  /**
   * Of these servers, the ones whose domain should be on their host now:
   * created, not deleted, and with no operation under way (a reinstall
   * removes the domain before it defines it again).
   */
  async kept(serverIds: readonly string[]): Promise<string[]> {
    if (serverIds.length === 0) return [];
    const active = await this.db.selectFrom('provisioning_servers').select('server_id').where('server_id', 'in', serverIds).where('status', '=', 'active').execute();
    const changing = await this.underWay(active.map((row) => row.server_id));
    return active.map((row) => row.server_id).filter((serverId) => !changing.has(serverId));
  }

  /** Of these servers, the ones with an operation recorded and not yet carried out. */
  async underWay(serverIds: readonly string[]): Promise<Set<string>> {
    if (serverIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('provisioning_operations').select('server_id').where('server_id', 'in', serverIds).where('carried_out_at', 'is', null).execute();
    return new Set(rows.map((row) => row.server_id));
  }

  async saveServer(server: LibvirtServer): Promise<void> {
    await this.db
      .updateTable('provisioning_servers')
      .set({ definition: writeJson(server), updated_at: this.clock.now().toISOString() })
      .where('server_id', '=', server.id)
      .execute();
  }

  /**
   * An operation recorded, with its inputs and what it will report, before the machine is touched; a second record
   * changes nothing. Nothing is due at a set time (a soft stop's time runs from its first ask, in its progress).
   */
  async recordOperation(request: OperationRequest): Promise<OperationRecord> {
    if (!(await this.operation(request.actionId))) await recordOperation(this.db, this.clock, request, 0, { carriedOut: false });
    return (await this.operation(request.actionId))!;
  }

  async operation(actionId: number): Promise<OperationRecord | null> {
    const row = await this.db
      .selectFrom('provisioning_operations')
      .select(['action_id', 'server_id', 'type', 'completes_at', 'parameters', 'result', 'carried_out_at', 'progress'])
      .where('action_id', '=', actionId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      actionId: row.action_id,
      serverId: row.server_id,
      type: row.type,
      completesAt: row.completes_at,
      parameters: row.parameters === null ? {} : readJson<OperationParameters>(row.parameters),
      result: readJson<Record<string, unknown>>(row.result),
      carriedOut: row.carried_out_at !== null,
      progress: row.progress === null ? null : readJson<Progress>(row.progress),
    };
  }

  /** Notes how far an operation got (before the step it is about to take), what it produced, and that it was carried out. */
  async note(actionId: number, values: { progress?: Progress; produced?: Record<string, unknown>; carriedOut?: boolean }): Promise<void> {
    const operation = await this.operation(actionId);
    if (!operation) return;
    await this.db
      .updateTable('provisioning_operations')
      .set({
        ...(values.progress ? { progress: writeJson({ ...operation.progress, ...values.progress }) } : {}),
        ...(values.produced ? { result: writeJson({ ...operation.result, ...values.produced }) } : {}),
        ...(values.carriedOut ? { carried_out_at: this.clock.now().toISOString() } : {}),
      })
      .where('action_id', '=', actionId)
      .execute();
  }
}
