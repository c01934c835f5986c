// `cloudplane reverse-dns list | set | delete`.
import type { Invocation } from '../command-actions.ts';
import { printList, printNote, printRecord } from '../output.ts';
import { openSession } from '../session.ts';

export async function listReverseDns({ args: [serverId], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const entries = await session.client.listAll('/projects/{project_slug}/servers/{server_id}/reverse-dns/', { path: { project_slug: project, server_id: serverId! } });
  printList(session.output, entries, [
    { header: 'address', value: (entry) => entry.address },
    { header: 'ptr', value: (entry) => entry.ptr },
  ]);
}

export async function setReverseDns({ args: [serverId, address, ptr], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const entry = await session.client.call(
    session.client.raw.PUT('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', {
      params: { path: { project_slug: project, server_id: serverId!, address: address! } },
      body: { ptr: ptr! },
    }),
  );
  printRecord(session.output, entry, [
    ['Address', entry.address],
    ['PTR', entry.ptr],
  ]);
}

export async function deleteReverseDns({ args: [serverId, address], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  await session.client.call(
    session.client.raw.DELETE('/projects/{project_slug}/servers/{server_id}/reverse-dns/{address}/', { params: { path: { project_slug: project, server_id: serverId!, address: address! } } }),
  );
  printNote(session.output, `reverse DNS of ${address} removed`);
}
