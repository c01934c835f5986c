// What the servers module does when a time-series engine keeps the metrics
// (METRICS_BACKEND=prometheus, D25): Prometheus scrapes the counters itself,
// so cloudplane's sampler stands down, and the simulator's counters are
// served for it to scrape (a libvirt host has prometheus-libvirt-exporter).
import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import type { ProvisioningPort, ServerCounters } from '../../upstreams/provisioning/port.ts';
import { SERVER_METRICS_SAMPLE_JOB } from './server-metrics.jobs.ts';
import * as repo from './server-metrics.repo.ts';

/** Servers asked for their ids per query, and of those, how many are read at the same time (as the sampler does). */
const BATCH_SIZE = 200;
const PARALLEL_READS = 8;

/**
 * The sampler's row, left queued by a run with the built-in store, under the
 * same name: it finishes at its next run without sampling, so nothing keeps
 * it coming round. Should the operator switch back, the first worker to
 * start makes a new one (ensureServerMetricsSampling).
 */
const SAMPLER_STANDING_DOWN = defineJob({
  name: SERVER_METRICS_SAMPLE_JOB.name,
  payload: Type.Object({}),
  handler: async () => {},
});

/** The metrics jobs of the servers module with an external metrics backend, registered by `registerJobs` (services.ts) instead of its sampler. */
export const externalMetricsJobs = [SAMPLER_STANDING_DOWN];

export interface RunningServerCounters {
  serverId: string;
  counters: ServerCounters;
}

/**
 * The counters of every server cloudplane has running, read from the
 * provisioning system now: what an exporter on a host would report of its
 * domains. A server whose machine is not running after all, or cannot be
 * read, is left out, as a domain gone from a host is.
 */
export async function runningServerCounters(db: Kysely<Database>, provisioning: ProvisioningPort): Promise<RunningServerCounters[]> {
  const running: RunningServerCounters[] = [];
  for (let after: string | null = null; ; ) {
    const ids = await repo.listRunningServerIds(db, after, BATCH_SIZE);
    for (let start = 0; start < ids.length; start += PARALLEL_READS) {
      const read = await Promise.all(
        ids.slice(start, start + PARALLEL_READS).map(async (serverId) => {
          const counters = await provisioning.serverCounters(serverId).catch(() => null);
          return counters ? [{ serverId, counters }] : [];
        }),
      );
      running.push(...read.flat());
    }
    if (ids.length < BATCH_SIZE) return running;
    after = ids[ids.length - 1]!;
  }
}
