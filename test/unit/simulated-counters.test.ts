// The simulator's made-up counters (simulated-counters.ts): the same for the
// same server and moment, never going down, and giving plausible rates
// minute by minute over a whole week: CPU 5–40 % of the vCPUs, network some
// kB/s, disk a little, with a daily wave one can see.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simulatedCounters, type SimulatedCounters } from '../../src/upstreams/provisioning/simulated-counters.ts';

const STARTED = Date.parse('2025-03-01T00:00:00Z');
const MINUTE = 60_000;
const IDS = ['0123456789abcdef', 'fedcba9876543210', '00000000000000ff', 'a1b2c3d4e5f60718'];
const NAMES: (keyof SimulatedCounters)[] = ['cpuTimeNs', 'networkRxBytes', 'networkTxBytes', 'diskReadBytes', 'diskWriteBytes'];

test('zero when the machine starts, the same for the same server and moment, different for another server', () => {
  const machine = { serverId: IDS[0]!, cpuCores: 2, startedAtMs: STARTED };
  assert.deepEqual(simulatedCounters(machine, STARTED), { cpuTimeNs: 0, networkRxBytes: 0, networkTxBytes: 0, diskReadBytes: 0, diskWriteBytes: 0 });
  assert.deepEqual(simulatedCounters(machine, STARTED - MINUTE), simulatedCounters(machine, STARTED), 'nothing before the start');
  const later = STARTED + 3 * 3_600_000 + 1234;
  assert.deepEqual(simulatedCounters(machine, later), simulatedCounters({ ...machine }, later));
  assert.notDeepEqual(simulatedCounters(machine, later), simulatedCounters({ ...machine, serverId: IDS[1]! }, later));
});

test('minute by minute over a week: counters never go down, rates stay plausible, and the day has a wave', () => {
  for (const serverId of IDS) {
    for (const cpuCores of [1, 4]) {
      const machine = { serverId, cpuCores, startedAtMs: STARTED };
      let before = simulatedCounters(machine, STARTED);
      const cpuByHour = new Array<number>(24).fill(0);
      for (let minute = 1; minute <= 7 * 24 * 60; minute += 1) {
        const at = STARTED + minute * MINUTE;
        const now = simulatedCounters(machine, at);
        for (const name of NAMES) assert.ok(now[name] >= before[name], `${serverId} ${name} went down at minute ${minute}`);
        const cpuPercent = ((now.cpuTimeNs - before.cpuTimeNs) / (60 * 1e9 * cpuCores)) * 100;
        assert.ok(cpuPercent >= 5 && cpuPercent <= 40, `${serverId}: CPU ${cpuPercent.toFixed(1)} % at minute ${minute}`);
        const inPerSecond = (now.networkRxBytes - before.networkRxBytes) / 60;
        const outPerSecond = (now.networkTxBytes - before.networkTxBytes) / 60;
        assert.ok(inPerSecond > 0 && inPerSecond < 50_000, `${serverId}: ${inPerSecond} B/s in`);
        assert.ok(outPerSecond > 0 && outPerSecond < 20_000, `${serverId}: ${outPerSecond} B/s out`);
        const writePerSecond = (now.diskWriteBytes - before.diskWriteBytes) / 60;
        assert.ok(writePerSecond > 0 && writePerSecond < 50_000, `${serverId}: ${writePerSecond} B/s written`);
        cpuByHour[new Date(at).getUTCHours()]! += cpuPercent;
        before = now;
      }
      const hourly = cpuByHour.map((total) => total / (7 * 60));
      assert.ok(Math.max(...hourly) - Math.min(...hourly) > 3, `${serverId}: the busiest hour stands out (${hourly.map((value) => value.toFixed(1)).join(' ')})`);
    }
  }
});

test('a counter read a millisecond later is never lower, long after the start too', () => {
  const machine = { serverId: IDS[2]!, cpuCores: 8, startedAtMs: Date.parse('2024-01-01T00:00:00Z') };
  let at = Date.parse('2027-06-30T23:59:00Z');
  let before = simulatedCounters(machine, at);
  for (let step = 0; step < 5000; step += 1) {
    at += 1;
    const now = simulatedCounters(machine, at);
    for (const name of NAMES) assert.ok(now[name] >= before[name], `${name} went down at ${new Date(at).toISOString()}`);
    before = now;
  }
});
