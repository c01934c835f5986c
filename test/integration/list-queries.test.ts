// No list reads once per item (issue 14): each list of both APIs is read
// with one item and with several, and must run the same number of
// statements and make the same calls to the systems behind the API both
// times. Counted, not timed (helpers/counting.ts): a list that looks an
// address, a billing service or a firewall attachment up per item fails here
// however fast the machine is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { countedServices, type Tally } from '../helpers/counting.ts';
import { attach, createGroup, createRule } from '../helpers/firewall.ts';
import { orderServer } from '../helpers/orders.ts';
import { addSshKey, createWorld, placeServer, type World } from '../helpers/world.ts';

const PAGE = { limit: 50, offset: 0 };

/** One of every listed thing (or several), made through the APIs as a client would; the servers made, by name. */
async function addItems(w: World, count: number, round: string, servers: Map<string, { id: string; serviceId: number }>): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const name = `${round}-${index}`;
    // The first round's server has one address, a later one four: the reverse DNS list grows with them.
    const server = await placeServer(w, { hostname: name, ipv4_additional: round === 'one' ? 0 : 3 });
    servers.set(name, { id: server.id, serviceId: server.billing.service_id });
    await addSshKey(w, name);
    const project = await w.app.api('/projects/', { method: 'POST', key: w.key, body: { name: `Project ${name}` } });
    assert.equal(project.status, 201, JSON.stringify(project.body));
    const reboot = await w.app.api(`/projects/${w.slug}/servers/${server.id}/actions/reboot/`, { method: 'POST', key: w.key });
    assert.equal(reboot.status, 202, JSON.stringify(reboot.body));
    const order = await orderServer(w, { hostname: `ordered-${name}`, product_id: 1, location: 'fsn1', image: 'debian-12' }, { idempotencyKey: `order-${name}` });
    assert.ok(order.status === 201, JSON.stringify(order.body));
    const group = await createGroup(w, `group-${name}`);
    await createRule(w, group.id, { protocol: 'tcp', port_min: 22, port_max: 22, source_cidr: '0.0.0.0/0' });
    assert.equal((await attach(w, server.id, [group.id])).status, 200);
    // Snapshots are made by a server action that takes a while; their list only reads rows, so rows do.
    const projectId = (await w.app.app.database.db.selectFrom('projects').select('id').where('slug', '=', w.slug).executeTakeFirstOrThrow()).id;
    await w.app.app.database.db
      .insertInto('snapshots')
      .values({ project_id: projectId, server_id: server.id, name, status: 'completed', size_gb: 20, created_at: new Date().toISOString() })
      .execute();
  }
}

test('every list costs the same statements and upstream calls for one item as for four', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { legacy: true, credit: '500.00' });
  const actor = (await app.app.services.apiKeys.authenticate(w.key))!;
  const { services, legacy, cost } = countedServices(app);
  const servers = new Map<string, { id: string; serviceId: number }>();

  const lists: Record<string, (round: 'one' | 'more') => () => Promise<{ length: number }>> = {
    'project API servers': () => async () => (await services.servers.list(actor, w.slug, PAGE)).servers,
    'legacy servers': () => () => legacy.listServers(actor),
    'SSH keys': () => async () => (await services.sshKeys.list(actor, w.slug, PAGE)).sshKeys,
    projects: () => async () => (await services.projects.list(actor, PAGE)).projects,
    actions: () => async () => (await services.actions.list(actor, w.slug, {}, PAGE)).actions,
    orders: () => () => services.orders.list(actor, w.slug),
    snapshots: () => async () => (await services.snapshots.list(actor, w.slug, PAGE)).snapshots,
    'firewall groups': () => async () => (await services.firewall.listGroups(actor, w.slug, PAGE)).groups,
    'reverse DNS of a server': (round) => async () =>
      (await services.reverseDns.list(actor, w.slug, servers.get(round === 'one' ? 'one-0' : 'more-0')!.id, PAGE)).entries,
  };

  const measure = async (round: 'one' | 'more') => {
    const costs: Record<string, Tally & { items: number }> = {};
    for (const [name, read] of Object.entries(lists)) {
      const items = (await read(round)()).length;
      costs[name] = { ...(await cost(read(round))), items };
    }
    return costs;
  };

  await addItems(w, 1, 'one', servers);
  const one = await measure('one');
  await addItems(w, 3, 'more', servers);
  const more = await measure('more');

  for (const name of Object.keys(lists)) {
    const label = `${name}: ${JSON.stringify(one[name])} vs ${JSON.stringify(more[name])}`;
    assert.ok(more[name]!.items > one[name]!.items, `${label}: the list grew`);
    assert.equal(more[name]!.statements, one[name]!.statements, `${label}: statements`);
    assert.deepEqual(more[name]!.calls, one[name]!.calls, `${label}: upstream calls`);
  }
  if (process.env.TEST_LOG_COSTS) console.log(more);
  // The project's server page: the project check, its count, and the page with its addresses.
  assert.ok(more['project API servers']!.statements <= 3, JSON.stringify(more['project API servers']));
  // The legacy list reads every service of the page in one billing call, and nothing else of billing.
  assert.deepEqual(more['legacy servers']!.calls, { 'billing.getServices': 1 });
  assert.deepEqual(more['project API servers']!.calls, {});
});

test('one legacy server is read the same way as the list: one billing call', async (t) => {
  const app = await build(t);
  const w = await createWorld(app, { legacy: true });
  const actor = (await app.app.services.apiKeys.authenticate(w.key))!;
  const { legacy, cost } = countedServices(app);
  const placed = await placeServer(w, { ipv4_additional: 2 });
  const tally = await cost(() => legacy.showServer(actor, placed.billing.service_id));
  assert.deepEqual(tally.calls, { 'billing.getServices': 1 });
  assert.ok(tally.statements <= 3, JSON.stringify(tally));
  const view = await legacy.showServer(actor, placed.billing.service_id);
  assert.equal(view.network.primary_ipaddress, placed.network.ipv4.find((entry: { primary: boolean }) => entry.primary).address);
});
