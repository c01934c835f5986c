// `cloudplane reverse-dns list | get | set | delete`. The list is the API's:
// one entry per IPv4 address. An IPv6 subnet holds far too many addresses to
// list, so a PTR set on one of them is read back with `get`.
import type { Invocation } from '../invocation.ts';
import { resolveServerId } from '../names.ts';
import { printList, printNote, printRecord } from '../output.ts';
import { openSession } from '../session.ts';

export async function listReverseDns({ args: [server], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const entries = await session.client.listAll('/projects/{project_slug}/servers/{server_id}/reverse-dns/', { path: { project_slug: project, server_id: serverId } });
  printList(session.output, entries, [
    { header: 'address', value: (entry) => entry.address },
    { header: 'ptr', value: (entry) => entry.ptr },
  ]);
}

export async function getReverseDns({ args: [server, address], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const entry = await session.client.call(
    session.client.raw.GET('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', { params: { path: { project_slug: project, server_id: serverId, address: address! } } }),
  );
  printRecord(session.output, entry, [
    ['Address', entry.address],
    ['PTR', entry.ptr],
  ]);
}

export async function setReverseDns({ args: [server, address, ptr], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  const entry = await session.client.call(
    session.client.raw.PUT('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', {
      params: { path: { project_slug: project, server_id: serverId, address: address! } },
      body: { ptr: ptr! },
    }),
  );
  printRecord(session.output, entry, [
    ['Address', entry.address],
    ['PTR', entry.ptr],
  ]);
}

export async function deleteReverseDns({ args: [server, address], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const serverId = await resolveServerId(session, project, server!);
  await session.client.call(
    session.client.raw.DELETE('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', { params: { path: { project_slug: project, server_id: serverId, address: address! } } }),
  );
  printNote(session.output, `reverse DNS of ${address} removed`);
}
