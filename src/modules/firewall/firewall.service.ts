// Firewall groups, their rules and which servers they are attached to (spec
// "Firewall groups and rules", DESIGN D2 and D12). Any member may do all of
// it once the project is ready and its owner has a billing account; every
// endpoint asks the network controller first, so while it is down or failing
// the whole firewall answers 503 or 502 rather than half working. Each change
// that alters what a server enforces bumps that server's firewall generation
// in the change's own transaction (propagation.ts does the rest).
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, billingAccountRequired, notFound, validationError } from '../../errors.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { FirewallPort } from '../../upstreams/firewall/port.ts';
import type { Actor } from '../api-keys/index.ts';
import type { MemberProjectRow, ProjectAccess } from '../projects/index.ts';
import { lockServerRow, type ServerService } from '../servers/index.ts';
import * as repo from './firewall.repo.ts';
import type { CreateGroupInput, CreateRuleInput, FirewallGroup, UpdateGroupInput, UpdateRuleInput } from './firewall.schemas.ts';
import type { FirewallRule } from '../../upstreams/firewall/rules.ts';
import { bumpServers, serversOfGroup } from './propagation.ts';
import { crashPoint } from '../../crash-points.ts';
import { InvalidRule, normaliseRule, type NormalisedRule, type RuleCandidate } from './rule-normalisation.ts';
import { asTransaction, type EventType, recordEvent } from '../events/index.ts';

export interface FirewallServiceDependencies {
  db: Kysely<Database>;
  clock: Clock;
  /** A change of a server's groups reaches the copies every process keeps of them (the built-in controller's). */
  changes: ChangeFeed;
  access: ProjectAccess;
  servers: ServerService;
  billing: BillingPort;
  /** The network controller (with faults): asked first by every endpoint. */
  firewall: FirewallPort;
  /** Runs this process's worker now rather than at its next poll: a change's propagation is due at once. */
  wakeWorker: () => void;
}

type Page = { limit: number; offset: number };

export function toFirewallRule(row: repo.RuleRow): FirewallRule {
  return {
    id: row.id,
    protocol: row.protocol,
    port_min: row.port_min,
    port_max: row.port_max,
    source_cidr: row.source_cidr,
    destination_cidr: row.destination_cidr,
    priority: row.priority,
    comment: row.comment,
  };
}

/** A group's event carries the group as the API shows it, read in the change's transaction. */
async function recordGroupEvent(trx: Kysely<Database>, type: EventType, projectId: number, group: repo.GroupRow, now: string): Promise<void> {
  const [servers, rules] = await Promise.all([repo.serversOfGroups(trx, [group.id]), repo.rulesOfGroups(trx, [group.id])]);
  const data = toFirewallGroup(group, servers.get(group.id) ?? [], rules.get(group.id) ?? []);
  await recordEvent(asTransaction(trx), { projectId, type, resource: { type: 'firewall_group', id: group.id }, data, now });
}

/** A rule's event carries the rule as the API shows it, with its group's id. */
async function recordRuleEvent(trx: Kysely<Database>, type: EventType, projectId: number, groupId: number, rule: repo.RuleRow, now: string): Promise<void> {
  await recordEvent(asTransaction(trx), { projectId, type, resource: { type: 'firewall_rule', id: rule.id }, data: { ...toFirewallRule(rule), group_id: groupId }, now });
}

export function toFirewallGroup(row: repo.GroupRow, servers: string[], rules: repo.RuleRow[]): FirewallGroup {
  return { id: row.id, name: row.name, direction: row.direction, servers, rules: rules.map(toFirewallRule), created_at: row.created_at };
}

function normaliseOrRefuse(direction: repo.GroupRow['direction'], candidate: RuleCandidate): NormalisedRule {
  try {
    return normaliseRule(direction, candidate);
  } catch (error) {
    if (!(error instanceof InvalidRule)) throw error;
    const errors = error.problems.map((problem) => ({ field: problem.field, message: problem.message }));
    throw new AppError('validation_error', error.message, { errors });
  }
}

const sameRule = (row: repo.RuleRow, rule: NormalisedRule) =>
  row.protocol === rule.protocol &&
  row.port_min === rule.port_min &&
  row.port_max === rule.port_max &&
  row.source_cidr === rule.source_cidr &&
  row.destination_cidr === rule.destination_cidr &&
  row.priority === rule.priority &&
  row.comment === rule.comment;

const WRITE = { write: true } as const;
const READ = {} as const;

const SERVERS_NAMED_IN_DETAIL = 10;

export class FirewallService {
  constructor(private readonly deps: FirewallServiceDependencies) {}

