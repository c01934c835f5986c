// METRICS_BACKEND=prometheus against a real Prometheus (Debian's package):
// it scrapes the simulator's counters endpoint (the names
// prometheus-libvirt-exporter gives a libvirt host's domains) every second,
// and GET /projects/{slug}/servers/{id}/metrics/ answers from its query API
// in the built-in store's shape, with the rates the simulator's counters
// make. The app runs on the real clock: Prometheus stamps each sample with
// the moment it scraped. Then Prometheus goes away: 503, as any system behind
// the API that does not answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPERATOR_TOKEN } from '../helpers/build.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { assertProblem } from '../helpers/problems.ts';
import { SCRAPE_INTERVAL_SECONDS, startPrometheus } from '../helpers/prometheus.ts';
import { buildWorld, type World } from '../helpers/world.ts';
import { eventually } from '../helpers/build.ts';
import { SERVER_METRICS_SAMPLE_JOB } from '../../src/modules/servers/index.ts';
import { simulatedCounters, type SimulatedCounters } from '../../src/upstreams/provisioning/simulated-counters.ts';

const SERIES = ['cpu', 'disk.bytes.read', 'disk.bytes.write', 'network.bytes.in', 'network.bytes.out'];
const STEP_SECONDS = 3;
const STEPS = 3;
/** Each step's rate against the simulator's own over the step: Prometheus stamps a sample a few milliseconds before the app reads the counters. */
const TOLERANCE = 0.1;

/** The counter each series is the rate of, and its unit in the API: CPU in percent of the plan's vCPUs, the rest bytes a second. */
const EXPECTED: Record<string, (counters: SimulatedCounters) => number> = {
  // With one vCPU the machine's CPU seconds are the share of its vCPUs busy; the API's percent does not depend on the plan's count.
  cpu: (counters) => (counters.cpuTimeNs / 1e9) * 100,
  'disk.bytes.read': (counters) => counters.diskReadBytes,
  'disk.bytes.write': (counters) => counters.diskWriteBytes,
  'network.bytes.in': (counters) => counters.networkRxBytes,
  'network.bytes.out': (counters) => counters.networkTxBytes,
};

