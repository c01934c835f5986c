// The fixtures the integration tests share: a world (an app, a user with an
// API key who owns a ready project), members, faults in the systems behind
// the API, servers placed by the operator and SSH keys. Each file used to
// declare its own copies, and the copies had begun to differ; a test that
// needs something else builds it from these.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { build, type BuildOptions, type TestApp } from './build.ts';
import { ed25519Key } from './ssh-keys.ts';

/** What createUser answers: the user and their (first) API key. */
export type TestUser = Awaited<ReturnType<TestApp['createUser']>>;
export type TestUserOptions = NonNullable<Parameters<TestApp['createUser']>[0]>;

export interface World {
  app: TestApp;
  /** The project's slug. */
  slug: string;
  /** The key calls are made with: the owner's, unless a test swaps in another user's ({ ...w, key, userId }). */
  key: string;
  userId: number;
}

export interface WorldOptions {
  /** The project's name (its slug is derived from it). */
  project?: string;
  /** The owner's starting credit; createUser's default when left out. */
  credit?: string;
  /** false: the owner has no billing account. */
  billing?: boolean;
  /** The owner may use the legacy API. */
  legacy?: boolean;
}

/** A new user with an API key who owns a new project, once the provisioning system has confirmed it. */
export async function createWorld(app: TestApp, options: WorldOptions = {}): Promise<World> {
  const { userId, key } = await app.createUser({ credit: options.credit, billing: options.billing, legacy: options.legacy });
  const slug = await app.createReadyProject(key, options.project ?? 'World');
  return { app, slug, key, userId };
}

/** A fresh app (closed after the test) with a world in it; `build` is passed to build(t). */
export async function buildWorld(t: TestContext, options: WorldOptions & { build?: BuildOptions } = {}): Promise<World> {
  const app = await build(t, options.build);
  return createWorld(app, options);
}

/** Another ready project of the world's user, seen the same way. */
export async function otherProject(w: World, name: string): Promise<World> {
  return { ...w, slug: await w.app.createReadyProject(w.key, name) };
}

/** Puts an existing user into the project with this role (operator API). */
export async function addMember(app: TestApp, slug: string, userId: number, role: string): Promise<void> {
  const response = await app.admin(`/projects/${slug}/members/${userId}`, { method: 'PUT', body: { role } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

/** A new user, with an API key, made a member of the project with this role. */
export async function addMemberWithKey(app: TestApp, slug: string, role: string, user: TestUserOptions = {}): Promise<TestUser> {
  const created = await app.createUser(user);
  await addMember(app, slug, created.userId, role);
  return created;
}

export type FaultSystem = 'billing' | 'provisioning' | 'rdns' | 'firewall';

export interface Fault {
  /** ok, down, error or timeout (a string, so a test may loop over modes; the operator API checks it). */
  mode: string;
  /** Calls left before the fault clears by itself; none: until it is set back to ok. */
  count?: number;
  /** For error and timeout: whether the system does the work all the same. */
  committed?: boolean;
}

/** Sets a fault on a system behind the API (PUT /admin/v1/faults/{system}); a mode alone is { mode }. */
export async function setFault(app: TestApp, system: FaultSystem, fault: string | Fault): Promise<void> {
  const body = typeof fault === 'string' ? { mode: fault } : fault;
  const response = await app.admin(`/faults/${system}`, { method: 'PUT', body });
  assert.equal(response.status, 200, JSON.stringify(response.body));
}

/** The body fields placeServer fills in when a test leaves them out. */
export const SERVER_DEFAULTS = { hostname: 'web-1', product_id: 1, location: 'fsn1', image: 'debian-12' };

/**
 * A server placed in the project by the operator (POST /admin/v1/projects/{slug}/servers):
 * running at once, billed, with no order. Answers the full server object.
 */
export async function placeServer(w: Pick<World, 'app' | 'slug'>, body: Record<string, unknown> = {}): Promise<any> {
  const response = await w.app.admin(`/projects/${w.slug}/servers`, { method: 'POST', body: { ...SERVER_DEFAULTS, ...body } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

/** A new ed25519 SSH key in the project, added with the world's key; answers its id. */
export async function addSshKey(w: Pick<World, 'app' | 'slug' | 'key'>, name: string): Promise<number> {
  const response = await w.app.api(`/projects/${w.slug}/ssh-keys/`, { method: 'POST', key: w.key, body: { name, public_key: ed25519Key() } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.id;
}
