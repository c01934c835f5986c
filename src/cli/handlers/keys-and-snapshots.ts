// `cloudplane ssh-keys …` and `cloudplane snapshots …`.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Snapshot, SshKey } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { UsageError } from '../failures.ts';
import { resolveSnapshot, resolveSnapshotId, resolveSshKey, resolveSshKeyId } from '../names.ts';
import { printList, printNote, printRecord, type Column } from '../output.ts';
import { openSession } from '../session.ts';

const KEY_COLUMNS: Column<SshKey>[] = [
  { header: 'id', value: (key) => key.id },
  { header: 'name', value: (key) => key.name },
  { header: 'fingerprint', value: (key) => key.fingerprint },
  { header: 'created', value: (key) => key.created_at, field: 'created_at', optional: true },
];

function keyFields(key: SshKey): [string, unknown][] {
  return [
    ['ID', key.id],
    ['Name', key.name],
    ['Fingerprint', key.fingerprint],
    ['Public key', key.public_key],
    ['Created', key.created_at],
  ];
}

/** The key line from --public-key or --public-key-file (a leading ~ is the home directory, as the shell would have it). */
function publicKeyLine(options: { publicKey?: string; publicKeyFile?: string }): string {
  if (Boolean(options.publicKey) === Boolean(options.publicKeyFile)) throw new UsageError('give the key with --public-key LINE or --public-key-file PATH (one of them)');
  if (options.publicKey) return options.publicKey.trim();
  const path = options.publicKeyFile!.replace(/^~(?=\/|$)/, homedir());
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

export async function listSshKeys({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  printList(session.output, await session.client.listAll('/projects/{project_slug}/ssh-keys/', { path: { project_slug: project } }), KEY_COLUMNS);
}

export async function describeSshKey({ args: [named], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const key = await resolveSshKey(session, project, named!);
  printRecord(session.output, key, keyFields(key));
}

export async function addSshKey({ args: [name], options, globals }: Invocation): Promise<void> {
  const publicKey = publicKeyLine(options);
  const session = openSession(globals);
  const project = await session.project();
  const key = await session.client.call(session.client.raw.POST('/projects/{project_slug}/ssh-keys/', { params: { path: { project_slug: project } }, body: { name: name!, public_key: publicKey } }));
  printRecord(session.output, key, keyFields(key));
}

export async function renameSshKey({ args: [named, name], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const id = await resolveSshKeyId(session, project, named!);
  const key = await session.client.call(
    session.client.raw.PATCH('/projects/{project_slug}/ssh-keys/{ssh_key_id}/', { params: { path: { project_slug: project, ssh_key_id: id } }, body: { name: name! } }),
  );
  printRecord(session.output, key, keyFields(key));
}

export async function deleteSshKey({ args: [named], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const id = await resolveSshKeyId(session, project, named!);
  await session.client.call(session.client.raw.DELETE('/projects/{project_slug}/ssh-keys/{ssh_key_id}/', { params: { path: { project_slug: project, ssh_key_id: id } } }));
  printNote(session.output, `SSH key ${id} deleted`);
}

const SNAPSHOT_COLUMNS: Column<Snapshot>[] = [
  { header: 'id', value: (snapshot) => snapshot.id },
  { header: 'name', value: (snapshot) => snapshot.name },
  { header: 'status', value: (snapshot) => snapshot.status },
  { header: 'server', value: (snapshot) => snapshot.server_id, field: 'server_id', optional: true },
  { header: 'size', value: (snapshot) => (snapshot.size_gb === null ? null : `${snapshot.size_gb} GB`), field: 'size_gb', optional: true },
  { header: 'created', value: (snapshot) => snapshot.created_at, field: 'created_at', optional: true },
];

export async function listSnapshots({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  printList(session.output, await session.client.listAll('/projects/{project_slug}/snapshots/', { path: { project_slug: project } }), SNAPSHOT_COLUMNS);
}

export async function describeSnapshot({ args: [named], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const snapshot = await resolveSnapshot(session, project, named!);
  printRecord(session.output, snapshot, SNAPSHOT_COLUMNS.map((column) => [column.header.replace(/^./, (letter) => letter.toUpperCase()), column.value(snapshot)]));
}

export async function deleteSnapshot({ args: [named], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const id = await resolveSnapshotId(session, project, named!);
  await session.client.call(session.client.raw.DELETE('/projects/{project_slug}/snapshots/{snapshot_id}/', { params: { path: { project_slug: project, snapshot_id: id } } }));
  printNote(session.output, `snapshot ${id} deleted`);
}
