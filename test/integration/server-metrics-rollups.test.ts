// Server metrics at every resolution (D25): the sampler's job rolls raw
// samples up into 5-minute and hourly buckets, lets each go after its
// retention, and a graph reads the coarsest resolution fine enough for its
// step, then the finer ones for what is not rolled up yet. Retention is
// shortened here (raw 1 h, 5-minute 2 h, hourly 1 day) so that a few hours
// of the operator clock show every resolution's life.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TimePartitions } from '../../src/db/partitions.ts';
import { serverMetricKey } from '../../src/modules/servers/index.ts';
import type { TestApp } from '../helpers/build.ts';
import { buildWorld, placeServer, type World } from '../helpers/world.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const RETENTION = { rawMs: HOUR_MS, fiveMinuteMs: 2 * HOUR_MS, hourlyMs: 24 * HOUR_MS };

async function advance(app: TestApp, seconds: number): Promise<number> {
  const response = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return Date.parse(response.body.now);
}

/** Moves the clock `minutes` minutes, a sampler round at each one. */
async function sampleFor(w: World, minutes: number, stepSeconds = 60): Promise<void> {
  for (let passed = 0; passed < minutes; passed += stepSeconds / 60) {
    await advance(w.app, stepSeconds);
    await w.app.app.runner!.runDueJobs();
  }
}

function metricsPath(w: World, serverId: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/projects/${w.slug}/servers/${serverId}/metrics/?${search}`;
}

async function rowsOf(w: World, table: 'server_metric_samples' | 'server_metric_rollups_5m' | 'server_metric_rollups_1h', serverId: string) {
  const rows = await w.app.app.database.db.selectFrom(table).selectAll().where('server_key', '=', serverMetricKey(serverId)).orderBy('at').execute();
  return rows.map((row) => ({ ...row, at: Number(row.at) }));
}

test('samples roll up into 5-minute and hourly buckets; graphs read the coarsest fitting resolution and agree with the raw samples', async (t) => {
  const w = await buildWorld(t, { build: { config: { testClock: true, metricsRetention: RETENTION } } });
  const server = await placeServer(w);
  // To 30 s past the next hour: then every minute boundary is a sampler round, and the next hour is the first whole one.
  const now = await advance(w.app, 0);
  const hourStart = now - (now % HOUR_MS) + HOUR_MS;
  await advance(w.app, (hourStart + 30_000 - now) / 1000);
  await w.app.app.runner!.runDueJobs();
  await sampleFor(w, 65);

  // The first whole hour: twelve 5-minute rows, one hourly row that is their sum.
  const fiveMinute = (await rowsOf(w, 'server_metric_rollups_5m', server.id)).filter((row) => row.at >= hourStart && row.at < hourStart + HOUR_MS);
  assert.deepEqual(
    fiveMinute.map((row) => row.at),
    Array.from({ length: 12 }, (_, index) => hourStart + index * 5 * MINUTE_MS),
    'a row for each 5 minutes of the hour',
  );
  const [hourly] = (await rowsOf(w, 'server_metric_rollups_1h', server.id)).filter((row) => row.at === hourStart);
  assert.ok(hourly, 'the hour is rolled up once its last 5-minute bucket is');
  assert.equal(Number(hourly.elapsed_ms), fiveMinute.reduce((sum, row) => sum + Number(row.elapsed_ms), 0));
  assert.equal(Number(hourly.cpu_time_ns), fiveMinute.reduce((sum, row) => sum + Number(row.cpu_time_ns), 0));
  // Rounds sample at half past each minute: the hour's pairs end at 00:30 (the first after the jump has none) to 59:30.
  const elapsed = Number(hourly.elapsed_ms);
  assert.ok(elapsed >= 58 * MINUTE_MS && elapsed <= 60 * MINUTE_MS, `about an hour of pairs of a minute: ${elapsed} ms`);

  // The same hour at step=60 reads the raw samples (60 points), at step=3600 the hourly row: the same average.
  const range = { type: 'cpu,network', start: new Date(hourStart).toISOString(), end: new Date(hourStart + HOUR_MS - 1).toISOString() };
  const fine = await w.app.api(metricsPath(w, server.id, { ...range, step: 60 }), { key: w.key });
  assert.equal(fine.status, 200, JSON.stringify(fine.body));
  assert.equal(fine.body.step, 60);
  assert.equal(fine.body.time_series['network.bytes.in'].values.length, 59, 'a point a minute but the first, whose pair began before the jump');
  const coarse = await w.app.api(metricsPath(w, server.id, { ...range, step: 3600 }), { key: w.key });
  assert.equal(coarse.status, 200, JSON.stringify(coarse.body));
  assert.equal(coarse.body.step, 3600);
  for (const name of ['cpu', 'network.bytes.in', 'network.bytes.out']) {
    const points: [number, string][] = fine.body.time_series[name].values;
    const mean = points.reduce((sum, [, value]) => sum + Number(value), 0) / points.length;
    const [[at, value]] = coarse.body.time_series[name].values;
    assert.equal(at, hourStart / 1000);
    // Each raw point is rounded to two decimals, and its pair spans a minute give or take the few real milliseconds a round takes.
    assert.ok(Math.abs(Number(value) - mean) <= 0.01 + mean * 1e-4, `${name}: the hour's ${value} against the mean of its minutes ${mean}`);
  }

  // A step between the resolutions' buckets is rounded up to a whole number of the coarsest that fits: 7 minutes → 10.
  const seven = await w.app.api(metricsPath(w, server.id, { ...range, step: 420 }), { key: w.key });
  assert.equal(seven.body.step, 600);
  assert.equal(seven.body.time_series.cpu.values.length, 6);

  // The newest point is as fresh as the last sample: the hourly graph adds the 5-minute rows and raw pairs not rolled up yet.
  const nowMs = w.app.app.clock.now().getTime();
  const recent = await w.app.api(metricsPath(w, server.id, { type: 'cpu', start: new Date(hourStart).toISOString(), end: new Date(nowMs).toISOString(), step: 3600 }), { key: w.key });
  assert.equal(recent.status, 200, JSON.stringify(recent.body));
  assert.deepEqual(
    recent.body.time_series.cpu.values.map(([at]: [number, string]) => at),
    [hourStart / 1000, (hourStart + HOUR_MS) / 1000],
    'the hour rolled up, and the five minutes since',
  );
});

