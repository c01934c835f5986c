// The sampler's rounds on /metrics (issue 47): how late each round's last
// sample came after its minute boundary, and how many servers it read, so an
// operator sees the sampler falling behind before the graphs do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildWorld, placeServer, type World } from '../helpers/world.ts';

/** The value of one unlabelled series in the Prometheus text, or undefined when it is not there. */
function seriesValue(text: string, name: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

async function scrape(w: World): Promise<string> {
  const response = await w.app.raw<string>('/metrics');
  assert.equal(response.status, 200);
  return response.body;
}

test('a sampling round shows on /metrics: its lag from the boundary, and the servers it sampled', async (t) => {
  const w = await buildWorld(t);
  await placeServer(w);
  await placeServer(w);
  // The worker may have run a round of its own on a real minute boundary meanwhile: count from here.
  const before = seriesValue(await scrape(w), 'cloudplane_metrics_round_lag_seconds_count') ?? 0;
  const moved = await w.app.admin('/clock/advance', { method: 'POST', body: { seconds: 60 } });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  await w.app.app.runner!.runDueJobs();

  const text = await scrape(w);
  assert.match(text, /# TYPE cloudplane_metrics_round_lag_seconds histogram/);
  const rounds = seriesValue(text, 'cloudplane_metrics_round_lag_seconds_count')!;
  assert.ok(rounds >= before + 1, `a round more than the ${before} before: ${rounds}`);
  assert.equal(seriesValue(text, 'cloudplane_metrics_round_servers'), 2, 'both running servers sampled');
  // The round began when the clock was moved past the boundary: its last sample came within the minute.
  const lagSum = seriesValue(text, 'cloudplane_metrics_round_lag_seconds_sum')!;
  assert.ok(lagSum >= 0 && lagSum < 60 * rounds, `lag of ${lagSum} s over ${rounds} round(s)`);
});
