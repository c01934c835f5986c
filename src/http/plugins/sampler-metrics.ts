// How the metrics sampler keeps up, on /metrics: each round's lag (from its
// minute boundary to its last sample stored) and how many servers it read.
// A lag near METRICS_INTERVAL means the next round starts late, and the
// graphs' newest points with it. Observed by the process whose worker ran
// the round: with `serve` that is the process answering /metrics; a
// `worker` process answers them on its own /metrics when WORKER_METRICS_PORT
// is set (http/worker-server.ts), and otherwise tells them in the job row's
// last_error only.
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { SamplingRoundObserver } from '../../modules/servers/index.ts';

/** Seconds: a healthy round ends in a few seconds, a late one near the 60 s interval or past it. */
const LAG_BUCKETS = [0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 120];

/** The sampler's two series in `registry`, and what the sampler tells of each round. */
export function measureSamplingRounds(registry: Registry): SamplingRoundObserver {
  const lag = new Histogram({
    name: 'cloudplane_metrics_round_lag_seconds',
    help: "Seconds from a metrics sampling round's boundary to its last sample stored (before its rollups)",
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const servers = new Gauge({ name: 'cloudplane_metrics_round_servers', help: 'Running servers the last metrics sampling round stored a sample of', registers: [registry] });
  return {
    sampled(lagSeconds, sampled) {
      lag.observe(lagSeconds);
      servers.set(sampled);
    },
  };
}
