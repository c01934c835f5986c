// Firewall groups, rules and attachments over the project API, for the
// firewall tests (firewall.*.test.ts): paths, calls that must succeed, what a
// server has attached and its firewall generation, and one call of each of
// the eleven endpoints for the tests that refuse them all; what a server's
// controller applied, and the propagation jobs drained.
import assert from 'node:assert/strict';
import type { CallResult } from './build.ts';
import { placeServer, type World, type WorldOptions } from './world.ts';

type Json = Record<string, any>;

/** The world of a firewall test: buildWorld(t, FIREWALL_WORLD). */
export const FIREWALL_WORLD: WorldOptions = { project: 'Firewall' };

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const GROUP_FIELDS = ['created_at', 'direction', 'id', 'name', 'rules', 'servers'];
export const RULE_FIELDS = ['comment', 'destination_cidr', 'id', 'port_max', 'port_min', 'priority', 'protocol', 'source_cidr'];

export const groupsPath = (w: World) => `/projects/${w.slug}/firewall-groups/`;
export const groupPath = (w: World, id: number) => `/projects/${w.slug}/firewall-groups/${id}/`;
export const rulesPath = (w: World, groupId: number) => `/projects/${w.slug}/firewall-groups/${groupId}/rules/`;
export const rulePath = (w: World, groupId: number, ruleId: number) => `/projects/${w.slug}/firewall-groups/${groupId}/rules/${ruleId}/`;
export const attachPath = (w: World, serverId: string) => `/projects/${w.slug}/servers/${serverId}/firewall-groups/`;

export async function createGroup(w: World, name: string, direction = 'ingress', key = w.key): Promise<Json> {
  const response = await w.app.api(groupsPath(w), { method: 'POST', key, body: { name, direction } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

export async function createRule(w: World, groupId: number, body: Json, key = w.key): Promise<Json> {
  const response = await w.app.api(rulesPath(w, groupId), { method: 'POST', key, body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

export async function getGroup(w: World, id: number): Promise<Json> {
  const response = await w.app.api(groupPath(w, id), { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

export async function rulesOf(w: World, groupId: number): Promise<Json[]> {
  const response = await w.app.api(`${rulesPath(w, groupId)}?page_size=100`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.results;
}

/** A server placed by the operator (a CCX13 in nbg1); answers its id. */
export async function place(w: World, hostname: string): Promise<string> {
  return (await placeServer(w, { hostname, product_id: 4, location: 'nbg1', image: 'rocky-9' })).id;
}

export async function attach(w: World, serverId: string, groups: number[], key = w.key): Promise<CallResult> {
  return w.app.api(attachPath(w, serverId), { method: 'PUT', key, body: { firewall_groups: groups } });
}

export async function serverGroups(w: World, serverId: string): Promise<number[] | null> {
  const response = await w.app.api(`/projects/${w.slug}/servers/${serverId}/`, { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.firewall_groups;
}

/** Each server's firewall generation, as stored. */
export async function generations(w: World, ...serverIds: string[]): Promise<number[]> {
  const rows = await w.app.app.database.db.selectFrom('servers').select(['id', 'firewall_generation']).where('id', 'in', serverIds).execute();
  return serverIds.map((id) => Number(rows.find((row) => row.id === id)!.firewall_generation));
}

/** What the controller applied on a server, as the operator API shows it: `{generation, applied_generation, ruleset}`. */
export async function appliedFirewall(w: World, serverId: string): Promise<{ generation: number; applied_generation: number; ruleset: string }> {
  const response = await w.app.admin(`/servers/${serverId}/firewall`);
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body;
}

/** Runs every job that is due now (and what those make due): propagation drained instead of waited for. */
export async function runDueJobs(w: World): Promise<void> {
  const { runner } = w.app.app;
  assert.ok(runner, 'the test app runs a worker');
  await runner.runDueJobs();
}

/** One call of each of the eleven firewall endpoints, with valid bodies. */
export function everyEndpoint(w: World, ids: { group: number; rule: number; server: string }): { name: string; path: string; method: string; body?: Json }[] {
  return [
    { name: 'list groups', method: 'GET', path: groupsPath(w) },
    { name: 'create group', method: 'POST', path: groupsPath(w), body: { name: 'During the fault', direction: 'egress' } },
    { name: 'get group', method: 'GET', path: groupPath(w, ids.group) },
    { name: 'rename group', method: 'PATCH', path: groupPath(w, ids.group), body: { name: 'Renamed during the fault' } },
    { name: 'delete group', method: 'DELETE', path: groupPath(w, ids.group) },
    { name: 'list rules', method: 'GET', path: rulesPath(w, ids.group) },
    { name: 'create rule', method: 'POST', path: rulesPath(w, ids.group), body: { protocol: 'udp', port_min: 53 } },
    { name: 'get rule', method: 'GET', path: rulePath(w, ids.group, ids.rule) },
    { name: 'change rule', method: 'PATCH', path: rulePath(w, ids.group, ids.rule), body: { priority: 7 } },
    { name: 'delete rule', method: 'DELETE', path: rulePath(w, ids.group, ids.rule) },
    { name: 'attach groups', method: 'PUT', path: attachPath(w, ids.server), body: { firewall_groups: [ids.group] } },
  ];
}
