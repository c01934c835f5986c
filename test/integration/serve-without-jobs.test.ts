// `serve` with CLOUDPLANE_SERVE_JOBS=0 answers requests and runs no job; a
// `cloudplane worker` on the same database runs them, the metrics sampler's
// rounds included, and shows those rounds on its own /metrics
// (WORKER_METRICS_PORT). Real processes, on the suite's engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eventually } from '../helpers/build.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { BASE_ORDER } from '../helpers/orders.ts';
import { cloudplaneProcesses } from '../helpers/processes.ts';

const PASSWORD = 'serve-without-jobs-password';

/** A series' value on a /metrics page, or undefined when the page has no such line. */
function seriesValue(page: string, series: string): number | undefined {
  const line = page.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('serve without jobs answers and runs none; a worker runs them and shows its sampling rounds on its own /metrics', { timeout: 180_000 }, async (t) => {
  const database = await createTestDatabase();
  const processes = cloudplaneProcesses(database);
  t.after(async () => {
    await processes.stopAll();
    await database.drop();
  });
  const api = await processes.serve('serve without jobs', { CLOUDPLANE_SERVE_JOBS: '0' });
  assert.match(api.output(), /jobs +not run here \(CLOUDPLANE_SERVE_JOBS=0\)/);

  const email = `no-jobs-${Date.now()}@example.com`;
  const user = await api.admin('/users', { method: 'POST', body: { email, password: PASSWORD, first_name: 'No', last_name: 'Jobs', billing_account: { currency: 'EUR', credit_balance: '100.00' } } });
  assert.equal(user.status, 201, JSON.stringify(user.body));
  const key = await api.admin(`/users/${user.body.id}/api-keys`, { method: 'POST', body: { name: 'no jobs', expires_at: null } });
  assert.equal(key.status, 201, JSON.stringify(key.body));
  const project = await api.api('/projects/', { method: 'POST', key: key.body.token, body: { name: 'No Jobs' } });
  assert.equal(project.status, 201, JSON.stringify(project.body));
  const projectPath = `/projects/${project.body.slug}/`;

  // This process registered no job, so it has none of the sampler's series; its own requests are counted as ever.
  const servePage = await (await fetch(`${api.baseUrl}/metrics`)).text();
  assert.equal(servePage.includes('cloudplane_metrics_round_lag_seconds'), false, 'serve measures no sampling round');
  assert.equal((await api.api(projectPath, { key: key.body.token })).body.status, 'setting_up', 'nothing set the project up yet');

  // Port 0: any free one; the worker logs where it listens.
  const worker = await processes.worker('worker', { WORKER_METRICS_PORT: '0' });
  const metricsUrl = /"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(worker.output())?.[1];
  assert.ok(metricsUrl, `the worker says where its /metrics is:\n${worker.output()}`);
  await eventually(async () => (await api.api(projectPath, { key: key.body.token })).body.status === 'ready', 30_000);

  const placed = await api.admin(`/projects/${project.body.slug}/servers`, { method: 'POST', body: { ...BASE_ORDER, hostname: 'sampled' } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  // The next minute's boundary: a round there samples the running server.
  assert.equal((await api.admin('/clock/advance', { method: 'POST', body: { seconds: 60 } })).status, 200);
  let workerPage = '';
  await eventually(async () => {
    workerPage = await (await fetch(metricsUrl)).text();
    return (seriesValue(workerPage, 'cloudplane_metrics_round_servers') ?? 0) >= 1;
  }, 30_000, 100);
  assert.ok((seriesValue(workerPage, 'cloudplane_metrics_round_lag_seconds_count') ?? 0) >= 1, 'the round is in the lag histogram');
  assert.equal(seriesValue(workerPage, 'cloudplane_metrics_round_servers'), 1);

  const health = await fetch(metricsUrl.replace('/metrics', '/healthz'));
  assert.equal(health.status, 200);
  assert.equal(((await health.json()) as { status: string }).status, 'ok');
  // A worker has no API.
  const elsewhere = await fetch(metricsUrl.replace('/metrics', '/api/v1/me/'));
  assert.equal(elsewhere.status, 404);
  assert.equal(elsewhere.headers.get('content-type'), 'application/problem+json; charset=utf-8');
});
