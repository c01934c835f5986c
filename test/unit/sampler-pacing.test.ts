// The sampler's rests between batches (server-metrics.jobs.ts): as long as
// the batch took while the round is young, shortened so that no rest goes
// past the paced part of the round, and none after it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { restAfterBatchMs } from '../../src/modules/servers/server-metrics.jobs.ts';

test('a batch early in a round is followed by a rest as long as it took', () => {
  assert.equal(restAfterBatchMs(1_000, 1_000, 1_040), 40);
  assert.equal(restAfterBatchMs(1_000, 5_000, 5_033), 33);
});

test('a rest stops where the paced part of the round ends, and past it there is none', () => {
  // Paced for 8 s: a round started at 1,000 ms rests until 9,000 at the latest.
  assert.equal(restAfterBatchMs(1_000, 8_900, 8_980), 20);
  assert.equal(restAfterBatchMs(1_000, 8_950, 9_000), 0);
  assert.equal(restAfterBatchMs(1_000, 9_500, 9_600), 0);
});

test('so a round of work W takes 2W while that fits in the paced part, and at most W plus half of it after', () => {
  const roundOf = (workMs: number, batches: number) => {
    let nowMs = 0;
    for (let batch = 0; batch < batches; batch += 1) {
      const startedMs = nowMs;
      nowMs += workMs / batches;
      if (batch < batches - 1) nowMs += restAfterBatchMs(0, startedMs, nowMs);
    }
    return nowMs;
  };
  assert.ok(Math.abs(roundOf(2_000, 100) - 3_980) < 1, `${roundOf(2_000, 100)}`);
  const long = roundOf(10_000, 100);
  assert.ok(long >= 14_000 && long <= 14_000 + 1, `${long}`);
});
