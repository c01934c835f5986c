// `cloudplane firewall rules list | describe | add | delete`.
import type { FirewallRule } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { resolveFirewallGroupId } from '../names.ts';
import { printList, printNote, printRecord, type Column } from '../output.ts';
import { openSession } from '../session.ts';

function ports(rule: FirewallRule): string {
  if (rule.port_min === null) return rule.protocol === 'tcp' || rule.protocol === 'udp' ? 'all' : '-';
  return rule.port_max === null || rule.port_max === rule.port_min ? String(rule.port_min) : `${rule.port_min}-${rule.port_max}`;
}

export const RULE_COLUMNS: Column<FirewallRule>[] = [
  { header: 'id', value: (rule) => rule.id },
  { header: 'protocol', value: (rule) => rule.protocol },
  { header: 'ports', value: ports },
  // An empty CIDR means any address of both families.
  { header: 'from/to', value: (rule) => rule.source_cidr ?? rule.destination_cidr ?? 'any' },
  { header: 'priority', value: (rule) => rule.priority },
  { header: 'comment', value: (rule) => rule.comment, optional: true },
];

function ruleFields(rule: FirewallRule): [string, unknown][] {
  return [
    ['ID', rule.id],
    ['Protocol', rule.protocol],
    ['Ports', ports(rule)],
    ['Source', rule.source_cidr],
    ['Destination', rule.destination_cidr],
    ['Priority', rule.priority],
    ['Comment', rule.comment],
  ];
}

function rulePath(project: string, groupId: number, ruleId: string) {
  return { params: { path: { project_slug: project, group_id: groupId, rule_id: Number(ruleId) } } };
}

export async function listRules({ args: [group], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  const rules = await session.client.listAll('/projects/{project_slug}/firewall-groups/{group_id}/rules/', { path: { project_slug: project, group_id: groupId } });
  printList(session.output, rules, RULE_COLUMNS);
}

export async function describeRule({ args: [group, ruleId], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  const rule = await session.client.call(session.client.raw.GET('/projects/{project_slug}/firewall-groups/{group_id}/rules/{rule_id}/', rulePath(project, groupId, ruleId!)));
  printRecord(session.output, rule, ruleFields(rule));
}

interface AddRuleOptions {
  protocol: 'tcp' | 'udp' | 'icmp' | 'any';
  port?: { min: number; max: number | null };
  source?: string;
  destination?: string;
  priority?: number;
  comment?: string;
}

/**
 * An identical rule already in the group answers 409 rule_exists with its id:
 * the command then fails (exit 1) and prints "rule already exists: id N", so
 * a script that adds the rule again after a lost answer can tell and read it.
 */
export async function addRule({ args: [group], options, globals }: Invocation): Promise<void> {
  const rule = options as unknown as AddRuleOptions;
  const session = openSession(globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  const created = await session.client.call(
    session.client.raw.POST('/projects/{project_slug}/firewall-groups/{group_id}/rules/', {
      params: { path: { project_slug: project, group_id: groupId } },
      body: {
        protocol: rule.protocol,
        ...(rule.port ? { port_min: rule.port.min, port_max: rule.port.max } : {}),
        ...(rule.source !== undefined ? { source_cidr: rule.source } : {}),
        ...(rule.destination !== undefined ? { destination_cidr: rule.destination } : {}),
        ...(rule.priority !== undefined ? { priority: rule.priority } : {}),
        ...(rule.comment !== undefined ? { comment: rule.comment } : {}),
      },
    }),
  );
  printRecord(session.output, created, ruleFields(created));
}

export async function deleteRule({ args: [group, ruleId], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  await session.client.call(session.client.raw.DELETE('/projects/{project_slug}/firewall-groups/{group_id}/rules/{rule_id}/', rulePath(project, groupId, ruleId!)));
  printNote(session.output, `rule ${ruleId} deleted from group ${groupId}`);
}
