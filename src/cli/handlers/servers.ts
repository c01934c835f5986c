// `cloudplane servers list | describe | rename | cancel | set-firewall-groups`.
import type { Server, ServerSummary } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { UsageError } from '../failures.ts';
import { readNamedServer, resolveFirewallGroupIds, resolveServerId } from '../names.ts';
import { isStructured, printList, printNote, printRecord, printStructured, type Column } from '../output.ts';
import { openSession, type Session } from '../session.ts';

const SUMMARY_COLUMNS: Column<ServerSummary>[] = [
  { header: 'id', value: (server) => server.id },
  { header: 'hostname', value: (server) => server.hostname },
  { header: 'status', value: (server) => server.status },
  { header: 'ipv4', value: (server) => server.ipv4_primary, field: 'ipv4_primary' },
  { header: 'location', value: (server) => server.location.code, optional: true },
  { header: 'plan', value: (server) => server.plan.name, optional: true },
  // The list says no more than this of a server (its image, IPv6 and dates are in describe).
  { header: 'city', value: (server) => [server.location.city, server.location.country_code].filter(Boolean).join(', '), wide: true },
];

function gigabytes(value: number | null | undefined): string {
  return value === null || value === undefined ? '?' : `${value} GB`;
}

function serverFields(server: Server): [string, unknown][] {
  const { location, plan, network, bandwidth, billing } = server;
  const place = [location.code, [location.city, location.country_code].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
  const size = [plan.cpu_cores && `${plan.cpu_cores} vCPU`, plan.ram_mb && `${plan.ram_mb / 1024} GB RAM`, plan.disk_gb && `${plan.disk_gb} GB disk`].filter(Boolean).join(', ');
  const traffic = bandwidth
    ? `${gigabytes(bandwidth.used_gb)} used of ${gigabytes(bandwidth.allocated_gb)}${bandwidth.extra_gb ? ` + ${bandwidth.extra_gb} GB extra` : ''}${bandwidth.pooled ? ' (pooled)' : ''}`
    : null;
  return [
    ['ID', server.id],
    ['Hostname', server.hostname],
    ['Status', server.pending_changes ? `${server.status} (changes wait for a reboot through the API)` : server.status],
    ['Location', place],
    ['Image', server.image.display_name ?? server.image.name],
    ['Plan', [plan.name, size && `(${size})`].filter(Boolean).join(' ')],
    ['IPv4', network.ipv4.map((entry) => (entry.primary ? `${entry.address} (primary)` : entry.address))],
    ['IPv6', network.ipv6.map((entry) => entry.subnet)],
    ['Private network', network.private_network?.enabled ? 'enabled' : network.private_network?.eligible ? 'eligible' : 'no'],
    // Null never means "no firewall": it means the firewall could not be read.
    ['Firewall groups', server.firewall_groups === null ? '(could not be read)' : server.firewall_groups],
    ['SSH keys', server.ssh_keys],
    ['ISO', server.iso ? `${server.iso.id} ${server.iso.name ?? ''}`.trim() : null],
    ['Traffic', traffic],
    [
      'Billing',
      billing
        ? `${billing.status ?? '?'}, ${billing.recurring_amount ?? '?'} ${billing.currency} ${billing.billing_cycle ?? ''}, next due ${billing.next_due_date ?? '?'}`
        : '(none, or could not be read)',
    ],
    ['Created', server.created_at],
  ];
}

export async function listServers({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const servers = await session.client.listAll('/projects/{project_slug}/servers/', { path: { project_slug: project } });
  printList(session.output, servers, SUMMARY_COLUMNS);
}

export function printServer(session: Session, server: Server): void {
  printRecord(session.output, server, serverFields(server));
}

export async function describeServer({ args: [server], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  printServer(session, await readNamedServer(session, await session.project(), server!));
}

export async function renameServer({ args: [server, hostname], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const renamed = await session.client.call(
    session.client.raw.PATCH('/projects/{project_slug}/servers/{server_id}/', { params: { path: { project_slug: project, server_id: serverId } }, body: { hostname: hostname! } }),
  );
  printServer(session, renamed);
}

export async function cancelServer({ args: [server], options, globals }: Invocation): Promise<void> {
  const { when, reason } = options as { when: 'end_of_term' | 'immediate'; reason?: string };
  if (when === 'end_of_term' && !reason) throw new UsageError('--reason is required with --when end_of_term');
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const answer = await session.client.call(
    session.client.raw.POST('/projects/{project_slug}/servers/{server_id}/cancel/', {
      params: { path: { project_slug: project, server_id: serverId } },
      body: { when, ...(reason ? { reason } : {}) },
    }),
  );
  const meaning = when === 'immediate' ? 'it is deleted now, with everything on it' : 'it runs to the end of its paid term, then is deleted';
  printRecord(session.output, answer, [
    ['Server', serverId],
    ['Status', answer.status],
    ['When', `${answer.when}: ${meaning}`],
  ]);
}

export async function setFirewallGroups({ args: [server, ...groups], options, globals }: Invocation): Promise<void> {
  if (groups.length === 0 && !options.none) throw new UsageError('name the groups to attach, or --none to detach every group');
  if (groups.length > 0 && options.none) throw new UsageError('--none detaches every group: give either groups or --none');
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const firewallGroups = await resolveFirewallGroupIds(session, project, groups);
  const answer = await session.client.call(
    session.client.raw.PUT('/projects/{project_slug}/servers/{server_id}/firewall-groups/', {
      params: { path: { project_slug: project, server_id: serverId } },
      body: { firewall_groups: firewallGroups },
    }),
  );
  if (isStructured(session.output)) printStructured(session.output, answer);
  else printNote(session.output, answer.firewall_groups.length ? `server ${serverId}: firewall groups ${answer.firewall_groups.join(', ')}` : `server ${serverId}: no firewall groups`);
}
