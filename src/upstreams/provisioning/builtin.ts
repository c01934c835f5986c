// The built-in provisioning system: a registry that confirms new projects,
// and a simulator that carries out server operations, each taking a
// realistic time (scaled by CLOUDPLANE_SIM_SCALE).
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { MachineMissing, UpstreamError } from '../errors.ts';
import type { Clock } from '../../clock.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import type {
  CreationState,
  HostInventory,
  MachinePower,
  OperationRequest,
  OperationState,
  ProvisionedProjectStatus,
  ProvisioningDurations,
  ProvisioningPort,
  ProvisioningSimulator,
  ServerDefinition,
} from './port.ts';
import type { ServerCounters } from './port.ts';
import { SIMULATED_SINCE_MS, simulatedCounters } from './simulated-counters.ts';
import { SimulatedConsole } from './simulated-console.ts';
import type { ConsoleConnection } from './port.ts';

/** How long each operation takes before scaling, in milliseconds. */
export const OPERATION_DURATION_MS: Record<string, number> = {
  'server.power_on': 3000,
  'server.power_off': 2000,
  'server.shutdown': 5000,
  'server.reboot': 5000,
  'server.reinstall': 30000,
  'server.reset_password': 3000,
  'server.create_snapshot': 10000,
  'server.restore_snapshot': 20000,
  'server.mount_iso': 2000,
  'server.unmount_iso': 2000,
  'server.enable_ipv6': 3000,
  'server.enable_private_network': 5000,
};

/** How long the rest of the simulated work takes before scaling, in milliseconds. */
const WORK_DURATION_MS: ProvisioningDurations = { projectSetup: 1000, server: 10_000, upgrade: 5_000, bandwidth: 5_000 };

/** The operations after which a machine has booted again: its uptime counts from the last of them. */
const BOOTING_OPERATIONS = ['server.power_on', 'server.reboot', 'server.reinstall', 'server.restore_snapshot', 'server.enable_ipv6', 'server.enable_private_network'];
/** The operations that give the guest a new root password (their result's `root_password`). */
const PASSWORD_OPERATIONS = ['server.reinstall', 'server.reset_password'];

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

