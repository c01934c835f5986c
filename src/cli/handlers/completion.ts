// `cloudplane __complete KIND [PREFIX]`: what the completion scripts
// (completion.ts) ask while the user types. One candidate a line, a tab, then
// what it is: "web-1<TAB>server 3f9c2a1b7d4e8f60, running". bash keeps the
// word; zsh and fish show the description beside it.
//
// A completion must never get in the way of the line being typed, so each
// request is sent once (a retry would outlast the user's patience), one
// deadline of a second covers all of them, and on any failure (no context, a
// refusal, no answer in time) nothing is printed and the exit code is 0:
// what the shell shows is then simply no candidates. Like every handler this
// loads the client and the config file, never the service.
import type { Command } from 'commander';
import type { GlobalOptions } from '../invocation.ts';
import type { CompletionKind } from '../completion-tree.ts';
import { isCompletionKind } from '../completion-tree.ts';
import { readContextFile } from '../contexts.ts';
import { openSession, type Session } from '../session.ts';

/** Long enough for a list or two from a service that answers, short enough that a shell waiting on it is not noticed hanging. */
export const COMPLETION_DEADLINE_MS = 1000;

interface Candidate {
  value: string;
  description: string;
}

/**
 * Things a command takes by name or by id: each name (once, even when several
 * hold it; the command then asks for an id) and each id, both described.
 */
function namesAndIds<Item>(
  items: Item[],
  parts: { id: (item: Item) => string | number; name: (item: Item) => string | null; byName: (item: Item) => string; byId: (item: Item) => string; plural: string },
): Candidate[] {
  const holders = new Map<string, Item[]>();
  for (const item of items) {
    const name = parts.name(item);
    if (name) holders.set(name, [...(holders.get(name) ?? []), item]);
  }
  const byName = [...holders].map(([name, [first, ...others]]) => ({
    value: name,
    description: others.length === 0 ? parts.byName(first!) : `${others.length + 1} ${parts.plural}: name one by id`,
  }));
  return [...byName, ...items.map((item) => ({ value: String(parts.id(item)), description: parts.byId(item) }))];
}

/** `open` makes the session when a kind needs the API: an error there (no context) is a failure like any other. */
type Lister = (open: () => Session) => Promise<Candidate[]>;

/** Lists are walked to their last page (100 a request), every request under the same deadline. */
const LISTERS: Record<CompletionKind, Lister> = {
  async server(open) {
    const session = open();
    const servers = await session.client.listAll('/projects/{project_slug}/servers/', { path: { project_slug: await session.project() } });
    return namesAndIds(servers, {
      id: (server) => server.id,
      name: (server) => server.hostname,
      byName: (server) => `server ${server.id}, ${server.status}`,
      byId: (server) => `${server.hostname ?? 'no hostname'}, ${server.status}`,
      plural: 'servers',
    });
  },
  async 'firewall-group'(open) {
    const session = open();
    const groups = await session.client.listAll('/projects/{project_slug}/firewall-groups/', { path: { project_slug: await session.project() } });
    return namesAndIds(groups, {
      id: (group) => group.id,
      name: (group) => group.name,
      byName: (group) => `firewall group ${group.id}, ${group.direction}`,
      byId: (group) => `${group.name}, ${group.direction}`,
      plural: 'firewall groups',
    });
  },
  async 'ssh-key'(open) {
    const session = open();
    const keys = await session.client.listAll('/projects/{project_slug}/ssh-keys/', { path: { project_slug: await session.project() } });
    return namesAndIds(keys, { id: (key) => key.id, name: (key) => key.name, byName: (key) => `SSH key ${key.id}`, byId: (key) => key.name, plural: 'SSH keys' });
  },
  async snapshot(open) {
    const session = open();
    const snapshots = await session.client.listAll('/projects/{project_slug}/snapshots/', { path: { project_slug: await session.project() } });
    return namesAndIds(snapshots, {
      id: (snapshot) => snapshot.id,
      name: (snapshot) => snapshot.name,
      byName: (snapshot) => `snapshot ${snapshot.id}, ${snapshot.status}`,
      byId: (snapshot) => `${snapshot.name}, ${snapshot.status}`,
      plural: 'snapshots',
    });
  },
  // A project is named by its slug: it never changes, and is what `projects list` shows first.
  async project(open) {
    const session = open();
    const projects = await session.client.listAll('/projects/');
    return projects.map((project) => ({ value: project.slug, description: project.name }));
  },
  // The config file, not the API: no session, and so no context that must work.
  async context() {
    const file = readContextFile();
    return Object.entries(file.contexts).map(([name, context]) => ({ value: name, description: `${context.url}${name === file.current ? ' (current)' : ''}` }));
  },
  async image(open) {
    const session = open();
    const images = await session.client.call(session.client.raw.GET('/projects/{project_slug}/images/', { params: { path: { project_slug: await session.project() } } }));
    return images.map((image) => ({ value: image.name, description: image.display_name }));
  },
  async location(open) {
    const session = open();
    const locations = await session.client.call(session.client.raw.GET('/projects/{project_slug}/locations/', { params: { path: { project_slug: await session.project() } } }));
    return locations.map((location) => ({ value: location.code, description: `${location.city}, ${location.country}` }));
  },
  // Products and ISOs are taken by id only; the name is the description.
  async product(open) {
    const session = open();
    const products = await session.client.call(session.client.raw.GET('/projects/{project_slug}/products/', { params: { path: { project_slug: await session.project() } } }));
    return products.map((product) => ({ value: String(product.id), description: `${product.name} (${product.category})` }));
  },
  async iso(open) {
    const session = open();
    const isos = await session.client.call(session.client.raw.GET('/projects/{project_slug}/isos/', { params: { path: { project_slug: await session.project() } } }));
    return isos.map((iso) => ({ value: String(iso.id), description: iso.name ?? '' }));
  },
};

/** Rejects when the deadline passes, so that nothing awaited past it can hold the answer back. */
function deadlinePassed(deadline: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const passed = () => reject(new Error(`no answer within ${COMPLETION_DEADLINE_MS} ms`));
    if (deadline.aborted) passed();
    deadline.addEventListener('abort', passed, { once: true });
  });
}

/** A tab or a line break inside a value would split it into two candidates: such a value is left out, a description flattened. */
const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

export async function printCandidates(kind: string, prefix: string, command: Command): Promise<void> {
  if (!isCompletionKind(kind)) return;
  const deadline = AbortSignal.timeout(COMPLETION_DEADLINE_MS);
  // Sent once (as --no-retry would): a retry could only land after the deadline.
  const open = () => openSession({ ...command.optsWithGlobals<GlobalOptions>(), retry: false }, { signal: deadline });
  let candidates: Candidate[];
  try {
    candidates = await Promise.race([LISTERS[kind](open), deadlinePassed(deadline)]);
  } catch {
    // Whatever went wrong, the user's line is no place to say it: no candidates.
    return;
  }
  const seen = new Set<string>();
  const lines = candidates
    .filter((candidate) => candidate.value.startsWith(prefix) && !/[\t\r\n]/.test(candidate.value) && !seen.has(candidate.value) && seen.add(candidate.value))
    .map((candidate) => `${candidate.value}\t${oneLine(candidate.description)}\n`);
  process.stdout.write(lines.join(''));
}
