// Names or ids wherever a command names something: a server by its id or its
// hostname, a firewall group, SSH key or snapshot by its id or its name, a
// project by its slug or its name. The API only takes ids, so a name is
// looked up here, before the command's own call.
//
// The rules, the same for every kind:
//   - an exact id wins: what looks like an id (16 hex digits for a server,
//     digits for the others) is read by id first, one GET;
//   - otherwise the name, matched exactly (case and all), in the list (the
//     list endpoints have no name filter, so every page is walked);
//   - a name several of them hold is a usage error (exit 2) listing their
//     ids, since only an id says which one was meant;
//   - no match fails like a 404 (exit 1, "(not_found)"), with "did you mean"
//     when a name is a typo or two away.
import { CloudplaneError, type CloudplaneClient, type CurrentUser, type FirewallGroup, type Server, type ServerSummary, type Snapshot, type SshKey } from '../client/index.ts';
import { CommandFailed, UsageError } from './failures.ts';

/**
 * What a lookup needs of the command's session: its client. Narrower than
 * session.ts's Session (which passes as one) so that the session can look up
 * the project's name without the two files importing each other.
 */
export interface NameLookup {
  client: CloudplaneClient;
}

/** How the messages speak of one kind of thing. */
interface Kind {
  one: string;
  many: string;
  /** What its id is called ("slug" for projects). */
  idWord: string;
  /** What its name is called ("hostname" for servers). */
  nameWord: string;
  /** The command that lists them, for the hint when nothing comes close. */
  listCommand: string;
}

const SERVER: Kind = { one: 'server', many: 'servers', idWord: 'id', nameWord: 'hostname', listCommand: 'cloudplane servers list' };
const FIREWALL_GROUP: Kind = { one: 'firewall group', many: 'firewall groups', idWord: 'id', nameWord: 'name', listCommand: 'cloudplane firewall groups list' };
const SSH_KEY: Kind = { one: 'SSH key', many: 'SSH keys', idWord: 'id', nameWord: 'name', listCommand: 'cloudplane ssh-keys list' };
const SNAPSHOT: Kind = { one: 'snapshot', many: 'snapshots', idWord: 'id', nameWord: 'name', listCommand: 'cloudplane snapshots list' };
const PROJECT: Kind = { one: 'project', many: 'projects', idWord: 'slug', nameWord: 'name', listCommand: 'cloudplane projects list' };

/** The API's server id (servers.schemas.ts): anything else is only ever a hostname. */
const SERVER_ID = /^[0-9a-f]{16}$/;
/** A numeric id the API can take (ids are integers up to 2^53). */
const NUMERIC_ID = /^[1-9]\d{0,14}$/;
/** The API's slug pattern: a value that cannot be a slug can only be a project's name. */
const PROJECT_SLUG = /^[-A-Za-z0-9_]{1,50}$/;

export function looksLikeServerId(value: string): boolean {
  return SERVER_ID.test(value);
}

export function looksLikeProjectSlug(value: string): boolean {
  return PROJECT_SLUG.test(value);
}

/** Nothing has the name (or id) typed: exit 1, with the closest names. */
class NameNotFound extends CommandFailed {}

/**
 * Read by id when the value can be one; when nothing has that id, look it up
 * as a name. When neither finds anything, the answer is the id's own 404, so
 * that a script reading the problem (`-o json`) gets the API's, as before
 * names were looked up; a value that cannot be an id gets the name's error,
 * with its "did you mean".
 */
async function byIdElseName<T>(canBeId: boolean, readById: () => Promise<T>, byName: () => Promise<T>): Promise<T> {
  if (!canBeId) return byName();
  let missing: CloudplaneError;
  try {
    return await readById();
  } catch (error) {
    if (!(error instanceof CloudplaneError && error.status === 404)) throw error;
    missing = error;
  }
  try {
    return await byName();
  } catch (error) {
    throw error instanceof NameNotFound ? missing : error;
  }
}

/**
 * Edit distance with a swap of two neighbours counted as one edit (the
 * commonest typo), on lower case so that a wrong case is always close.
 */
