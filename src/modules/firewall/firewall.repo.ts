// Every query on firewall groups, their rules and their attachment to
// servers. Propagation (generations and jobs) lives in propagation.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Direction, FirewallRule } from '../../upstreams/firewall/rules.ts';
import type { NormalisedRule } from './rule-normalisation.ts';

export interface GroupRow {
  id: number;
  name: string;
  direction: Direction;
  created_at: string;
}

export interface RuleRow extends FirewallRule {
  group_id: number;
  identity: string;
}

const groupColumns = ['id', 'name', 'direction', 'created_at'] as const;
const ruleColumns = ['id', 'group_id', 'protocol', 'port_min', 'port_max', 'source_cidr', 'destination_cidr', 'priority', 'comment', 'identity'] as const;

type Page = { limit: number; offset: number };

export async function countProjectGroups(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('firewall_groups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Oldest first. */
export function listProjectGroups(db: Kysely<Database>, projectId: number, page: Page): Promise<GroupRow[]> {
  return db.selectFrom('firewall_groups').select(groupColumns).where('project_id', '=', projectId).orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export function findProjectGroup(db: Kysely<Database>, projectId: number, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('firewall_groups').select(groupColumns).where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
}

export function findProjectGroupByName(db: Kysely<Database>, projectId: number, name: string): Promise<GroupRow | undefined> {
  return db.selectFrom('firewall_groups').select(groupColumns).where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst();
}

/**
 * The project's groups among `ids`, each row written (to itself) so the rows
 * stay locked until the transaction ends: a row lock on PostgreSQL, and
 * SQLite's write transactions run one at a time anyway. Rule changes lock
 * their group the same way, so a rule change and an attachment of its group
 * never miss each other's servers. Locked in id order, so two transactions
 * never wait on each other in a circle.
 */
export async function lockProjectGroups(db: Kysely<Database>, projectId: number, ids: readonly number[]): Promise<GroupRow[]> {
  const locked: GroupRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const row = await db
      .updateTable('firewall_groups')
      .set((eb) => ({ name: eb.ref('name') }))
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returning(groupColumns)
      .executeTakeFirst();
    if (row) locked.push(row);
  }
  return locked;
}

export function insertGroup(db: Kysely<Database>, values: { projectId: number; name: string; direction: Direction; now: string }): Promise<GroupRow> {
  return db
    .insertInto('firewall_groups')
    .values({ project_id: values.projectId, name: values.name, direction: values.direction, created_at: values.now })
    .returning(groupColumns)
    .executeTakeFirstOrThrow();
}

export function renameGroup(db: Kysely<Database>, projectId: number, id: number, name: string): Promise<GroupRow | undefined> {
  return db.updateTable('firewall_groups').set({ name }).where('project_id', '=', projectId).where('id', '=', id).returning(groupColumns).executeTakeFirst();
}

/** Removes the group and its rules. */
export async function deleteGroup(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('firewall_rules').where('group_id', '=', id).execute();
  await db.deleteFrom('firewall_groups').where('id', '=', id).execute();
}

/** Server ids attached to each of the groups, ascending. */
export async function serversOfGroups(db: Kysely<Database>, groupIds: readonly number[]): Promise<Map<number, string[]>> {
  const byGroup = new Map<number, string[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .selectFrom('server_firewall_groups')
    .select(['group_id', 'server_id'])
    .where('group_id', 'in', [...groupIds])
    .orderBy('group_id')
    .orderBy('server_id')
    .execute();
  for (const row of rows) byGroup.get(row.group_id)?.push(row.server_id);
  return byGroup;
}

/** Every rule of each group, lowest priority first, ties by id. */
export async function rulesOfGroups(db: Kysely<Database>, groupIds: readonly number[]): Promise<Map<number, RuleRow[]>> {
  const byGroup = new Map<number, RuleRow[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await db.selectFrom('firewall_rules').select(ruleColumns).where('group_id', 'in', [...groupIds]).orderBy('priority').orderBy('id').execute();
  for (const row of rows) byGroup.get(row.group_id)?.push(row);
  return byGroup;
}

export async function countGroupRules(db: Kysely<Database>, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('firewall_rules')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Lowest priority first, ties by id. */
export function listGroupRules(db: Kysely<Database>, groupId: number, page: Page): Promise<RuleRow[]> {
  return db.selectFrom('firewall_rules').select(ruleColumns).where('group_id', '=', groupId).orderBy('priority').orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export function findGroupRule(db: Kysely<Database>, groupId: number, id: number): Promise<RuleRow | undefined> {
  return db.selectFrom('firewall_rules').select(ruleColumns).where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();
}

export function findGroupRuleByIdentity(db: Kysely<Database>, groupId: number, identity: string): Promise<RuleRow | undefined> {
  return db.selectFrom('firewall_rules').select(ruleColumns).where('group_id', '=', groupId).where('identity', '=', identity).executeTakeFirst();
}

export function insertRule(db: Kysely<Database>, groupId: number, rule: NormalisedRule, now: string): Promise<RuleRow> {
  return db
    .insertInto('firewall_rules')
    .values({ group_id: groupId, ...rule, created_at: now })
    .returning(ruleColumns)
    .executeTakeFirstOrThrow();
}

export function updateRule(db: Kysely<Database>, groupId: number, id: number, rule: NormalisedRule): Promise<RuleRow | undefined> {
  return db.updateTable('firewall_rules').set(rule).where('group_id', '=', groupId).where('id', '=', id).returning(ruleColumns).executeTakeFirst();
}

export async function deleteRule(db: Kysely<Database>, groupId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('firewall_rules').where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ids of the groups attached to a server, ascending. */
export async function groupsOfServer(db: Kysely<Database>, serverId: string): Promise<number[]> {
  const rows = await db.selectFrom('server_firewall_groups').select('group_id').where('server_id', '=', serverId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

export async function attachGroups(db: Kysely<Database>, serverId: string, groupIds: readonly number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await db
    .insertInto('server_firewall_groups')
    .values(groupIds.map((groupId) => ({ server_id: serverId, group_id: groupId })))
    .execute();
}

export async function detachGroups(db: Kysely<Database>, serverId: string, groupIds: readonly number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await db.deleteFrom('server_firewall_groups').where('server_id', '=', serverId).where('group_id', 'in', [...groupIds]).execute();
}

/** The firewall generation a server's rules are at (the controller catches up to it), or undefined for no server. */
export async function findFirewallGeneration(db: Kysely<Database>, serverId: string): Promise<number | undefined> {
  const server = await db.selectFrom('servers').select('firewall_generation').where('id', '=', serverId).executeTakeFirst();
  return server?.firewall_generation;
}

/** Deletes every group of a project (their rules cascade), in the transaction that deletes the project. */
export async function deleteGroupsOfProject(db: Kysely<Database>, projectId: number): Promise<void> {
  await db.deleteFrom('firewall_groups').where('project_id', '=', projectId).execute();
}