function rootPassword(): string {
  return Array.from(randomBytes(20), (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}

/** What an operation produces, decided when it starts so every later read agrees. */
function outcomeOf(type: string): Record<string, unknown> {
  if (type === 'server.reinstall' || type === 'server.reset_password') return { root_password: rootPassword() };
  if (type === 'server.create_snapshot') return { size_gb: randomInt(2, 40) };
  return {};
}

/**
 * Records an operation, done `durationMs` from now, with the outcome it
 * reports and its inputs; a second record for the same action changes
 * nothing. `carriedOut: false` records one whose work is still to be done
 * (the libvirt backend marks it once it has acted on the machine).
 */
export async function recordOperation(db: Kysely<Database>, clock: Clock, request: OperationRequest, durationMs: number, options: { carriedOut: boolean } = { carriedOut: true }): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('provisioning_operations')
    .values({
      action_id: request.actionId,
      server_id: request.serverId,
      type: request.type,
      completes_at: new Date(now.getTime() + durationMs).toISOString(),
      result: writeJson(outcomeOf(request.type)),
      parameters: writeJson(request.parameters),
      carried_out_at: options.carriedOut ? now.toISOString() : null,
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('action_id').doNothing())
    .execute();
}

export class BuiltinProvisioning implements ProvisioningPort, ProvisioningSimulator {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly simScale: number = 1,
  ) {
    this.durations = {
      projectSetup: WORK_DURATION_MS.projectSetup * simScale,
      server: WORK_DURATION_MS.server * simScale,
      upgrade: WORK_DURATION_MS.upgrade * simScale,
      bandwidth: WORK_DURATION_MS.bandwidth * simScale,
    };
  }

  readonly durations: ProvisioningDurations;

  /** The simulator runs inside cloudplane: when cloudplane answers, so does it. */
  async checkAvailable(): Promise<void> {}

  async createProject(slug: string): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('provisioning_projects')
      .values({ slug, status: 'active', created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ status: 'active', updated_at: now }))
      .execute();
  }

  async getProject(slug: string): Promise<{ status: ProvisionedProjectStatus } | null> {
    const row = await this.db.selectFrom('provisioning_projects').select('status').where('slug', '=', slug).executeTakeFirst();
    return row ? { status: row.status } : null;
  }

  async deleteProject(slug: string): Promise<void> {
    await this.db
      .updateTable('provisioning_projects')
      .set({ status: 'deleted', updated_at: this.clock.now().toISOString() })
      .where('slug', '=', slug)
      .execute();
  }

  /**
   * A creation completes at once: delivery first asks after `durations.server`,
   * the time the simulated work takes, so the wait has already been made.
   */
  async createServer(server: ServerDefinition): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .insertInto('provisioning_servers')
      .values({ server_id: server.id, status: 'active', definition: writeJson(server), completes_at: now, error: null, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.column('server_id').doNothing())
      .execute();
  }

  async getServerCreation(serverId: string): Promise<CreationState | null> {
    const row = await this.db.selectFrom('provisioning_servers').select(['status', 'completes_at', 'error']).where('server_id', '=', serverId).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'failed') return { state: 'failed', message: row.error ?? 'the server could not be created' };
    if (row.completes_at > this.clock.now().toISOString()) return { state: 'running', completesAt: row.completes_at };
    return { state: 'done' };
  }

  async deleteServer(serverId: string): Promise<void> {
    await this.db
      .updateTable('provisioning_servers')
      .set({ status: 'deleted', updated_at: this.clock.now().toISOString() })
      .where('server_id', '=', serverId)
      .execute();
  }

  /**
   * The simulator keeps no power state: cloudplane's own record is the truth.
   * A machine made to vanish is found by the host's drift check, which
   * records its server stopped; asking here would cost every server's GET a
   * statement of its own.
   */
  async powerState(): Promise<MachinePower> {
    return null;
  }

  /**
   * A simulated host has a machine for each server the simulator made there
   * (by the host in its definition), without a power state of its own, and
   * no volumes. A lost machine is kept (the simulator made it and was never
   * asked to delete it) but not on the host.
   */
  async hostInventory(host: string, serverIds: readonly string[]): Promise<HostInventory> {
    const now = this.clock.now().toISOString();
    const rows = await this.db
      .selectFrom('provisioning_servers')
      .select(['server_id', 'status', 'definition'])
      .where('status', 'in', ['active', 'lost'])
      .where('completes_at', '<=', now)
      .execute();
    const here = rows.filter((row) => readJson<ServerDefinition>(row.definition).host === host);
    const asked = new Set(serverIds);
    return {
      machines: here.filter((row) => row.status === 'active').map((row) => ({ name: row.server_id, serverId: row.server_id, power: null })),
      volumes: [],
      kept: here.filter((row) => asked.has(row.server_id)).map((row) => row.server_id),
    };
  }

  /** The operator's drift hook: the machine is gone from its simulated host, and stays gone until the server is deleted. */
  async loseMachine(serverId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('provisioning_servers')
      .set({ status: 'lost', updated_at: this.clock.now().toISOString() })
      .where('server_id', '=', serverId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The simulator needs no files, but an operator naming some means them to be there (on this host). */
  async missingFiles(paths: readonly string[]): Promise<string[]> {
    return paths.filter((path) => !existsSync(path));
  }

  /** The simulator's snapshots are only cloudplane's records: nothing to remove. */
  async deleteSnapshot(): Promise<void> {}

  /** The simulator keeps no power state: cloudplane's record is the truth. */
  async setPower(): Promise<void> {}

  async startOperation(request: OperationRequest): Promise<void> {
    const machine = await this.db.selectFrom('provisioning_servers').select('status').where('server_id', '=', request.serverId).executeTakeFirst();
    if (machine?.status === 'lost') throw new MachineMissing('its simulated host no longer has it');
    await recordOperation(this.db, this.clock, request, (OPERATION_DURATION_MS[request.type] ?? 5000) * this.simScale);
  }

  async getOperation(actionId: number): Promise<OperationState | null> {
    const row = await this.db
      .selectFrom('provisioning_operations')
      .select(['completes_at', 'result'])
      .where('action_id', '=', actionId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.completes_at > this.clock.now().toISOString()) return { state: 'running', completesAt: row.completes_at };
    return { state: 'done', result: readJson(row.result) };
  }

  /**
   * Counters made up from the server id and the clock (simulated-counters.ts),
   * growing from the server's creation. The simulator keeps no power state, so
   * it answers for any server it has not deleted (or refused); one it was never
   * asked to create (an operator's import) counts from SIMULATED_SINCE_MS with one vCPU.
   */
  async serverCounters(serverId: string): Promise<ServerCounters | null> {
    return (await this.serverCountersOf([serverId])).get(serverId) as ServerCounters | null;
  }

  /** One read of the simulator's rows for the whole batch. */
  async serverCountersOf(serverIds: readonly string[]): Promise<Map<string, ServerCounters | null>> {
    const now = this.clock.now();
    const rows = serverIds.length === 0 ? [] : await this.db
      .selectFrom('provisioning_servers')
      .select(['server_id', 'status', 'definition', 'completes_at', 'created_at'])
      .where('server_id', 'in', serverIds)
      .execute();
    const byId = new Map(rows.map((row) => [row.server_id, row]));
    const counters = new Map<string, ServerCounters | null>();
    for (const serverId of serverIds) {
      const row = byId.get(serverId);
      if (row && (row.status !== 'active' || row.completes_at > now.toISOString())) {
        counters.set(serverId, null);
        continue;
      }
      const machine = row
        ? { serverId, cpuCores: readJson<ServerDefinition>(row.definition).plan.cpuCores, startedAtMs: Date.parse(row.created_at) }
        : { serverId, cpuCores: 1, startedAtMs: SIMULATED_SINCE_MS };
      counters.set(serverId, { at: now.toISOString(), ...simulatedCounters(machine, now.getTime()) });
    }
    return counters;
  }

  /** Every server the simulator made has a console; an operator's import (never made here) has none. */
  async hasConsole(serverId: string): Promise<boolean> {
    return (await this.createdServer(serverId)) !== null;
  }

  /** The simulated login prompt (simulated-console.ts), with the server's hostname, boot time and root password. */
  async openConsole(serverId: string): Promise<ConsoleConnection> {
    const server = await this.createdServer(serverId);
    if (!server) throw new UpstreamError('provisioning', 'failed', 'the server has no machine with a console here');
    const now = this.clock.now().toISOString();
    const operations = await this.db
      .selectFrom('provisioning_operations')
      .select(['type', 'completes_at', 'result'])
      .where('server_id', '=', serverId)
      .where('type', 'in', [...BOOTING_OPERATIONS, ...PASSWORD_OPERATIONS])
      .where('completes_at', '<=', now)
      .orderBy('completes_at', 'desc')
      .execute();
    const lastBoot = operations.find((operation) => BOOTING_OPERATIONS.includes(operation.type));
    const lastPassword = operations.find((operation) => PASSWORD_OPERATIONS.includes(operation.type));
    const newPassword = lastPassword ? readJson<{ root_password?: string }>(lastPassword.result).root_password : undefined;
    return new SimulatedConsole(
      {
        hostname: server.definition.hostname,
        bootedAt: new Date(lastBoot?.completes_at ?? server.completesAt),
        rootPassword: newPassword ?? server.definition.rootPassword,
        cpuCores: server.definition.plan.cpuCores,
      },
      this.clock,
    );
  }

  /** A server the simulator made and has not deleted, once its creation is done. */
  private async createdServer(serverId: string): Promise<{ definition: ServerDefinition; completesAt: string } | null> {
    const row = await this.db.selectFrom('provisioning_servers').select(['status', 'definition', 'completes_at']).where('server_id', '=', serverId).executeTakeFirst();
    if (!row || row.status !== 'active' || row.completes_at > this.clock.now().toISOString()) return null;
    return { definition: readJson<ServerDefinition>(row.definition), completesAt: row.completes_at };
  }
}