test('each resolution goes after its retention; an old range reads the hourly rollups, widened to at most 500 points', async (t) => {
  const w = await buildWorld(t, { build: { config: { testClock: true, metricsRetention: RETENTION } } });
  const server = await placeServer(w);
  const start = await advance(w.app, 0);
  // Five hours in rounds of four minutes: a pair per round, within the gap of five intervals.
  await sampleFor(w, 5 * 60, 240);
  const now = w.app.app.clock.now().getTime();

  const oldest = async (table: Parameters<typeof rowsOf>[1]) => (await rowsOf(w, table, server.id))[0]?.at ?? Infinity;
  // Kept for its retention and the hour of slack, and no longer (SQLite prunes rows; PostgreSQL drops whole days, so it may keep more of today).
  // Rounds prune at five-minute boundaries; at a round every four minutes, one in five is one: up to 20 minutes late.
  assert.ok((await oldest('server_metric_samples')) >= now - RETENTION.rawMs - HOUR_MS - 25 * MINUTE_MS || w.app.app.database.engine === 'postgres');
  assert.ok((await oldest('server_metric_samples')) > start, 'the first samples are gone');
  assert.ok((await oldest('server_metric_rollups_5m')) >= now - RETENTION.fiveMinuteMs - HOUR_MS - 25 * MINUTE_MS || w.app.app.database.engine === 'postgres');
  assert.ok((await rowsOf(w, 'server_metric_rollups_1h', server.id)).length >= 3, 'the hours are all kept');

  // Four hours ago is older than the raw samples and the 5-minute rollups: the hourly rows answer, at an hour a step at least.
  const fourHours = await w.app.api(metricsPath(w, server.id, { type: 'disk', start: new Date(now - 4 * HOUR_MS).toISOString(), end: new Date(now).toISOString(), step: 60 }), { key: w.key });
  assert.equal(fourHours.status, 200, JSON.stringify(fourHours.body));
  assert.equal(fourHours.body.step, 3600, 'widened from a minute to the hourly rollups');
  assert.ok(fourHours.body.time_series['disk.bytes.write'].values.length >= 3);

  // A month at one minute: 43,200 points asked, at most 500 answered, and the step says it.
  const month = await w.app.api(metricsPath(w, server.id, { type: 'cpu', start: new Date(now - 30 * 24 * HOUR_MS).toISOString(), end: new Date(now).toISOString(), step: 60 }), { key: w.key });
  assert.equal(month.status, 200, JSON.stringify(month.body));
  assert.equal(month.body.step % 3600, 0, 'a whole number of hours');
  assert.ok((30 * 24 * 3600) / month.body.step <= 500, `step ${month.body.step}`);
  assert.ok(month.body.time_series.cpu.values.length >= 1, 'the hours kept are in it');
});

