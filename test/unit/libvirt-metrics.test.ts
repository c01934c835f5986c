// A server's counters from libvirt: `virsh domstats --cpu-total --interface
// --block` as libvirt 9 prints it for a running domain with two interfaces and
// two disks, for one with none, and for a shut-off domain (no cpu.time, block
// sizes only); and what reading it answers when libvirt has no such domain or
// cannot be reached.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { domainStatsArguments, parseDomainStats, readServerCounters } from '../../src/upstreams/provisioning/libvirt/metrics.ts';
import { VirshError } from '../../src/upstreams/provisioning/libvirt/virsh.ts';

const AT = '2025-03-01T12:00:00.000Z';

const RUNNING = `Domain: 'f3a1c0de12345678'
  cpu.time=27306829000
  cpu.user=19250000000
  cpu.system=6170000000
  cpu.cache.monitor.count=0
  cpu.haltpoll.success.time=1227442880
  cpu.haltpoll.fail.time=104224672
  net.count=2
  net.0.name=cpf3a1c0de1234
  net.0.rx.bytes=183276
  net.0.rx.pkts=2187
  net.0.rx.errs=0
  net.0.rx.drop=0
  net.0.tx.bytes=94210
  net.0.tx.pkts=1012
  net.0.tx.errs=0
  net.0.tx.drop=0
  net.1.name=cqf3a1c0de1234
  net.1.rx.bytes=1000
  net.1.rx.pkts=10
  net.1.rx.errs=0
  net.1.rx.drop=0
  net.1.tx.bytes=2000
  net.1.tx.pkts=20
  net.1.tx.errs=0
  net.1.tx.drop=0
  block.count=2
  block.0.name=vda
  block.0.path=/var/lib/libvirt/images/cloudplane/f3a1c0de12345678-disk.qcow2
  block.0.backingIndex=1
  block.0.rd.reqs=4123
  block.0.rd.bytes=118603776
  block.0.rd.times=2156310466
  block.0.wr.reqs=822
  block.0.wr.bytes=21651456
  block.0.wr.times=9841201339
  block.0.fl.reqs=301
  block.0.fl.times=1211334470
  block.0.allocation=198836224
  block.0.capacity=10737418240
  block.0.physical=198578176
  block.1.name=sda
  block.1.path=/var/lib/libvirt/images/cloudplane/f3a1c0de12345678-seed.iso
  block.1.rd.reqs=112
  block.1.rd.bytes=374784
  block.1.rd.times=40216611
  block.1.wr.reqs=0
  block.1.wr.bytes=0
  block.1.wr.times=0
  block.1.fl.reqs=0
  block.1.fl.times=0
  block.1.allocation=374784
  block.1.capacity=374784
  block.1.physical=374784

`;

const SHUT_OFF = `Domain: 'f3a1c0de12345678'
  block.count=2
  block.0.name=vda
  block.0.path=/var/lib/libvirt/images/cloudplane/f3a1c0de12345678-disk.qcow2
  block.0.allocation=198836224
  block.0.capacity=10737418240
  block.0.physical=198578176
  block.1.name=sda
  block.1.path=/var/lib/libvirt/images/cloudplane/f3a1c0de12345678-seed.iso
  block.1.allocation=374784
  block.1.capacity=374784
  block.1.physical=374784

`;

test('a running domain: cpu.time, and the bytes of every interface and every disk added up', () => {
  assert.deepEqual(parseDomainStats(RUNNING, AT), {
    at: AT,
    cpuTimeNs: 27_306_829_000,
    networkRxBytes: 183_276 + 1_000,
    networkTxBytes: 94_210 + 2_000,
    diskReadBytes: 118_603_776 + 374_784,
    diskWriteBytes: 21_651_456,
  });
});

test('request counts, times and sizes are not bytes; other domains’ lines and blank lines change nothing', () => {
  const noisy = `${RUNNING}  net.0.rx.bytes.extra=5\n  block.0.rd.bytes=not-a-number\n  vcpu.0.time=999\n\n`;
  assert.deepEqual(parseDomainStats(noisy, AT), parseDomainStats(RUNNING, AT));
});

test('a running domain without interfaces or disks counts zero bytes', () => {
  assert.deepEqual(parseDomainStats("Domain: 'f3a1c0de12345678'\n  cpu.time=5000000000\n  net.count=0\n  block.count=0\n", AT), {
    at: AT,
    cpuTimeNs: 5_000_000_000,
    networkRxBytes: 0,
    networkTxBytes: 0,
    diskReadBytes: 0,
    diskWriteBytes: 0,
  });
});

test('counters beyond 2^53 (years of a busy machine) are read as the nearest number', () => {
  const counters = parseDomainStats("Domain: 'f3a1c0de12345678'\n  cpu.time=290000000000000123\n", AT);
  assert.equal(counters?.cpuTimeNs, Number('290000000000000123'));
  assert.ok(Math.abs(counters.cpuTimeNs - 2.9e17) < 1024);
});

test('a shut-off domain has no cpu.time: not running, no counters', () => {
  assert.equal(parseDomainStats(SHUT_OFF, AT), null);
  assert.equal(parseDomainStats('', AT), null);
});

test('reading asks virsh domstats for the domain, and answers null for a domain libvirt does not have', async () => {
  const asked: string[][] = [];
  const counters = await readServerCounters(
    async (args) => {
      asked.push(args);
      return RUNNING;
    },
    'f3a1c0de12345678',
    AT,
  );
  assert.deepEqual(asked, [['domstats', '--cpu-total', '--interface', '--block', 'f3a1c0de12345678']]);
  assert.deepEqual(asked[0], domainStatsArguments('f3a1c0de12345678'));
  assert.equal(counters?.cpuTimeNs, 27_306_829_000);

  assert.equal(await readServerCounters(async () => SHUT_OFF, 'f3a1c0de12345678', AT), null, 'shut off');
  const missing = new VirshError('domstats', "error: failed to get domain 'f3a1c0de12345678'", true);
  assert.equal(
    await readServerCounters(async () => Promise.reject(missing), 'f3a1c0de12345678', AT),
    null,
    'no such domain',
  );
});

test('libvirt not answering, or refusing otherwise, is the error virsh gave', async () => {
  const unreachable = new VirshError('domstats', "error: failed to connect to the hypervisor\nerror: Failed to connect socket to '/var/run/libvirt/libvirt-sock'", false);
  await assert.rejects(readServerCounters(async () => Promise.reject(unreachable), 'f3a1c0de12345678', AT), (error) => error === unreachable && unreachable.kind === 'unavailable');
  const refused = new VirshError('domstats', 'error: internal error: unable to read cgroup', true);
  await assert.rejects(readServerCounters(async () => Promise.reject(refused), 'f3a1c0de12345678', AT), (error) => error === refused && refused.kind === 'failed');
});
