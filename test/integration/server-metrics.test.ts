// GET /projects/{slug}/servers/{id}/metrics/ over the built-in simulator:
// the sampler (one recurring job) reads every running server's counters each
// minute of the operator clock; the endpoint turns them into rates, one point
// per step. Then the refusals: bad queries (400 on the field), servers that
// are not the caller's (404), and who may read (any member, read-only keys).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestApp } from '../helpers/build.ts';
import { openMigratedDatabase } from '../helpers/database.ts';
import { assertFieldError, assertProblem } from '../helpers/problems.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';
import { runAction } from '../helpers/servers.ts';
import { addMemberWithKey, buildWorld, otherProject, placeServer, type World } from '../helpers/world.ts';
import { systemClock } from '../../src/clock.ts';
import { ensureServerMetricsSampling, SERVER_METRICS_SAMPLE_JOB, serverMetricKey } from '../../src/modules/servers/index.ts';

const MINUTE_MS = 60_000;
const SERIES = ['cpu', 'disk.bytes.read', 'disk.bytes.write', 'network.bytes.in', 'network.bytes.out'];

async function advance(app: TestApp, seconds: number): Promise<number> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return Date.parse(response.body.now);
}

/** Runs what is due now, the sampler included when the clock passed a minute. */
async function drain(w: World): Promise<void> {
  await w.app.app.runner!.runDueJobs();
}

/**
 * Moves the clock to 30 s past the next minute and runs the sampler there: from
 * then on each advance of a minute passes exactly one minute boundary (the
 * sampler's), and real time, a few milliseconds a step, never reaches the next.
 */
async function alignToHalfMinute(w: World): Promise<void> {
  const now = await advance(w.app, 0);
  await advance(w.app, (MINUTE_MS + MINUTE_MS / 2 - (now % MINUTE_MS)) / 1000);
  await drain(w);
}

async function sampleTimes(w: World, serverId: string): Promise<string[]> {
  const rows = await w.app.app.database.db.selectFrom('server_metric_samples').select('at').where('server_key', '=', serverMetricKey(serverId)).orderBy('at').execute();
  return rows.map((row) => new Date(Number(row.at)).toISOString());
}

