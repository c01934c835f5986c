// Firewall propagation (D12): every change bumps the affected servers'
// firewall generation and enqueues their propagation, in the transaction of
// the change. The job compiles each server's effective ruleset from the
// current state and hands it to the network controller, which keeps only the
// newest generation.
//
// One rule change can reach thousands of servers, so the work goes in
// batches: one job per batch of servers (not per server), one read of each
// kind per batch, each set of groups compiled once however many servers
// share it, and one call of the controller per batch.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { crashPoint } from '../../crash-points.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { FirewallPort, ServerRuleset } from '../../upstreams/firewall/port.ts';
import { compileGroups, type CompiledGroups } from '../../upstreams/firewall/nft-compiler.ts';
import { recordEvent } from '../events/index.ts';
import { announceFirewallGeneration, bumpFirewallGenerations } from '../servers/index.ts';
import type { EffectiveGroup, FirewallRule } from '../../upstreams/firewall/rules.ts';

/**
 * Servers per propagation job. Big enough that a rule change reaching 1,000
 * servers is a handful of jobs (the worker runs several at once, and several
 * workers share them), small enough that a retried batch stays cheap.
 */
export const SERVERS_PER_PROPAGATION = 250;

export interface PropagationDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** The network controller (with faults): a failed call fails the job, and the runner retries it. */
  firewall: FirewallPort;
}

/**
 * In the caller's transaction: the servers' generation goes up (one
 * statement) and their propagation is enqueued, a job per batch of servers.
 * Answers whether any server was bumped, so the caller wakes the worker once
 * the transaction has committed.
 */
export async function bumpServers(db: Kysely<Database>, clock: Clock, serverIds: string[]): Promise<boolean> {
  const unique = [...new Set(serverIds)].sort();
  if (unique.length === 0) return false;
  await bumpFirewallGenerations(db, unique);
  for (let start = 0; start < unique.length; start += SERVERS_PER_PROPAGATION) {
    await enqueueJob(db, clock, FIREWALL_PROPAGATE_SERVERS_JOB, { serverIds: unique.slice(start, start + SERVERS_PER_PROPAGATION) }, { maxAttempts: 100000 });
  }
  return true;
}

/** Servers a group is attached to. */
export async function serversOfGroup(db: Kysely<Database>, groupId: number): Promise<string[]> {
  const rows = await db.selectFrom('server_firewall_groups').select('server_id').where('group_id', '=', groupId).execute();
  return rows.map((row) => row.server_id);
}

/** Each server's firewall generation; a server that is gone is not in the map. */
async function firewallGenerations(db: Kysely<Database>, serverIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom('servers').select(['id', 'firewall_generation']).where('id', 'in', [...serverIds]).execute();
  return new Map(rows.map((row) => [row.id, row.firewall_generation]));
}

/**
 * The groups attached to each server (every server asked is in the map), in
 * id order, each with its rules lowest priority first (ties by id). Two
 * queries however many servers: a group is read (and its object shared) once.
 */
async function effectiveGroups(db: Kysely<Database>, serverIds: readonly string[]): Promise<Map<string, EffectiveGroup[]>> {
  const attachments = await db
    .selectFrom('server_firewall_groups')
    .innerJoin('firewall_groups', 'firewall_groups.id', 'server_firewall_groups.group_id')
    .select(['server_firewall_groups.server_id', 'firewall_groups.id', 'firewall_groups.direction'])
    .where('server_firewall_groups.server_id', 'in', [...serverIds])
    .orderBy('server_firewall_groups.server_id')
    .orderBy('firewall_groups.id')
    .execute();
  const groups = new Map<number, EffectiveGroup>();
  for (const { id, direction } of attachments) if (!groups.has(id)) groups.set(id, { id, direction, rules: [] });
  if (groups.size > 0) {
    const rules = await db
      .selectFrom('firewall_rules')
      .select(['id', 'group_id', 'protocol', 'port_min', 'port_max', 'source_cidr', 'destination_cidr', 'priority', 'comment'])
      .where('group_id', 'in', [...groups.keys()])
      .orderBy('priority')
      .orderBy('id')
      .execute();
    for (const { group_id: groupId, ...rule } of rules) groups.get(groupId)?.rules.push(rule satisfies FirewallRule);
  }
  const byServer = new Map<string, EffectiveGroup[]>(serverIds.map((id) => [id, []]));
  for (const attachment of attachments) byServer.get(attachment.server_id)?.push(groups.get(attachment.id)!);
  return byServer;
}

