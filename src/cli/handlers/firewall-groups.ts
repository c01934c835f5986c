// `cloudplane firewall groups list | describe | create | rename | delete | attach | detach`.
import type { FirewallGroup } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { CommandFailed } from '../failures.ts';
import { readNamedServer, resolveFirewallGroup, resolveFirewallGroupId } from '../names.ts';
import { isStructured, printList, printNote, printRecord, printStructured, type Column } from '../output.ts';
import { openSession, type Session } from '../session.ts';
import { RULE_COLUMNS } from './firewall-rules.ts';

const GROUP_COLUMNS: Column<FirewallGroup>[] = [
  { header: 'id', value: (group) => group.id },
  { header: 'name', value: (group) => group.name },
  { header: 'direction', value: (group) => group.direction },
  { header: 'rules', value: (group) => group.rules.length },
  { header: 'servers', value: (group) => group.servers, optional: true },
  { header: 'created', value: (group) => group.created_at, field: 'created_at', wide: true },
];

/** A group with its rules: the record, then the rules as their own table (json and yaml print the group as the API answered it; -q and columns= the record only). */
function printGroup(session: Session, group: FirewallGroup): void {
  printRecord(session.output, group, [
    ['ID', group.id],
    ['Name', group.name],
    ['Direction', group.direction],
    ['Servers', group.servers],
    ['Created', group.created_at],
  ]);
  if ((session.output.kind === 'table' || session.output.kind === 'wide') && !session.output.quiet) {
    process.stdout.write('\nRules:\n');
    printList(session.output, group.rules, RULE_COLUMNS);
  }
}

function groupPath(project: string, groupId: number) {
  return { params: { path: { project_slug: project, group_id: groupId } } };
}

export async function listGroups({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  printList(session.output, await session.client.listAll('/projects/{project_slug}/firewall-groups/', { path: { project_slug: project } }), GROUP_COLUMNS);
}

export async function describeGroup({ args: [group], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  // Read by id, that is the group itself; by name, its entry in the list, which carries the rules too.
  printGroup(session, await resolveFirewallGroup(session, project, group!));
}

/** A taken name fails with name_taken and the existing group's id (run-handler.ts prints it), exit 1. */
export async function createGroup({ args: [name], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const { direction } = options as { direction: 'ingress' | 'egress' };
  const group = await session.client.call(session.client.raw.POST('/projects/{project_slug}/firewall-groups/', { params: { path: { project_slug: project } }, body: { name: name!, direction } }));
  printGroup(session, group);
}

export async function renameGroup({ args: [group, name], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  printGroup(session, await session.client.call(session.client.raw.PATCH('/projects/{project_slug}/firewall-groups/{group_id}/', { ...groupPath(project, groupId), body: { name: name! } })));
}

export async function deleteGroup({ args: [group], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  await session.client.call(session.client.raw.DELETE('/projects/{project_slug}/firewall-groups/{group_id}/', groupPath(project, groupId)));
  printNote(session.output, `firewall group ${groupId} deleted`);
}

/**
 * The API replaces a server's whole set of groups; attaching or detaching one
 * reads the set, changes it and writes it back. Another change to the same
 * server in between would be lost, which for one person at a command line is
 * a fair price for not having to type the whole set.
 */
async function changeAttachment(invocation: Invocation, change: (groups: number[], groupId: number) => number[]): Promise<void> {
  const [group, named] = invocation.args;
  const session = openSession(invocation.globals);
  const project = await session.project();
  const groupId = await resolveFirewallGroupId(session, project, group!);
  const server = await readNamedServer(session, project, named!);
  const serverId = server.id;
  if (server.firewall_groups === null) throw new CommandFailed(`error: the firewall groups of server ${serverId} could not be read just now (the firewall is unavailable): try again shortly`);
  const answer = await session.client.call(
    session.client.raw.PUT('/projects/{project_slug}/servers/{server_id}/firewall-groups/', {
      params: { path: { project_slug: project, server_id: serverId } },
      body: { firewall_groups: change(server.firewall_groups, groupId) },
    }),
  );
  if (isStructured(session.output)) printStructured(session.output, answer);
  else printNote(session.output, `server ${serverId}: firewall groups ${answer.firewall_groups.length ? answer.firewall_groups.join(', ') : 'none'}`);
}

export function attachGroup(invocation: Invocation): Promise<void> {
  return changeAttachment(invocation, (groups, groupId) => (groups.includes(groupId) ? groups : [...groups, groupId]));
}

export function detachGroup(invocation: Invocation): Promise<void> {
  return changeAttachment(invocation, (groups, groupId) => groups.filter((id) => id !== groupId));
}