test('a step the 500-point cap widened goes on to the next bucket kept when that is at most twice as wide', async (t) => {
  const w = await buildWorld(t, { build: { config: { testClock: true } } });
  const server = await placeServer(w);
  const now = w.app.app.clock.now().getTime();
  // A day asked at one minute: 1,440 points, widened to at least 173 s, and then to the 5-minute rollups' bucket.
  const day = await w.app.api(metricsPath(w, server.id, { type: 'cpu', start: new Date(now - 24 * HOUR_MS).toISOString(), end: new Date(now).toISOString(), step: 60 }), { key: w.key });
  assert.equal(day.status, 200, JSON.stringify(day.body));
  assert.equal(day.body.step, 300);
  // Asked at 180 s, which keeps to the cap, it is answered as asked, from the raw samples.
  const asked = await w.app.api(metricsPath(w, server.id, { type: 'cpu', start: new Date(now - 24 * HOUR_MS).toISOString(), end: new Date(now).toISOString(), step: 180 }), { key: w.key });
  assert.equal(asked.body.step, 180);
  // A week at one minute: widened to 1,210 s; the hour is three times that, so the 5-minute rollups answer, at 1,500 s.
  const week = await w.app.api(metricsPath(w, server.id, { type: 'cpu', start: new Date(now - 7 * 24 * HOUR_MS).toISOString(), end: new Date(now).toISOString(), step: 60 }), { key: w.key });
  assert.equal(week.body.step, 1500);
});

test('a 5-minute bucket adds up the pairs of samples in it: a counter that went down counts from zero, a missing sample loses nothing, a silence longer than the gap adds nothing', async (t) => {
  const w = await buildWorld(t, { build: { config: { testClock: true } } });
  const servers = { steady: await placeServer(w), restarted: await placeServer(w), missing: await placeServer(w), silent: await placeServer(w) };
  const { db, engine } = w.app.app.database;
  const now = await advance(w.app, 0);
  // Half an hour back: far from the samples the sampler takes now.
  const bucketMs = now - (now % (5 * MINUTE_MS)) - 30 * MINUTE_MS;
  const minutes = Array.from({ length: 10 }, (_, index) => index - 5); // bucketMs − 5 min … bucketMs + 4 min
  const rows: { serverId: string; at: number; counter: number }[] = [];
  for (const minute of minutes) {
    const atMs = bucketMs + minute * MINUTE_MS;
    const rising = (minute + 10) * 1_000_000;
    rows.push({ serverId: servers.steady.id, at: atMs, counter: rising });
    // Started again between +1 and +2 minutes: from 1,000 up.
    rows.push({ serverId: servers.restarted.id, at: atMs, counter: minute >= 2 ? (minute - 1) * 1_000 : rising });
    if (minute !== 2) rows.push({ serverId: servers.missing.id, at: atMs, counter: rising });
    // Sampled 5 minutes before the bucket and at +3 minutes only: 8 minutes apart, past the gap (5 intervals).
    if (minute === -5 || minute === 3) rows.push({ serverId: servers.silent.id, at: atMs, counter: rising });
  }
  await new TimePartitions(db, engine).ensure('server_metric_samples', rows.map((row) => row.at));
  await db
    .insertInto('server_metric_samples')
    .values(rows.map(({ serverId, at, counter }) => ({ server_key: serverMetricKey(serverId), at, cpu_time_ns: counter, network_rx_bytes: 2 * counter, network_tx_bytes: 3 * counter, disk_read_bytes: 5 * counter, disk_write_bytes: 7 * counter })))
    .execute();
  // Rolled up from this bucket on, at the next round.
  await db.updateTable('server_metric_rollup_progress').set({ through: bucketMs }).where('resolution', '=', '5m').execute();
  await db.insertInto('server_metric_rollup_progress').values({ resolution: '5m', through: bucketMs }).onConflict((conflict) => conflict.column('resolution').doNothing()).execute();
  await sampleFor(w, 1);

  const of = async (server: { id: string }) => {
    const row = await db
      .selectFrom('server_metric_rollups_5m')
      .select(['elapsed_ms', 'cpu_time_ns', 'network_rx_bytes', 'disk_write_bytes'])
      .where('server_key', '=', serverMetricKey(server.id))
      .where('at', '=', bucketMs)
      .executeTakeFirst();
    return row && { elapsedMs: Number(row.elapsed_ms), cpu: Number(row.cpu_time_ns), rx: Number(row.network_rx_bytes), write: Number(row.disk_write_bytes) };
  };
  // Pairs ending at +0 … +4 minutes: five of a minute each.
  assert.deepEqual(await of(servers.steady), { elapsedMs: 5 * MINUTE_MS, cpu: 5_000_000, rx: 10_000_000, write: 35_000_000 });
  // +0 and +1 rise by a million each; +2 counts its 1,000 from zero; +3 and +4 rise by 1,000.
  assert.deepEqual(await of(servers.restarted), { elapsedMs: 5 * MINUTE_MS, cpu: 2_003_000, rx: 4_006_000, write: 14_021_000 });
  // The pair from +1 to +3 spans two minutes and carries both.
  assert.deepEqual(await of(servers.missing), { elapsedMs: 5 * MINUTE_MS, cpu: 5_000_000, rx: 10_000_000, write: 35_000_000 });
  assert.equal(await of(servers.silent), undefined, 'a silence longer than the gap is a gap, not an average');
});