/**
 * Brings the servers' rulesets up to their generation. Safe to repeat and to
 * run out of order: each generation is read before the state it is compiled
 * from, so a ruleset is never older than its generation says, and the
 * controller ignores a generation older than the one it has.
 */
export async function propagate(deps: PropagationDependencies, serverIds: readonly string[]): Promise<void> {
  const generations = await firewallGenerations(deps.db, serverIds);
  if (generations.size === 0) return;
  const applied = await deps.firewall.appliedGenerations([...generations.keys()]);
  const behind = [...generations].filter(([serverId, generation]) => {
    const reached = applied.get(serverId);
    return reached === undefined || reached < generation;
  });
  if (behind.length === 0) return announceApplied(deps.db, deps.clock, applied);
  const groupsByServer = await effectiveGroups(deps.db, behind.map(([serverId]) => serverId));
  // Servers with the same groups get the same rules: compiled once per set of
  // groups, and one rules object for all of them (the controller may write it out once).
  const sets = new Map<string, { groups: EffectiveGroup[]; compiled: CompiledGroups }>();
  const rulesets: ServerRuleset[] = behind.map(([serverId, generation]) => {
    const groups = groupsByServer.get(serverId)!;
    const key = groups.map((group) => group.id).join(',');
    let set = sets.get(key);
    if (!set) {
      set = { groups, compiled: compileGroups(groups) };
      sets.set(key, set);
    }
    return { serverId, generation, ruleset: set.compiled.forServer(serverId, generation), rules: set.groups };
  });
  crashPoint('firewall.before-apply');
  await deps.firewall.applyRulesets(rulesets);
  await announceApplied(deps.db, deps.clock, new Map([...applied, ...rulesets.map((ruleset) => [ruleset.serverId, ruleset.generation] as const)]));
}

/**
 * Records firewall.applied for each server whose ruleset the controller now
 * has at a generation not yet announced. Asked on every run, also when
 * nothing was behind: a run that died between the controller's answer and
 * this record leaves the next run to record it, and the announced generation
 * (moved in the same transaction) keeps a repeat from recording it twice.
 */
async function announceApplied(db: Kysely<Database>, clock: Clock, reached: ReadonlyMap<string, number>): Promise<void> {
  const candidates = [...reached].filter(([, generation]) => generation > 0);
  if (candidates.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const announced: { serverId: string; projectId: number }[] = [];
    for (const [serverId, generation] of candidates) {
      const moved = await announceFirewallGeneration(trx, serverId, generation);
      if (moved) announced.push({ serverId, projectId: moved.projectId });
    }
    // The events after every server row: the project's event lock is always taken last (event-log.ts).
    for (const { serverId, projectId } of announced) {
      const groups = await trx.selectFrom('server_firewall_groups').select('group_id').where('server_id', '=', serverId).orderBy('group_id').execute();
      await recordEvent(trx, {
        projectId,
        type: 'firewall.applied',
        resource: { type: 'server', id: serverId },
        data: { server_id: serverId, firewall_groups: groups.map((row) => row.group_id), status: 'applied' },
        now,
      });
    }
  });
}

// A batch of servers, each brought up to its latest generation.
export const FIREWALL_PROPAGATE_SERVERS_JOB = defineJob({
  name: 'firewall.propagate-servers',
  payload: Type.Object({ serverIds: Type.Array(Type.String({ maxLength: 32 }), { minItems: 1 }) }),
  handler: async ({ serverIds }, deps: PropagationDependencies) => propagate(deps, serverIds),
});

// One server: the job enqueued before propagation went in batches. None is
// enqueued any more; it stays so that rows queued by an older version still run.
export const FIREWALL_PROPAGATE_JOB = defineJob({
  name: 'firewall.propagate',
  payload: Type.Object({ serverId: Type.String() }),
  handler: async ({ serverId }, deps: PropagationDependencies) => propagate(deps, [serverId]),
});

/** The firewall module's jobs, registered by `registerJobs` (services.ts). */
export const firewallJobs = [FIREWALL_PROPAGATE_SERVERS_JOB, FIREWALL_PROPAGATE_JOB];
