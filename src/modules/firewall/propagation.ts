// Firewall propagation (D12): every change bumps the affected servers'
// firewall generation and enqueues a job, in the transaction of the change.
// The job compiles the server's effective ruleset from the current state and
// hands it to the network controller, which keeps only the newest generation.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import { compileRuleset } from './nft-compiler.ts';
import type { EffectiveGroup, FirewallRule } from './firewall.types.ts';

/** In the caller's transaction: the servers' generation goes up and each gets a propagation job. */
export async function bumpServers(db: Kysely<Database>, clock: Clock, serverIds: string[]): Promise<void> {
  const unique = [...new Set(serverIds)];
  if (unique.length === 0) return;
  await db
    .updateTable('servers')
    .set((eb) => ({ firewall_generation: eb('firewall_generation', '+', 1) }))
    .where('id', 'in', unique)
    .execute();
  for (const serverId of unique) {
    await enqueueJob(db, clock, FIREWALL_PROPAGATE_JOB, { serverId }, { maxAttempts: 100000 });
  }
}

/** Servers a group is attached to. */
export async function serversOfGroup(db: Kysely<Database>, groupId: number): Promise<string[]> {
  const rows = await db.selectFrom('server_firewall_groups').select('server_id').where('group_id', '=', groupId).execute();
  return rows.map((row) => row.server_id);
}

/** The groups attached to a server, each with its rules lowest priority first (ties by id). */
export async function effectiveGroups(db: Kysely<Database>, serverId: string): Promise<EffectiveGroup[]> {
  const groups = await db
    .selectFrom('server_firewall_groups')
    .innerJoin('firewall_groups', 'firewall_groups.id', 'server_firewall_groups.group_id')
    .select(['firewall_groups.id', 'firewall_groups.direction'])
    .where('server_firewall_groups.server_id', '=', serverId)
    .orderBy('firewall_groups.id')
    .execute();
  if (groups.length === 0) return [];
  const rules = await db
    .selectFrom('firewall_rules')
    .select(['id', 'group_id', 'protocol', 'port_min', 'port_max', 'source_cidr', 'destination_cidr', 'priority', 'comment'])
    .where('group_id', 'in', groups.map((group) => group.id))
    .orderBy('priority')
    .orderBy('id')
    .execute();
  return groups.map((group) => ({
    id: group.id,
    direction: group.direction,
    rules: rules.filter((rule) => rule.group_id === group.id).map(({ group_id: _group, ...rule }): FirewallRule => rule),
  }));
}

// Safe to repeat and to run out of order: it always compiles the latest
// state under the latest generation, and the controller ignores older ones.
export const FIREWALL_PROPAGATE_JOB = defineJob({
  name: 'firewall.propagate',
  payload: Type.Object({ serverId: Type.String() }),
  handler: async ({ serverId }, deps: { db: Kysely<Database>; firewall: FirewallPort }) => {
    const server = await deps.db.selectFrom('servers').select('firewall_generation').where('id', '=', serverId).executeTakeFirst();
    if (!server) return;
    const applied = await deps.firewall.getApplied(serverId);
    if (applied && applied.generation >= server.firewall_generation) return;
    const groups = await effectiveGroups(deps.db, serverId);
    await deps.firewall.apply(serverId, server.firewall_generation, compileRuleset(serverId, server.firewall_generation, groups), groups);
  },
});

/** The firewall module's jobs, registered by `registerJobs` (services.ts). */
export const firewallJobs = [FIREWALL_PROPAGATE_JOB];