function metricsPath(w: World, serverId: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/projects/${w.slug}/servers/${serverId}/metrics/?${search}`;
}

/** The `seconds` up to now on the service's clock, as a query's start and end. */
function recentRange(w: World, seconds: number): { type: string; start: string; end: string } {
  const now = w.app.app.clock.now().getTime();
  return { type: 'cpu', start: new Date(now - seconds * 1000).toISOString(), end: new Date(now).toISOString() };
}

/** A query that is valid in every way, for the tests that spoil one part of it. */
const VALID = { type: 'cpu', start: '2025-03-01T12:00:00Z', end: '2025-03-01T13:00:00Z' };

/** A server ordered through the API, so the simulator created it with its plan (2 vCPUs). */
async function orderedServer(w: World): Promise<string> {
  const ordered = await orderServer(w, BASE_ORDER);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const order = await waitForOrder(w, ordered.body.id, ['completed']);
  return order.server_id as string;
}

test('a running server is sampled each minute; its metrics are one plausible point per minute for each series', async (t) => {
  const w = await buildWorld(t, { credit: '500.00' });
  const serverId = await orderedServer(w);
  await alignToHalfMinute(w);
  const [first] = (await sampleTimes(w, serverId)).slice(-1);
  assert.ok(first, 'the sampler read the server once the clock passed a minute');

  for (let minute = 0; minute < 6; minute += 1) {
    await advance(w.app, 60);
    await drain(w);
  }
  const times = (await sampleTimes(w, serverId)).filter((at) => at >= first);
  assert.equal(times.length, 7, `one sample a minute: ${times.join(', ')}`);
  for (let index = 1; index < times.length; index += 1) {
    const apart = Date.parse(times[index]!) - Date.parse(times[index - 1]!);
    assert.ok(apart >= MINUTE_MS && apart < MINUTE_MS + 5_000, `samples a minute apart (${apart} ms)`);
  }

  const startMs = Date.parse(first);
  const end = new Date(Date.parse(times.at(-1)!) + 30_000).toISOString();
  const response = await w.app.api(metricsPath(w, serverId, { type: 'cpu,disk,network', start: first, end, step: 60 }), { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  const metrics = response.body;
  assert.equal(metrics.start, first);
  assert.equal(metrics.end, end);
  assert.equal(metrics.step, 60);
  assert.deepEqual(Object.keys(metrics.time_series).sort(), SERIES);
  for (const name of SERIES) {
    const values: [number, string][] = metrics.time_series[name].values;
    // Each of the six minutes after the first sample is one pair of samples, so one point; the first sample only starts the first pair.
    assert.deepEqual(
      values.map(([timestamp]) => timestamp),
      [1, 2, 3, 4, 5, 6].map((step) => (startMs + step * MINUTE_MS) / 1000),
      `${name}: a point at the start of each step`,
    );
    for (const [, value] of values) {
      assert.match(value, /^\d+(\.\d{1,2})?$/, `${name}: a decimal string`);
      const number = Number(value);
      if (name === 'cpu') assert.ok(number >= 5 && number <= 40, `cpu ${value} % of the vCPUs`);
      else if (name.startsWith('network')) assert.ok(number > 100 && number < 100_000, `${name} ${value} B/s`);
      else assert.ok(number > 0 && number < 100_000, `${name} ${value} B/s`);
    }
  }

  // Without a step: the sampling interval (60 s), since that keeps the series under 200 points; the same points.
  const byDefault = await w.app.api(metricsPath(w, serverId, { type: 'cpu,disk,network', start: first, end }), { key: w.key });
  assert.equal(byDefault.status, 200, JSON.stringify(byDefault.body));
  assert.deepEqual(byDefault.body, metrics);

  // A coarser step adds pairs up: three points of two minutes each, each the average of its two.
  const coarse = await w.app.api(metricsPath(w, serverId, { type: 'network', start: first, end, step: 120 }), { key: w.key });
  assert.equal(coarse.status, 200, JSON.stringify(coarse.body));
  assert.deepEqual(Object.keys(coarse.body.time_series).sort(), ['network.bytes.in', 'network.bytes.out']);
  const fine = metrics.time_series['network.bytes.in'].values.map(([, value]: [number, string]) => Number(value));
  const pairs = coarse.body.time_series['network.bytes.in'].values;
  assert.equal(pairs.length, 4, 'minutes 1 | 2, 3 | 4, 5 | 6 fall into steps 0 to 3');
  assert.ok(Math.abs(Number(pairs[1][1]) - (fine[1] + fine[2]) / 2) < 1, `step 1 averages minutes 2 and 3: ${pairs[1][1]} vs ${fine[1]}, ${fine[2]}`);

  // A range that ends exactly at a sample: that sample's pair closes the last step, and no point starts at the end.
  const lastMs = Date.parse(times.at(-1)!);
  const closing = await w.app.api(metricsPath(w, serverId, { type: 'cpu', start: new Date(lastMs - 3 * MINUTE_MS).toISOString(), end: times.at(-1)!, step: 60 }), { key: w.key });
  assert.equal(closing.status, 200, JSON.stringify(closing.body));
  const closingTimes = closing.body.time_series.cpu.values.map(([timestamp]: [number, string]) => timestamp);
  assert.ok(closingTimes.every((timestamp: number) => timestamp < lastMs / 1000), `no point at or after the end: ${closingTimes.join(', ')}`);
  assert.equal(closingTimes.at(-1), (lastMs - MINUTE_MS) / 1000, 'the pair ending at the end is in the last step');

  // Only what was asked for; a range before any sample has empty series.
  const cpuOnly = await w.app.api(metricsPath(w, serverId, { type: 'cpu', start: first, end }), { key: w.key });
  assert.deepEqual(Object.keys(cpuOnly.body.time_series), ['cpu']);
  const before = await w.app.api(metricsPath(w, serverId, { type: 'disk,disk', start: '2020-01-01T00:00:00Z', end: '2020-01-02T00:00:00Z' }), { key: w.key });
  assert.equal(before.status, 200, JSON.stringify(before.body));
  assert.deepEqual(before.body.time_series, { 'disk.bytes.read': { values: [] }, 'disk.bytes.write': { values: [] } });
  assert.equal(before.body.step, 3600, 'a day older than every retention: the hourly rollups, at their step');
});

test('a stopped server is not sampled: its graph has a gap, and starts again when it runs', async (t) => {
  const w = await buildWorld(t);
  const server = await placeServer(w);
  await alignToHalfMinute(w);
  await advance(w.app, 60);
  await drain(w);
  const whileRunning = await sampleTimes(w, server.id);
  assert.ok(whileRunning.length >= 2, `sampled while running: ${whileRunning.join(', ')}`);

  await runAction(w.app, w.key, w.slug, server.id, 'power_off');
  for (let minute = 0; minute < 10; minute += 1) {
    await advance(w.app, 60);
    await drain(w);
  }
  assert.deepEqual(await sampleTimes(w, server.id), whileRunning, 'no sample while stopped');

  await runAction(w.app, w.key, w.slug, server.id, 'power_on');
  for (let minute = 0; minute < 2; minute += 1) {
    await advance(w.app, 60);
    await drain(w);
  }
  const all = await sampleTimes(w, server.id);
  assert.equal(all.length, whileRunning.length + 2, 'sampled again once running');
  const response = await w.app.api(metricsPath(w, server.id, { type: 'cpu', start: whileRunning[0]!, end: new Date(Date.parse(all.at(-1)!) + 1000).toISOString(), step: 60 }), { key: w.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  // Before the stop: the pairs while it ran; after it: one pair (the two samples since); none across the ten stopped minutes.
  assert.equal(response.body.time_series.cpu.values.length, whileRunning.length - 1 + 1);
});

test('a bad query is 400 validation_error on its field; nothing else is looked at first', async (t) => {
  const w = await buildWorld(t);
  const server = await placeServer(w);
  const cases: [string, Record<string, string | number>, string][] = [
    ['no type', { start: VALID.start, end: VALID.end }, 'type'],
    ['an unknown type', { ...VALID, type: 'memory' }, 'type'],
    ['an unknown type in a list', { ...VALID, type: 'cpu,gpu' }, 'type'],
    ['an empty item', { ...VALID, type: 'cpu,' }, 'type'],
    ['no start', { type: 'cpu', end: VALID.end }, 'start'],
    ['a start that is no time', { ...VALID, start: 'yesterday' }, 'start'],
    ['a date without a time', { ...VALID, start: '2025-03-01' }, 'start'],
    ['an end that is no time', { ...VALID, end: '2025-03-01T25:00:00Z' }, 'end'],
    ['an end before the start', { ...VALID, end: '2025-03-01T11:00:00Z' }, 'end'],
    ['an end at the start', { ...VALID, end: VALID.start }, 'end'],
    ['a range over 31 days', { ...VALID, end: '2025-04-01T12:00:01Z' }, 'end'],
    ['a step of 0', { ...VALID, step: 0 }, 'step'],
    ['a step that is no number', { ...VALID, step: 'minute' }, 'step'],
    ['a fractional step', { ...VALID, step: 1.5 }, 'step'],
  ];
  for (const [label, query, field] of cases) {
    assertFieldError(await w.app.api(metricsPath(w, server.id, query), { key: w.key }), field, label);
  }
  // 31 days exactly is allowed.
  assert.equal((await w.app.api(metricsPath(w, server.id, { ...VALID, end: '2025-04-01T12:00:00Z' }), { key: w.key })).status, 200);
  // The query is checked before the server is looked up, as a schema is.
  assertFieldError(await w.app.api(metricsPath(w, 'ffffffffffffffff', { ...VALID, type: 'memory' }), { key: w.key }), 'type', 'unknown server');
});

test('a step too fine for the range is widened to at most 500 points, and the answer says the step it used', async (t) => {
  const w = await buildWorld(t);
  const server = await placeServer(w);
  // A 30-day range at one minute would be 43,200 points.
  const month = await w.app.api(metricsPath(w, server.id, { ...VALID, end: '2025-03-31T12:00:00Z', step: 60 }), { key: w.key });
  assert.equal(month.status, 200, JSON.stringify(month.body));
  assert.ok(month.body.step >= (30 * 86_400) / 500, `a step of ${month.body.step} s keeps 30 days to at most 500 points`);
  // A step that already keeps to it is answered as asked (for a range whose raw samples are kept).
  const hour = await w.app.api(metricsPath(w, server.id, { ...recentRange(w, 3600), step: 60 }), { key: w.key });
  assert.equal(hour.status, 200, JSON.stringify(hour.body));
  assert.equal(hour.body.step, 60);
});

test('a server that is not the caller’s is 404, as its GET is', async (t) => {
  const w = await buildWorld(t);
  const server = await placeServer(w);
  assertProblem(await w.app.api(metricsPath(w, 'ffffffffffffffff', VALID), { key: w.key }), 404, 'not_found', 'no such server');
  assertProblem(await w.app.api(metricsPath(w, 'not-a-server-id', VALID), { key: w.key }), 404, 'not_found', 'not a server id');
  const other = await otherProject(w, 'Other');
  assertProblem(await w.app.api(metricsPath(other, server.id, VALID), { key: w.key }), 404, 'not_found', 'another project of the same user');
  const stranger = await w.app.createUser();
  assertProblem(await w.app.api(metricsPath(w, server.id, VALID), { key: stranger.key }), 404, 'not_found', 'not a member');
  assertProblem(await w.app.api(metricsPath(w, server.id, VALID), { key: null }), 401, 'unauthenticated', 'no key');
});

test('any member reads the metrics, with a read-only key too', async (t) => {
  const w = await buildWorld(t);
  const server = await placeServer(w);
  const member = await addMemberWithKey(w.app, w.slug, 'member');
  const readOnly = await addMemberWithKey(w.app, w.slug, 'admin', { readOnly: true });
  for (const [label, key] of [['owner', w.key], ['member', member.key], ['read-only key', readOnly.key]] as const) {
    const response = await w.app.api(metricsPath(w, server.id, VALID), { key });
    assert.equal(response.status, 200, `${label}: ${JSON.stringify(response.body)}`);
    assert.deepEqual(response.body.time_series, { cpu: { values: [] } }, label);
  }
});

test('however many workers start at once, the sampler is one job row for the whole service', async (t) => {
  // A database no worker has seen yet; every process that starts makes sure of the row, in its own transaction.
  const handle = await openMigratedDatabase(t);
  const count = async () =>
    (await handle.db.selectFrom('jobs').select(['status']).where('type', '=', SERVER_METRICS_SAMPLE_JOB.name).execute()).filter((row) => ['queued', 'running'].includes(row.status)).length;
  assert.equal(await count(), 0);
  await Promise.all([1, 2, 3, 4, 5, 6].map(() => ensureServerMetricsSampling(handle.db, systemClock)));
  assert.equal(await count(), 1, 'six workers starting together make one');
  await ensureServerMetricsSampling(handle.db, systemClock);
  assert.equal(await count(), 1, 'a worker starting later finds it');
});

test('a round never finishes the sampler: it waits for the next minute, its attempt given back', async (t) => {
  const w = await buildWorld(t);
  await placeServer(w);
  const { db } = w.app.app.database;
  await advance(w.app, 60);
  await drain(w);
  const rows = await db.selectFrom('jobs').select(['status', 'attempts', 'run_at', 'last_error']).where('type', '=', SERVER_METRICS_SAMPLE_JOB.name).execute();
  assert.equal(rows.length, 1, JSON.stringify(rows));
  const [row] = rows;
  assert.deepEqual({ status: row!.status, attempts: row!.attempts }, { status: 'queued', attempts: 0 });
  // The round asks for the next boundary from its own reading of the clock; the runner adds the wait to its reading, a few ms later.
  assert.ok(Date.parse(row!.run_at) % MINUTE_MS < 1000, `due on a minute boundary: ${row!.run_at}`);
  assert.ok(Date.parse(row!.run_at) > w.app.app.clock.now().getTime(), 'due in the future: nothing keeps it due');
  // And what the rollups did, when the round closed a bucket: the first round starts them at the sample's bucket.
  assert.match(row!.last_error ?? '', /^last round sampled 1 server(; rolled up \d+ 5-minute and \d+ hourly bucket\(s\))?$/, 'how the last round went');
});