  /**
   * Removes the groups of a project being deleted, in `db`, the transaction
   * that deletes it (the projects module asks it): an empty project can still
   * have groups. Checks no access, as the deletion's own caller did.
   */
  async removeGroupsOfDeletedProject(db: Kysely<Database>, projectId: number): Promise<void> {
    await repo.deleteGroupsOfProject(db, projectId);
  }

  // Groups

  async listGroups(actor: Actor, slug: string, page: Page): Promise<{ count: number; groups: FirewallGroup[] }> {
    const project = await this.open(actor, slug, READ);
    const { db } = this.deps;
    const [count, rows] = await Promise.all([repo.countProjectGroups(db, project.id), repo.listProjectGroups(db, project.id, page)]);
    return { count, groups: await this.views(rows) };
  }

  async getGroup(actor: Actor, slug: string, groupId: number): Promise<FirewallGroup> {
    const project = await this.open(actor, slug, READ);
    return this.view(await this.requireGroup(project, groupId));
  }

  /** A name the project already has answers 409 `name_taken` with that group's id, so a lost answer can be recovered. */
  async createGroup(actor: Actor, slug: string, input: CreateGroupInput): Promise<FirewallGroup> {
    const project = await this.open(actor, slug, WRITE);
    const { db, clock } = this.deps;
    try {
      const row = await db.transaction().execute(async (trx) => {
        // A project on its way out gets no new groups.
        await this.deps.access.lockForChange(trx, project.id);
        const inserted = await repo.insertGroup(trx, { projectId: project.id, name: input.name, direction: input.direction, now: clock.now().toISOString() });
        await recordGroupEvent(trx, 'firewall_group.created', project.id, inserted, clock.now().toISOString());
        return inserted;
      });
      return toFirewallGroup(row, [], []);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.nameTaken(project.id, input.name);
    }
  }

