// Drift between hosts and rows (D26) on the built-in simulator: a host's
// report (GET /admin/v1/hosts/{id}/drift), a check asked for (POST
// …/drift/check), the cloudplane_host_drift_items gauge, 404 and the operator
// token. The simulator's drift hook (DELETE /admin/v1/simulator/machines/{id})
// makes an ordered server's machine vanish as a domain undefined behind
// cloudplane's back: the report names it at once, the server shows `stopped`
// on the project API, the legacy API and the console, an action on it ends
// `error` with `machine_missing`, and nothing is deleted. Unknown domains and
// volumes and power states that differ: libvirt-hosts.test.ts on real libvirt,
// and drift-comparison.test.ts for the rules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { failed, getServer, startOk } from '../helpers/actions.ts';
import { buildWorld, type World } from '../helpers/world.ts';

type Json = any;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const PASSWORD = 'correct horse battery staple';

async function registerHost(app: TestApp, name: string): Promise<Json> {
  const response = await app.admin('/hosts', {
    method: 'POST',
    body: { name, location: BASE_ORDER.location, uri: `qemu+ssh://root@${name}.example.net/system`, cpu_cores: 16, ram_mb: 16384, disk_gb: 400 },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body;
}

/** The host's report once its check asked for now has run (the worker's due jobs, drained). */
async function checkedReport(app: TestApp, hostId: number): Promise<Json> {
  const asked = await app.admin(`/hosts/${hostId}/drift/check`, { method: 'POST' });
  assert.equal(asked.status, 202, JSON.stringify(asked.body));
  await app.app.runner!.runDueJobs();
  const report = await app.admin(`/hosts/${hostId}/drift`);
  assert.equal(report.status, 200, JSON.stringify(report.body));
  assert.deepEqual(Object.keys(report.body).sort(), ['checked_at', 'error', 'host_id', 'items']);
  assert.match(report.body.checked_at, ISO_UTC);
  return report.body;
}

/** The gauge's series for a host, by kind. */
async function driftGauge(app: TestApp, host: string): Promise<Record<string, number>> {
  const metrics = await app.raw('/metrics');
  assert.equal(metrics.status, 200);
  const series = [...String(metrics.body).matchAll(/^cloudplane_host_drift_items\{(.*)\} (\d+)$/gm)];
  const labelled = series.map(([, labels, value]) => ({ labels: Object.fromEntries([...labels!.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, text]) => [key, text])), value: Number(value) }));
  return Object.fromEntries(labelled.filter((entry) => entry.labels.host === host).map((entry) => [entry.labels.kind, entry.value]));
}

async function orderedServer(w: World, hostname: string): Promise<Json> {
  const ordered = await orderServer(w, { ...BASE_ORDER, hostname });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const order = await waitForOrder(w, ordered.body.id, ['completed']);
  return getServer(w, order.server_id);
}

