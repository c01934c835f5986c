// `cloudplane firewall groups list | describe | create | rename | delete | attach | detach`.
import type { FirewallGroup } from '../../client/index.ts';
import type { Invocation } from '../command-actions.ts';
import { CommandFailed } from '../failures.ts';
import { printJson, printList, printNote, printRecord, type Column } from '../output.ts';
import { openSession, type Session } from '../session.ts';
import { RULE_COLUMNS } from './firewall-rules.ts';
import { readServer } from './servers.ts';

const GROUP_COLUMNS: Column<FirewallGroup>[] = [
  { header: 'id', value: (group) => group.id },
  { header: 'name', value: (group) => group.name },
  { header: 'direction', value: (group) => group.direction },
  { header: 'rules', value: (group) => group.rules.length },
  { header: 'servers', value: (group) => group.servers, optional: true },
];

/** A group with its rules: the record, then the rules as their own table (json prints the group as the API answered it). */
function printGroup(session: Session, group: FirewallGroup): void {
  printRecord(session.output, group, [
    ['ID', group.id],
    ['Name', group.name],
    ['Direction', group.direction],
    ['Servers', group.servers],
    ['Created', group.created_at],
  ]);
  if (session.output === 'table') {
    process.stdout.write('\nRules:\n');
    printList('table', group.rules, RULE_COLUMNS);
  }
}

function groupPath(project: string, groupId: string) {
  return { params: { path: { project_slug: project, group_id: Number(groupId) } } };
}

export async function listGroups({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  printList(session.output, await session.client.listAll('/projects/{project_slug}/firewall-groups/', { path: { project_slug: project } }), GROUP_COLUMNS);
}

export async function describeGroup({ args: [groupId], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  printGroup(session, await session.client.call(session.client.raw.GET('/projects/{project_slug}/firewall-groups/{group_id}/', groupPath(project, groupId!))));
}

/** A taken name fails with name_taken and the existing group's id (run-handler.ts prints it), exit 1. */
export async function createGroup({ args: [name], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const { direction } = options as { direction: 'ingress' | 'egress' };
  const group = await session.client.call(session.client.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug: project } }, body: { name: name!, direction } }));
  printGroup(session, group);
}

export async function renameGroup({ args: [groupId, name], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  printGroup(session, await session.client.call(session.client.raw.PATCH('/projects/{project_slug}/firewall-groups/{group_id}/', { ...groupPath(project, groupId!), body: { name: name! } })));
}

export async function deleteGroup({ args: [groupId], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  await session.client.call(session.client.raw.DELETE('/projects/{project_slug}/firewall-groups/{group_id}/', groupPath(project, groupId!)));
  printNote(session.output, `firewall group ${groupId} deleted`);
}

/**
 * The API replaces a server's whole set of groups; attaching or detaching one
 * reads the set, changes it and writes it back. Another change to the same
 * server in between would be lost, which for one person at a command line is
 * a fair price for not having to type the whole set.
 */
async function changeAttachment(invocation: Invocation, change: (groups: number[], groupId: number) => number[]): Promise<void> {
  const [groupId, serverId] = invocation.args;
  const session = openSession(invocation.globals);
  const project = await session.project();
  const server = await readServer(session, project, serverId!);
  if (server.firewall_groups === null) throw new CommandFailed(`error: the firewall groups of server ${serverId} could not be read just now (the firewall is unavailable): try again shortly`);
  const answer = await session.client.call(
    session.client.raw.PUT('/projects/{project_slug}/servers/{server_id}/firewall-groups/', {
      params: { path: { project_slug: project, server_id: serverId! } },
      body: { firewall_groups: change(server.firewall_groups, Number(groupId)) },
    }),
  );
  if (session.output === 'json') printJson(answer);
  else printNote('table', `server ${serverId}: firewall groups ${answer.firewall_groups.length ? answer.firewall_groups.join(', ') : 'none'}`);
}

export function attachGroup(invocation: Invocation): Promise<void> {
  return changeAttachment(invocation, (groups, groupId) => (groups.includes(groupId) ? groups : [...groups, groupId]));
}

export function detachGroup(invocation: Invocation): Promise<void> {
  return changeAttachment(invocation, (groups, groupId) => groups.filter((id) => id !== groupId));
}