function metricsPath(w: World, serverId: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/projects/${w.slug}/servers/${serverId}/metrics/?${search}`;
}

/** What the simulator says the server did per second over [fromSeconds, toSeconds), in the API's unit. */
function simulatedRate(serverId: string, series: string, fromSeconds: number, toSeconds: number): number {
  const machine = { serverId, cpuCores: 1, startedAtMs: (fromSeconds - 3600) * 1000 };
  const counter = EXPECTED[series]!;
  return (counter(simulatedCounters(machine, toSeconds * 1000)) - counter(simulatedCounters(machine, fromSeconds * 1000))) / (toSeconds - fromSeconds);
}

test('with METRICS_BACKEND=prometheus, metrics are rates Prometheus takes of the scraped counters, in the built-in store’s shape; Prometheus gone is 503', async (t) => {
  const prometheus = await startPrometheus(t);
  const w = await buildWorld(t, {
    credit: '500.00',
    build: {
      config: {
        testClock: false,
        metricsIntervalMs: SCRAPE_INTERVAL_SECONDS * 1000,
        metrics: { backend: 'prometheus', url: prometheus.url, timeoutMs: 2000 },
      },
    },
  });
  const ordered = await orderServer(w, BASE_ORDER);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const serverId = (await waitForOrder(w, ordered.body.id, ['completed'])).server_id as string;

  // The counters endpoint: the exporter's names, the domain named as the libvirt backend names it (the server id); the operator's only.
  const counters = await w.app.admin('/simulator/counters');
  assert.equal(counters.status, 200);
  assert.match(counters.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  for (const name of ['libvirt_domain_info_cpu_time_seconds_total', 'libvirt_domain_block_stats_read_bytes_total', 'libvirt_domain_interface_stats_transmit_bytes_total']) {
    assert.match(counters.body, new RegExp(`^# TYPE ${name} counter$`, 'm'));
    assert.match(counters.body, new RegExp(`^${name}\\{domain="${serverId}"\\} \\d+(\\.\\d+)?(e\\+\\d+)?$`, 'm'));
  }
  assertProblem(await w.app.admin('/simulator/counters', { key: null }), 401, 'unauthenticated', 'no operator token');

  await prometheus.scrape({ url: `${w.app.baseUrl}/admin/v1/simulator/counters`, bearerToken: OPERATOR_TOKEN });
  // Enough scrapes that the range below, and the scrape before it, lie after the first: a dozen at one a second.
  const wanted = STEPS * STEP_SECONDS + 3;
  await eventually(async () => {
    const [sample] = await prometheus.query(`count_over_time(libvirt_domain_info_cpu_time_seconds_total{domain="${serverId}"}[1m])`);
    return sample && Number(sample.value[1]) >= wanted;
  }, 60_000, 250);

  // Whole seconds up to a second ago, so the last step's samples are in.
  const endSeconds = Math.floor(Date.now() / 1000) - 1;
  const startSeconds = endSeconds - STEPS * STEP_SECONDS;
  const start = new Date(startSeconds * 1000).toISOString();
  const end = new Date(endSeconds * 1000).toISOString();
  const response = await w.app.api(metricsPath(w, serverId, { type: 'cpu,disk,network', start, end, step: STEP_SECONDS }), { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const metrics = response.body;
  // The built-in store's answer, key for key and in the same order.
  assert.deepEqual(Object.keys(metrics), ['start', 'end', 'step', 'time_series']);
  assert.deepEqual([metrics.start, metrics.end, metrics.step], [start, end, STEP_SECONDS]);
  assert.deepEqual(Object.keys(metrics.time_series), SERIES);
  for (const name of SERIES) {
    assert.deepEqual(Object.keys(metrics.time_series[name]), ['values']);
    const values: [number, string][] = metrics.time_series[name].values;
    assert.deepEqual(
      values.map(([timestamp]) => timestamp),
      Array.from({ length: STEPS }, (_, step) => startSeconds + step * STEP_SECONDS),
      `${name}: one point at the start of each step, oldest first`,
    );
    for (const [timestamp, value] of values) {
      assert.match(value, /^\d+(\.\d{1,2})?$/, `${name}: a decimal string`);
      const number = Number(value);
      if (name === 'cpu') assert.ok(number > 0 && number <= 100, `cpu ${value} % of the vCPUs`);
      const expected = simulatedRate(serverId, name, timestamp, timestamp + STEP_SECONDS);
      assert.ok(Math.abs(number - expected) <= expected * TOLERANCE, `${name} at ${timestamp}: ${value} from Prometheus, ${expected.toFixed(2)} from the simulator's counters`);
    }
  }

  // Only what was asked for; before the server ran, nothing.
  const cpuOnly = await w.app.api(metricsPath(w, serverId, { type: 'cpu', start, end, step: STEP_SECONDS }), { key: w.key });
  assert.deepEqual(Object.keys(cpuOnly.body.time_series), ['cpu']);
  assert.deepEqual(cpuOnly.body.time_series.cpu, metrics.time_series.cpu);
  const before = await w.app.api(metricsPath(w, serverId, { type: 'disk', start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' }), { key: w.key });
  assert.equal(before.status, 200, JSON.stringify(before.body));
  assert.deepEqual(before.body.time_series, { 'disk.bytes.read': { values: [] }, 'disk.bytes.write': { values: [] } });

  // Prometheus keeps the counters: cloudplane's sampler does not run.
  const samplers = await w.app.app.database.db.selectFrom('jobs').select('status').where('type', '=', SERVER_METRICS_SAMPLE_JOB.name).execute();
  assert.deepEqual(samplers, [], 'no sampler job');

  await prometheus.stop();
  const gone = await w.app.api(metricsPath(w, serverId, { type: 'cpu', start, end, step: STEP_SECONDS }), { key: w.key });
  assertProblem(gone, 503, 'upstream_unavailable', 'Prometheus does not answer');
  assert.equal(gone.headers.get('retry-after'), '30');
});