function typoDistance(typed: string, known: string): number {
  const a = typed.toLowerCase();
  const b = known.toLowerCase();
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The names a typo of `typed` could have meant: the closest ones, within an
 * edit for short names and one more for every three characters, so that
 * `web-2` suggests `web-1` but `db-1` does not suggest `web-1`.
 */
export function closeNames(typed: string, names: readonly string[]): string[] {
  const allowed = Math.max(1, Math.floor(typed.length / 3));
  const scored = [...new Set(names)].map((name) => ({ name, distance: typoDistance(typed, name) })).filter((entry) => entry.distance <= allowed);
  const closest = Math.min(...scored.map((entry) => entry.distance));
  return scored.filter((entry) => entry.distance === closest).map((entry) => entry.name);
}

function notFound(kind: Kind, typed: string, names: readonly string[]): NameNotFound {
  const suggestions = closeNames(typed, names).slice(0, 3);
  const hint = suggestions.length
    ? `did you mean ${suggestions.slice(0, -1).join(', ')}${suggestions.length > 1 ? ' or ' : ''}${suggestions.at(-1)}?`
    : `${kind.listCommand} shows them`;
  // The first line reads like the API's own 404 (detail, then the code), which scripts already look for.
  return new NameNotFound(`error: no ${kind.one} has the ${kind.idWord} or ${kind.nameWord} "${typed}" (not_found)\nhint: ${hint}`);
}

/**
 * The one item whose id, else whose name, is `wanted`. An id is checked
 * against the list too: a batch (several groups, several keys) is matched
 * against one walk of the list rather than a GET each.
 */
function pickOne<Item>(kind: Kind, wanted: string, items: readonly Item[], idOf: (item: Item) => string | number, nameOf: (item: Item) => string | null): Item {
  const byId = items.find((item) => String(idOf(item)) === wanted);
  if (byId) return byId;
  const named = items.filter((item) => nameOf(item) === wanted);
  if (named.length === 1) return named[0]!;
  if (named.length > 1) {
    const ids = named.map((item) => String(idOf(item))).join(', ');
    throw new UsageError(`${named.length} ${kind.many} are named ${wanted} (${ids}): name one by ${kind.idWord}`);
  }
  throw notFound(
    kind,
    wanted,
    items.map(nameOf).filter((name): name is string => name !== null),
  );
}

// ---- servers ----------------------------------------------------------------

function readServerById(session: NameLookup, project: string, serverId: string): Promise<Server> {
  return session.client.call(session.client.raw.GET('/projects/{project_slug}/servers/{server_id}/', { params: { path: { project_slug: project, server_id: serverId } } }));
}

/** The list's view of a server read whole. */
function summaryOf(server: Server): ServerSummary {
  const primary = server.network.ipv4.find((entry) => entry.primary) ?? server.network.ipv4[0];
  return {
    id: server.id,
    hostname: server.hostname,
    status: server.status,
    ipv4_primary: primary?.address ?? null,
    location: { code: server.location.code, city: server.location.city, country_code: server.location.country_code },
    plan: { name: server.plan.name },
  };
}

async function serverByHostname(session: NameLookup, project: string, hostname: string): Promise<ServerSummary> {
  const servers = await session.client.listAll('/projects/{project_slug}/servers/', { path: { project_slug: project } });
  return pickOne(SERVER, hostname, servers, (server) => server.id, (server) => server.hostname);
}

/** A server by its id (one GET) or its hostname (the list). */
export function resolveServer(session: NameLookup, project: string, nameOrId: string): Promise<ServerSummary> {
  return byIdElseName(
    looksLikeServerId(nameOrId),
    async () => summaryOf(await readServerById(session, project, nameOrId)),
    () => serverByHostname(session, project, nameOrId),
  );
}

export async function resolveServerId(session: NameLookup, project: string, nameOrId: string): Promise<string> {
  return (await resolveServer(session, project, nameOrId)).id;
}

/** The whole server record, for commands that read it anyway: by id that is the one GET they made before. */
export function readNamedServer(session: NameLookup, project: string, nameOrId: string): Promise<Server> {
  return byIdElseName(
    looksLikeServerId(nameOrId),
    () => readServerById(session, project, nameOrId),
    async () => readServerById(session, project, (await serverByHostname(session, project, nameOrId)).id),
  );
}

// ---- firewall groups, SSH keys, snapshots ------------------------------------

/** A numeric-id resource: read by id when the value is a number, else (or when there is none with that id) found in its list. */
async function resolveNumbered<Item extends { id: number; name: string | null }>(
  kind: Kind,
  nameOrId: string,
  readById: (id: number) => Promise<Item>,
  listAll: () => Promise<Item[]>,
): Promise<Item> {
  return byIdElseName(
    NUMERIC_ID.test(nameOrId),
    () => readById(Number(nameOrId)),
    async () => pickOne(kind, nameOrId, await listAll(), (item) => item.id, (item) => item.name),
  );
}

/** Several at once (`set-firewall-groups a b c`, `--ssh-key a --ssh-key b`): one walk of the list for all of them. */
async function resolveNumberedIds<Item extends { id: number; name: string | null }>(kind: Kind, namesOrIds: readonly string[], listAll: () => Promise<Item[]>): Promise<number[]> {
  if (namesOrIds.length === 0) return [];
  const items = await listAll();
  return namesOrIds.map((nameOrId) => pickOne(kind, nameOrId, items, (item) => item.id, (item) => item.name).id);
}

const listFirewallGroups = (session: NameLookup, project: string) => () =>
  session.client.listAll('/projects/{project_slug}/firewall-groups/', { path: { project_slug: project } });
const listSshKeys = (session: NameLookup, project: string) => () => session.client.listAll('/projects/{project_slug}/ssh-keys/', { path: { project_slug: project } });
const listSnapshots = (session: NameLookup, project: string) => () => session.client.listAll('/projects/{project_slug}/snapshots/', { path: { project_slug: project } });

/** A firewall group by its id or its name (the API keeps names unique in a project, so a name is never ambiguous). */
export function resolveFirewallGroup(session: NameLookup, project: string, nameOrId: string): Promise<FirewallGroup> {
  return resolveNumbered(
    FIREWALL_GROUP,
    nameOrId,
    (id) => session.client.call(session.client.raw.GET('/projects/{project_slug}/firewall-groups/{group_id}/', { params: { path: { project_slug: project, group_id: id } } })),
    listFirewallGroups(session, project),
  );
}

export async function resolveFirewallGroupId(session: NameLookup, project: string, nameOrId: string): Promise<number> {
  return (await resolveFirewallGroup(session, project, nameOrId)).id;
}

export function resolveFirewallGroupIds(session: NameLookup, project: string, namesOrIds: readonly string[]): Promise<number[]> {
  return resolveNumberedIds(FIREWALL_GROUP, namesOrIds, listFirewallGroups(session, project));
}

export function resolveSshKey(session: NameLookup, project: string, nameOrId: string): Promise<SshKey> {
  return resolveNumbered(
    SSH_KEY,
    nameOrId,
    (id) => session.client.call(session.client.raw.GET('/projects/{project_slug}/ssh-keys/{ssh_key_id}/', { params: { path: { project_slug: project, ssh_key_id: id } } })),
    listSshKeys(session, project),
  );
}

export async function resolveSshKeyId(session: NameLookup, project: string, nameOrId: string): Promise<number> {
  return (await resolveSshKey(session, project, nameOrId)).id;
}

export function resolveSshKeyIds(session: NameLookup, project: string, namesOrIds: readonly string[]): Promise<number[]> {
  return resolveNumberedIds(SSH_KEY, namesOrIds, listSshKeys(session, project));
}

export function resolveSnapshot(session: NameLookup, project: string, nameOrId: string): Promise<Snapshot> {
  return resolveNumbered(
    SNAPSHOT,
    nameOrId,
    (id) => session.client.call(session.client.raw.GET('/projects/{project_slug}/snapshots/{snapshot_id}/', { params: { path: { project_slug: project, snapshot_id: id } } })),
    listSnapshots(session, project),
  );
}

export async function resolveSnapshotId(session: NameLookup, project: string, nameOrId: string): Promise<number> {
  return (await resolveSnapshot(session, project, nameOrId)).id;
}

// ---- projects -----------------------------------------------------------------

/**
 * A project by its slug, else its name. `GET /me/` lists every project the
 * key reaches with both, so this is one call and no pages.
 */
export async function resolveProjectSlug(session: NameLookup, slugOrName: string): Promise<string> {
  return projectAmong((await session.client.call(session.client.raw.GET('/me/'))).projects, slugOrName);
}

/** The slug of the project `slugOrName` names among those a key reaches (`GET /me/`'s list). */
export function projectAmong(projects: CurrentUser['projects'], slugOrName: string): string {
  return pickOne(PROJECT, slugOrName, projects, (project) => project.slug, (project) => project.name).slug;
}