  /**
   * Only the name changes. Other fields are ignored (a whole group sent back
   * with a new name is a rename), but a direction other than the group's is
   * refused rather than ignored: the client believes it changes something.
   */
  async updateGroup(actor: Actor, slug: string, groupId: number, input: UpdateGroupInput): Promise<FirewallGroup> {
    const project = await this.open(actor, slug, WRITE);
    const group = await this.requireGroup(project, groupId);
    if (input.direction !== undefined && input.direction !== group.direction) {
      throw validationError('direction', `the group is ${group.direction}; a group's direction cannot change, so create another group instead`);
    }
    if (input.name === undefined || input.name === group.name) return this.view(group);
    let renamed: repo.GroupRow | undefined;
    try {
      renamed = await this.deps.db.transaction().execute(async (trx) => {
        const row = await repo.renameGroup(trx, project.id, groupId, input.name!);
        if (row) await recordGroupEvent(trx, 'firewall_group.updated', project.id, row, this.deps.clock.now().toISOString());
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await this.nameTaken(project.id, input.name);
    }
    if (!renamed) throw notFound('Firewall group');
    return this.view(renamed);
  }

  /** Removes the group and its rules; a group attached to servers is refused with their ids. Nothing to propagate: no server has it. */
  async deleteGroup(actor: Actor, slug: string, groupId: number): Promise<void> {
    const project = await this.open(actor, slug, WRITE);
    await this.deps.db.transaction().execute(async (trx) => {
      // Locked first: an attachment of this group waits for the delete, then finds no group.
      const [group] = await repo.lockProjectGroups(trx, project.id, [groupId]);
      if (!group) throw notFound('Firewall group');
      const servers = (await serversOfGroup(trx, groupId)).sort();
      if (servers.length > 0) {
        // Every id is in `servers`; the sentence names a few, so it stays readable (and within the detail's bound) for any number.
        const named = servers.length > SERVERS_NAMED_IN_DETAIL ? `${servers.slice(0, SERVERS_NAMED_IN_DETAIL).join(', ')} and ${servers.length - SERVERS_NAMED_IN_DETAIL} more` : servers.join(', ');
        throw new AppError('group_in_use', `The group is attached to ${servers.length === 1 ? 'server' : 'servers'} ${named}; detach it first`, { servers });
      }
      await recordGroupEvent(trx, 'firewall_group.deleted', project.id, group, this.deps.clock.now().toISOString());
      await repo.deleteGroup(trx, groupId);
    });
  }

  // Rules

  async listRules(actor: Actor, slug: string, groupId: number, page: Page): Promise<{ count: number; rules: FirewallRule[] }> {
    const project = await this.open(actor, slug, READ);
    await this.requireGroup(project, groupId);
    const { db } = this.deps;
    const [count, rows] = await Promise.all([repo.countGroupRules(db, groupId), repo.listGroupRules(db, groupId, page)]);
    return { count, rules: rows.map(toFirewallRule) };
  }

  async getRule(actor: Actor, slug: string, groupId: number, ruleId: number): Promise<FirewallRule> {
    const project = await this.open(actor, slug, READ);
    await this.requireGroup(project, groupId);
    return toFirewallRule(await this.requireRule(groupId, ruleId));
  }

  /** A copy of a rule the group has answers 409 `rule_exists` with its id, so a lost answer can be recovered. */
  async createRule(actor: Actor, slug: string, groupId: number, input: CreateRuleInput): Promise<FirewallRule> {
    const project = await this.open(actor, slug, WRITE);
    const group = await this.requireGroup(project, groupId);
    const rule = normaliseOrRefuse(group.direction, input);
    const row = await this.changeRules(
      project,
      groupId,
      rule.identity,
      (trx) => repo.insertRule(trx, groupId, rule, this.deps.clock.now().toISOString()),
      (trx, inserted) => recordRuleEvent(trx, 'firewall_rule.created', project.id, groupId, inserted, this.deps.clock.now().toISOString()),
    );
    return toFirewallRule(row);
  }

  /** The fields sent replace the rule's; the resulting rule is checked as a whole, as if it were new. */
  async updateRule(actor: Actor, slug: string, groupId: number, ruleId: number, input: UpdateRuleInput): Promise<FirewallRule> {
    const project = await this.open(actor, slug, WRITE);
    const group = await this.requireGroup(project, groupId);
    const existing = await this.requireRule(groupId, ruleId);
    const pick = <Field extends keyof UpdateRuleInput & keyof repo.RuleRow>(field: Field) =>
      (input[field] !== undefined ? input[field] : existing[field]) as repo.RuleRow[Field];
    const rule = normaliseOrRefuse(group.direction, {
      protocol: pick('protocol'),
      port_min: pick('port_min'),
      port_max: pick('port_max'),
      source_cidr: pick('source_cidr'),
      destination_cidr: pick('destination_cidr'),
      priority: pick('priority'),
      comment: pick('comment'),
    });
    if (sameRule(existing, rule)) return toFirewallRule(existing);
    const row = await this.changeRules(
      project,
      groupId,
      rule.identity,
      async (trx) => {
        const updated = await repo.updateRule(trx, groupId, ruleId, rule);
        if (!updated) throw notFound('Firewall rule');
        return updated;
      },
      (trx, updated) => recordRuleEvent(trx, 'firewall_rule.updated', project.id, groupId, updated, this.deps.clock.now().toISOString()),
    );
    return toFirewallRule(row);
  }

  async deleteRule(actor: Actor, slug: string, groupId: number, ruleId: number): Promise<void> {
    const project = await this.open(actor, slug, WRITE);
    await this.requireGroup(project, groupId);
    await this.changeRules(
      project,
      groupId,
      null,
      async (trx) => {
        const rule = await repo.findGroupRule(trx, groupId, ruleId);
        if (!rule || !(await repo.deleteRule(trx, groupId, ruleId))) throw notFound('Firewall rule');
        return rule;
      },
      (trx, deleted) => recordRuleEvent(trx, 'firewall_rule.deleted', project.id, groupId, deleted, this.deps.clock.now().toISOString()),
    );
  }

  // Attachment

  /** Replaces the server's groups; `[]` detaches all, an id given twice counts once. Answers the new set, ascending. */
  async replaceServerGroups(actor: Actor, slug: string, serverId: string, groupIds: number[]): Promise<{ firewall_groups: number[] }> {
    const { project, server } = await this.deps.servers.requireServer(actor, slug, serverId, WRITE);
    await this.requireBillingAccount(project);
    await this.deps.firewall.ping();
    const wanted = [...new Set(groupIds)].sort((a, b) => a - b);
    const { changes, clock } = this.deps;
    const bumped = await changes.commit('firewall-attachments', async (trx) => {
      // Groups first, then the server: the order rule changes take them in.
      const locked = await repo.lockProjectGroups(trx, project.id, wanted);
      if (locked.length !== wanted.length) {
        const found = new Set(locked.map((group) => group.id));
        const missing = wanted.filter((id) => !found.has(id));
        throw validationError('firewall_groups', `${missing.join(', ')} ${missing.length === 1 ? 'is not a firewall group' : 'are not firewall groups'} of this project`);
      }
      if (!(await lockServerRow(trx, server.id))) throw notFound('server');
      const current = await repo.groupsOfServer(trx, server.id);
      const added = wanted.filter((id) => !current.includes(id));
      const removed = current.filter((id) => !wanted.includes(id));
      if (added.length === 0 && removed.length === 0) return false;
      await repo.detachGroups(trx, server.id, removed);
      await repo.attachGroups(trx, server.id, added);
      const bumpedServers = await bumpServers(trx, clock, [server.id]);
      const now = clock.now().toISOString();
      const attachment = (type: 'firewall_group.attached' | 'firewall_group.detached', groupId: number) =>
        recordEvent(asTransaction(trx), { projectId: project.id, type, resource: { type: 'firewall_group', id: groupId }, data: { id: groupId, server_id: server.id, firewall_groups: wanted }, now });
      for (const groupId of removed) await attachment('firewall_group.detached', groupId);
      for (const groupId of added) await attachment('firewall_group.attached', groupId);
      return bumpedServers;
    });
    if (bumped) crashPoint('firewall.after-record');
    if (bumped) this.deps.wakeWorker();
    return { firewall_groups: wanted };
  }

  // Shared steps

  /** The checks every firewall endpoint starts with, in the order clients see them. */
  private async open(actor: Actor, slug: string, needs: { write?: boolean }): Promise<MemberProjectRow> {
    const project = await this.deps.access.require(actor, slug, { ready: true, ...needs });
    await this.requireBillingAccount(project);
    await this.deps.firewall.ping();
    return project;
  }

  private async requireBillingAccount(project: MemberProjectRow): Promise<void> {
    const ownerId = await this.deps.access.ownerId(project.id);
    if (ownerId === undefined || !(await this.deps.billing.getAccount(ownerId))) {
      throw billingAccountRequired();
    }
  }

  private async requireGroup(project: MemberProjectRow, groupId: number): Promise<repo.GroupRow> {
    const group = await repo.findProjectGroup(this.deps.db, project.id, groupId);
    if (!group) throw notFound('Firewall group');
    return group;
  }

  /** A rule of another group is not found, as a rule of no group is. */
  private async requireRule(groupId: number, ruleId: number): Promise<repo.RuleRow> {
    const rule = await repo.findGroupRule(this.deps.db, groupId, ruleId);
    if (!rule) throw notFound('Firewall rule');
    return rule;
  }

  /**
   * Runs a change to a group's rules with the group locked, then bumps the
   * servers it is attached to in the same transaction (and, once it commits,
   * wakes the worker to propagate). A copy of another rule
   * (the unique key on identity) becomes 409 `rule_exists`.
   */
  private async changeRules<T>(
    project: MemberProjectRow,
    groupId: number,
    identity: string | null,
    change: (trx: Kysely<Database>) => Promise<T>,
    recordChange: (trx: Kysely<Database>, result: T) => Promise<void>,
  ): Promise<T> {
    const { db, clock } = this.deps;
    try {
      const { result, bumped } = await db.transaction().execute(async (trx) => {
        const [group] = await repo.lockProjectGroups(trx, project.id, [groupId]);
        if (!group) throw notFound('Firewall group');
        const result = await change(trx);
        const bumped = await bumpServers(trx, clock, await serversOfGroup(trx, groupId));
        // After the servers' rows: every transaction takes the project's event lock last, so none waits on another in a circle.
        await recordChange(trx, result);
        return { result, bumped };
      });
      if (bumped) crashPoint('firewall.after-record');
      if (bumped) this.deps.wakeWorker();
      return result;
    } catch (error) {
      if (identity === null || !isUniqueViolation(error)) throw error;
      const existing = await repo.findGroupRuleByIdentity(db, groupId, identity);
      throw new AppError(
        'rule_exists',
        existing ? `The group already has this rule (id ${existing.id})` : 'The group already has this rule',
        existing ? { rule_id: existing.id } : {},
      );
    }
  }

  private async nameTaken(projectId: number, name: string): Promise<AppError> {
    const existing = await repo.findProjectGroupByName(this.deps.db, projectId, name);
    return new AppError(
      'name_taken',
      existing ? `The project already has a firewall group named "${name}" (id ${existing.id})` : `The project already has a firewall group named "${name}"`,
      existing ? { group_id: existing.id } : {},
    );
  }

  private async view(row: repo.GroupRow): Promise<FirewallGroup> {
    const [group] = await this.views([row]);
    return group!;
  }

  private async views(rows: repo.GroupRow[]): Promise<FirewallGroup[]> {
    const ids = rows.map((row) => row.id);
    const [servers, rules] = await Promise.all([repo.serversOfGroups(this.deps.db, ids), repo.rulesOfGroups(this.deps.db, ids)]);
    return rows.map((row) => toFirewallGroup(row, servers.get(row.id) ?? [], rules.get(row.id) ?? []));
  }
}
