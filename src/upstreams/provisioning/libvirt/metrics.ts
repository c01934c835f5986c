// A server's counters from libvirt: `virsh domstats` with the CPU, interface
// and block groups, one command per server. libvirt prints one
// `name=value` line per statistic:
//
//   Domain: 'f3a1c0de12345678'
//     cpu.time=27306829000            nanoseconds, all vCPUs and QEMU's own threads
//     net.count=1
//     net.0.rx.bytes=183276           per interface (tap), as the guest receives
//     net.0.tx.bytes=94210
//     block.count=2
//     block.0.rd.bytes=118603776      per disk (the seed's CD-ROM included)
//     block.0.wr.bytes=21651456
//
// A domain that is not running has no `cpu.time` (nor interface counters): it
// answers null, as does one libvirt does not have.
import type { ServerCounters } from '../port.ts';
import { LIBVIRT_SAYS, VirshError } from './virsh.ts';

const STATISTIC = /^\s*([A-Za-z0-9_.-]+)=(\d+)\s*$/;
const INTERFACE_BYTES = /^net\.\d+\.(rx|tx)\.bytes$/;
const DISK_BYTES = /^block\.\d+\.(rd|wr)\.bytes$/;

/** The virsh arguments that read a domain's counters. */
export function domainStatsArguments(serverId: string): string[] {
  return ['domstats', '--cpu-total', '--interface', '--block', serverId];
}

/** The counters in `virsh domstats --cpu-total --interface --block` output, read at `at`; null when the domain is not running. */
export function parseDomainStats(text: string, at: string): ServerCounters | null {
  let cpuTimeNs: number | null = null;
  const totals = { rx: 0, tx: 0, rd: 0, wr: 0 };
  for (const line of text.split('\n')) {
    const match = STATISTIC.exec(line);
    if (!match) continue;
    const [, name, digits] = match as unknown as [string, string, string];
    // Counters pass 2^53 only after years of a busy machine; a rate taken from two such values is still exact to a few bytes.
    const value = Number(digits);
    if (name === 'cpu.time') cpuTimeNs = value;
    const counter = INTERFACE_BYTES.exec(name)?.[1] ?? DISK_BYTES.exec(name)?.[1];
    if (counter) totals[counter as keyof typeof totals] += value;
  }
  if (cpuTimeNs === null) return null;
  return { at, cpuTimeNs, networkRxBytes: totals.rx, networkTxBytes: totals.tx, diskReadBytes: totals.rd, diskWriteBytes: totals.wr };
}

/**
 * Asks libvirt for the server's counters through `run` (the virsh of the host
 * that runs it); null when the domain is not running or libvirt has none of
 * that name. libvirt not answering is the port's `unavailable`, as `run` throws it.
 */
export async function readServerCounters(run: (args: string[]) => Promise<string>, serverId: string, at: string): Promise<ServerCounters | null> {
  let output: string;
  try {
    output = await run(domainStatsArguments(serverId));
  } catch (error) {
    if (error instanceof VirshError && error.kind === 'failed' && LIBVIRT_SAYS.noDomain.test(error.output)) return null;
    throw error;
  }
  return parseDomainStats(output, at);
}
