// What a drift check compares (D26; drift-comparison.ts), without a host:
// which differences are seen, which are reported at once and which only once
// they have lasted the grace, and how a difference keeps its `since` from
// one check to the next.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRIFT_GRACE_MS, observeDrift, reportedDrift } from '../../src/modules/host-drift/drift-comparison.ts';
import type { HostInventory } from '../../src/upstreams/provisioning/port.ts';

const T0 = '2025-01-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms);
const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';
const C = 'cccccccccccccccc';
const GONE = 'dddddddddddddddd';

const inventory: HostInventory = {
  machines: [
    { name: A, serverId: A, power: 'stopped' },
    { name: B, serverId: B, power: 'stopped' },
    { name: GONE, serverId: GONE, power: 'running' },
    { name: 'hand-made', serverId: null, power: 'stopped' },
  ],
  volumes: [
    { name: `${A}-disk.qcow2`, serverId: A, snapshotId: null },
    { name: `${GONE}-disk.qcow2`, serverId: GONE, snapshotId: null },
    { name: 'snapshot-7.qcow2', serverId: null, snapshotId: 7 },
    { name: 'notes.txt', serverId: null, snapshotId: null },
  ],
  kept: [A, B, C],
};
// A runs (its machine is off), B is suspended (off, as it should be), C's machine is gone; GONE was deleted.
const placed = [
  { id: A, status: 'running' as const },
  { id: B, status: 'suspended' as const },
  { id: C, status: 'running' as const },
];
const owned = new Set([A, B, C]);

test('each kind is seen; a missing machine is reported at once, the rest once they have lasted longer than the grace', () => {
  const seen = observeDrift(inventory, placed, owned, [], T0);
  assert.deepEqual(
    seen.map((item) => [item.kind, item.server_id ?? item.domain ?? item.volume, item.expected, item.actual, item.since]),
    [
      ['unknown_domain', GONE, null, null, T0],
      ['unknown_domain', 'hand-made', null, null, T0],
      ['unknown_volume', `${GONE}-disk.qcow2`, null, null, T0],
      ['unknown_volume', 'notes.txt', null, null, T0],
      ['power_state', A, 'running', 'stopped', T0],
      ['missing_machine', C, 'running', 'missing', T0],
    ],
  );
  assert.deepEqual(reportedDrift(seen, at(DRIFT_GRACE_MS)).map((item) => item.kind), ['missing_machine']);
  assert.equal(reportedDrift(seen, at(DRIFT_GRACE_MS + 1)).length, seen.length);
});

test('a difference that lasts keeps when it was first seen; one that went and came back starts again', () => {
  const first = observeDrift(inventory, placed, owned, [], T0);
  const later = at(30_000).toISOString();
  const second = observeDrift(inventory, placed, owned, first, later);
  assert.ok(second.every((item) => item.since === T0));
  const powered = { ...inventory, machines: inventory.machines.map((machine) => (machine.name === A ? { ...machine, power: 'running' } : machine)) };
  const third = observeDrift(powered, placed, owned, second, later);
  assert.equal(third.find((item) => item.kind === 'power_state'), undefined);
  const fourth = observeDrift(inventory, placed, owned, third, at(90_000).toISOString());
  assert.equal(fourth.find((item) => item.kind === 'power_state')?.since, at(90_000).toISOString());
});

test('nothing is missing that the provisioning system does not keep, and a system without power states compares none', () => {
  const simulated: HostInventory = { machines: [{ name: A, serverId: A, power: null }], volumes: [], kept: [A] };
  const stillMaking = [...placed.slice(0, 1), { id: C, status: 'running' as const }];
  assert.deepEqual(observeDrift(simulated, stillMaking, owned, [], T0), []);
});