test('a machine lost behind cloudplane’s back: named at once, the server shown stopped everywhere, its actions end machine_missing, nothing deleted', async (t) => {
  const w = await buildWorld(t, { credit: '100.00', legacy: true, project: 'Drift' });
  const { app } = w;
  const host = await registerHost(app, 'hv-drift');
  const server = await orderedServer(w, 'lost-1');
  const neighbour = await orderedServer(w, 'kept-1');
  assert.equal(server.status, 'running');

  // The host and the rows agree: nothing to report, and the gauge says so by kind.
  const clean = await checkedReport(app, host.id);
  assert.deepEqual(clean, { host_id: host.id, checked_at: clean.checked_at, error: null, items: [] });
  assert.deepEqual(await driftGauge(app, 'hv-drift'), { unknown_domain: 0, unknown_volume: 0, missing_machine: 0, power_state: 0 });

  const lost = await app.admin(`/simulator/machines/${server.id}`, { method: 'DELETE' });
  assert.equal(lost.status, 204, JSON.stringify(lost.body));
  assertProblem(await app.admin(`/simulator/machines/${server.id}`, { method: 'DELETE' }), 404, 'not_found');

  const report = await checkedReport(app, host.id);
  assert.equal(report.items.length, 1, JSON.stringify(report));
  const [item] = report.items;
  assert.deepEqual({ ...item, since: undefined }, { kind: 'missing_machine', server_id: server.id, domain: null, volume: null, expected: 'running', actual: 'missing', since: undefined });
  assert.match(item.since, ISO_UTC);
  assert.deepEqual(await driftGauge(app, 'hv-drift'), { unknown_domain: 0, unknown_volume: 0, missing_machine: 1, power_state: 0 });

  // Not running on any interface: the project API's list and server, the legacy API's status, the console.
  const listed = (await app.api(`/projects/${w.slug}/servers/`, { key: w.key })).body.results;
  assert.deepEqual(
    listed.map((row: Json) => [row.id, row.status]).sort(),
    [
      [server.id, 'stopped'],
      [neighbour.id, 'running'],
    ].sort(),
  );
  assert.equal((await getServer(w, server.id)).status, 'stopped');
  const legacyStatus = await app.legacy(`/api/v1/servers/${server.billing.service_id}/status`, { key: w.key });
  assert.deepEqual(legacyStatus.body, { result: 'success', data: { status: 'offline' } });
  const browser = consoleClient(app);
  const member = await app.createUser({ password: PASSWORD });
  await app.admin(`/projects/${w.slug}/members/${member.userId}`, { method: 'PUT', body: { role: 'member' } });
  assert.equal((await browser.signIn(member.email, PASSWORD)).status, 303, 'a member signs in to the console');
  const page = await browser.get(`/console/projects/${w.slug}/servers/${server.id}`);
  assert.equal(page.status, 200, visibleText(page.html));
  assert.match(visibleText(page.html), /Stopped/);
  assert.doesNotMatch(visibleText(page.html), /\bRunning\b/);

  // An action on it ends error, saying the machine is missing; the neighbour's still works.
  const reboot = await failed(w, (await startOk(w, server.id, 'reboot')).id);
  assert.equal(reboot.error!.code, 'machine_missing');
  assert.match(reboot.error!.message, /machine is missing/);

  // Reported, never repaired: the server and the simulator's record of its machine are still there.
  assert.equal((await getServer(w, server.id)).status, 'stopped');
  const record = await app.app.database.db.selectFrom('provisioning_servers').select('status').where('server_id', '=', server.id).executeTakeFirstOrThrow();
  assert.equal(record.status, 'lost');
  assert.deepEqual((await checkedReport(app, host.id)).items.map((entry: Json) => [entry.kind, entry.server_id, entry.since]), [['missing_machine', server.id, item.since]], 'the same item, the same since');
});

test('drift routes: 404 for a host there is not, the operator token only; a removed host takes its report, series and check job with it', async (t) => {
  const w = await buildWorld(t, { project: 'Drift' });
  const { app } = w;
  assertProblem(await app.admin('/hosts/999999/drift'), 404, 'not_found');
  assertProblem(await app.admin('/hosts/999999/drift/check', { method: 'POST' }), 404, 'not_found');

  const host = await registerHost(app, 'hv-gone');
  for (const key of [null, w.key]) {
    assertProblem(await app.admin(`/hosts/${host.id}/drift`, { key }), 401, 'unauthenticated');
    assertProblem(await app.admin(`/hosts/${host.id}/drift/check`, { method: 'POST', key }), 401, 'unauthenticated');
  }
  // Before its first check a host's report is empty and says so.
  const first = await app.admin(`/hosts/${host.id}/drift`);
  assert.equal(first.status, 200);
  assert.equal(first.body.host_id, host.id);
  await checkedReport(app, host.id);
  assert.equal((await driftGauge(app, 'hv-gone')).missing_machine, 0);

  const removed = await app.admin(`/hosts/${host.id}`, { method: 'DELETE' });
  assert.equal(removed.status, 204, JSON.stringify(removed.body));
  assertProblem(await app.admin(`/hosts/${host.id}/drift`), 404, 'not_found');
  assert.deepEqual(await driftGauge(app, 'hv-gone'), {});
  // Its job's next round finds the host gone and ends.
  assert.equal((await app.admin('/clock/advance', { method: 'POST', body: { seconds: 61 } })).status, 200);
  await app.app.runner!.runDueJobs();
  const jobs = await app.app.database.db.selectFrom('jobs').select('status').where('type', '=', 'host_drift.check').execute();
  assert.deepEqual(jobs.map((job) => job.status), ['done'], 'the host’s check job ended with the host');
  assert.equal((await app.app.database.db.selectFrom('host_drift').select('host_id').execute()).length, 0);
});
