// The per-server counters as Debian's prometheus-libvirt-exporter names them
// (kumina's libvirt_exporter: one series per domain, disk and interface,
// labelled `domain` with the domain's name, which is the server id). The
// Prometheus backend asks for these names, and the simulator's own counters
// endpoint serves them, so the same PromQL reads a libvirt host and the
// simulator alike.
import type { ServerCounters } from '../provisioning/port.ts';
import type { SeriesName } from './port.ts';

interface ExporterCounter {
  /** The exporter's metric name. */
  name: string;
  help: string;
  /** Its value from cloudplane's own reading of the counters, in the exporter's unit. */
  valueOf(counters: ServerCounters): number;
}

/** The exporter's counter behind each series; a rate of it is the series' value (CPU seconds a second, bytes a second). */
export const EXPORTER_COUNTERS: Record<SeriesName, ExporterCounter> = {
  cpu: {
    name: 'libvirt_domain_info_cpu_time_seconds_total',
    help: 'Amount of CPU time used by the domain, in seconds.',
    // The exporter divides libvirt's nanoseconds by 1e9 too.
    valueOf: (counters) => counters.cpuTimeNs / 1e9,
  },
  'disk.bytes.read': {
    name: 'libvirt_domain_block_stats_read_bytes_total',
    help: 'Number of bytes read from a block device, in bytes.',
    valueOf: (counters) => counters.diskReadBytes,
  },
  'disk.bytes.write': {
    name: 'libvirt_domain_block_stats_write_bytes_total',
    help: 'Number of bytes written to a block device, in bytes.',
    valueOf: (counters) => counters.diskWriteBytes,
  },
  'network.bytes.in': {
    name: 'libvirt_domain_interface_stats_receive_bytes_total',
    help: 'Number of bytes received on a network interface, in bytes.',
    valueOf: (counters) => counters.networkRxBytes,
  },
  'network.bytes.out': {
    name: 'libvirt_domain_interface_stats_transmit_bytes_total',
    help: 'Number of bytes transmitted on a network interface, in bytes.',
    valueOf: (counters) => counters.networkTxBytes,
  },
};

/** A label value in the text format: backslash, double quote and newline escaped. */
function labelValue(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * The counters of some machines in Prometheus's text exposition format
 * (version 0.0.4), one series per machine and counter. No timestamps: the
 * scraper stamps each sample with the moment it scraped, as it does an
 * exporter's, so its clock is the only one that matters.
 */
export function exporterText(machines: readonly { serverId: string; counters: ServerCounters }[]): string {
  const lines: string[] = [];
  for (const counter of Object.values(EXPORTER_COUNTERS)) {
    lines.push(`# HELP ${counter.name} ${counter.help}`, `# TYPE ${counter.name} counter`);
    for (const { serverId, counters } of machines) lines.push(`${counter.name}{domain="${labelValue(serverId)}"} ${counter.valueOf(counters)}`);
  }
  return `${lines.join('\n')}\n`;
}
