// The action starts: `cloudplane servers reboot | shutdown | power-on | … [--wait]`.
// Without --wait the started action is printed with how to follow it; with
// --wait the final one is, and an action that did not succeed exits 1.
import type { Action } from '../../client/index.ts';
import type { Handler, Invocation } from '../invocation.ts';
import { resolveServerId, resolveSnapshotId, resolveSshKeyIds } from '../names.ts';
import { printNote, printRecord } from '../output.ts';
import { openSession, type Session } from '../session.ts';
import { followAction, requireActionSuccess, waitRequested } from '../waiting.ts';
import { actionFields } from './activity-views.ts';

interface ActionOptions {
  image?: string;
  /** Ids or names, looked up before the start. */
  sshKey?: string[];
  name?: string;
  /** An id or a name, looked up before the start. */
  snapshot?: string;
  iso?: number;
}

/** The body of the starts that take one (DESIGN D4), from the command's options; SSH keys and snapshots named by name are looked up. */
async function bodyFor(session: Session, project: string, name: string, options: ActionOptions): Promise<Record<string, unknown> | undefined> {
  switch (name) {
    case 'reinstall':
      return { image: options.image!, ...(options.sshKey ? { ssh_keys: await resolveSshKeyIds(session, project, options.sshKey) } : {}) };
    case 'create_snapshot':
      return options.name ? { name: options.name } : {};
    case 'restore_snapshot':
      return { snapshot_id: await resolveSnapshotId(session, project, options.snapshot!) };
    case 'mount_iso':
      return { iso_id: options.iso! };
    default:
      return undefined;
  }
}

/**
 * One POST for the twelve starts: their paths differ only in the name, which
 * the typed paths cannot take as a variable (the definitions in
 * commands/servers.ts list the names). The client adds the Idempotency-Key
 * and retries underneath as for any start.
 */
async function start(session: Session, project: string, serverId: string, name: string, body: Record<string, unknown> | undefined): Promise<Action> {
  const post = session.client.raw.POST as unknown as (path: string, init: unknown) => Promise<{ data?: Action; error?: unknown; response: Response }>;
  return session.client.call(post(`/projects/{project_slug}/servers/{server_id}/actions/${name}/`, { params: { path: { project_slug: project, server_id: serverId } }, ...(body === undefined ? {} : { body }) }));
}

/** `name` is the API's action name (power_on, reboot …). */
export function startAction(name: string): Handler {
  return async ({ args: [server], options, globals }: Invocation) => {
    const actionOptions = options as ActionOptions;
    const session = openSession(globals);
    const project = await session.project();
    const serverId = await resolveServerId(session, project, server!);
    const started = await start(session, project, serverId, name, await bodyFor(session, project, name, actionOptions));
    const wait = waitRequested(options);
    if (!wait) {
      printRecord(session.output, started, actionFields(started));
      printNote(session.output, `follow it with: cloudplane actions wait ${started.id}`);
      return;
    }
    const final = await followAction(session, project, started, wait);
    printRecord(session.output, final, actionFields(final));
    requireActionSuccess(final);
  };
}
