// What the day's bench (bench/day.ts) does in the service's database
// directly, beside the service, because no API does it:
// - the history a graph needs: a day of raw samples and 30 days of rollups
//   of a few servers (the sampler makes a minute of it per round, and the
//   bench cannot wait a month), with the rollups' progress where the
//   sampler would have left it;
// - holding the sampler's one job row back while the API is measured
//   without sampling, and letting it go again at a boundary;
// - reading that row, to see when a round (rollups included) is over.
//
// The history is the built-in simulator's own counters for each server
// (simulated-counters.ts), taken each minute, and the rollups are what the
// sampler's rollups make of such samples, so the sampler's rounds carry
// on from it without a seam. An operator's placement is an import to the
// simulator (it never made the machine), whose counters run from
// SIMULATED_SINCE_MS on one vCPU.
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { TimePartitions } from '../src/db/partitions.ts';
import type { Database } from '../src/db/schema.ts';
import { SIMULATED_SINCE_MS, simulatedCounters, type SimulatedCounters } from '../src/upstreams/provisioning/simulated-counters.ts';
import { SERVER_METRICS_SAMPLE_JOB, serverMetricKey } from '../src/modules/servers/index.ts';

const MINUTE_MS = 60_000;
const FIVE_MINUTES_MS = 5 * MINUTE_MS;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Raw samples a day and an hour back (the retention's slack), 5-minute rollups a week, hourly ones a month and a day. */
const RAW_HISTORY_MS = DAY_MS + HOUR_MS;
const FIVE_MINUTE_HISTORY_MS = 7 * DAY_MS + HOUR_MS;
const HOURLY_HISTORY_MS = 31 * DAY_MS;
/** Rows per insert: 7 values each, well within either engine's limit on bound parameters. */
const ROWS_PER_INSERT = 500;
/** Where the held-back sampler's row waits: far past anything the bench's clock reaches. */
const HELD_BACK_MS = 365 * DAY_MS;

export interface SamplerRow {
  status: string;
  runAtMs: number;
  /** How the last round went (the job's own words). */
  lastError: string | null;
}

export interface HistoryWritten {
  servers: number;
  samples: number;
  fiveMinuteRows: number;
  hourlyRows: number;
}

const floorTo = (ms: number, unitMs: number) => Math.floor(ms / unitMs) * unitMs;

/** The simulator's counters of an imported server at `atMs`. */
const countersAt = (serverId: string, atMs: number) => simulatedCounters({ serverId, cpuCores: 1, startedAtMs: SIMULATED_SINCE_MS }, atMs);

function increase(before: SimulatedCounters, after: SimulatedCounters) {
  return {
    cpu_time_ns: after.cpuTimeNs - before.cpuTimeNs,
    network_rx_bytes: after.networkRxBytes - before.networkRxBytes,
    network_tx_bytes: after.networkTxBytes - before.networkTxBytes,
    disk_read_bytes: after.diskReadBytes - before.diskReadBytes,
    disk_write_bytes: after.diskWriteBytes - before.diskWriteBytes,
  };
}

/** The moments from `fromMs` (rounded up to `stepMs`) to `untilMs`, exclusive. */
function moments(fromMs: number, untilMs: number, stepMs: number): number[] {
  const all: number[] = [];
  for (let at = Math.ceil(fromMs / stepMs) * stepMs; at < untilMs; at += stepMs) all.push(at);
  return all;
}

async function insertInChunks<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) await insert(rows.slice(start, start + ROWS_PER_INSERT));
}

export class DayStorage {
  private constructor(
    private readonly handle: DatabaseHandle,
    private readonly partitions: TimePartitions,
  ) {}

  /** The service's database: its SQLite file in `dataDir`, or PostgreSQL at `databaseUrl`. */
  static open(storage: { dataDir: string; databaseUrl: string }): DayStorage {
    const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined });
    return new DayStorage(handle, new TimePartitions(handle.db, handle.engine));
  }

  private get db(): Kysely<Database> {
    return this.handle.db;
  }

  /**
   * For each server, the history up to `endMs` (a minute boundary): a raw
   * sample every minute of the last 25 hours (`endMs` included), the
   * 5-minute rollups of the week before the last 5-minute boundary and the
   * hourly ones of the 31 days before the last hour, each as the sampler
   * would have rolled those samples up (a bucket holds the pairs whose later
   * sample falls in it). The rollups' progress moves to those boundaries,
   * never back. The sampler must be held back (holdSamplerBack).
   */
  async writeGraphHistory(serverIds: readonly string[], endMs: number): Promise<HistoryWritten> {
    const fiveThrough = floorTo(endMs, FIVE_MINUTES_MS);
    const hourThrough = floorTo(endMs, HOUR_MS);
    const sampleMoments = moments(endMs - RAW_HISTORY_MS, endMs + 1, MINUTE_MS);
    const fiveMinuteBuckets = moments(fiveThrough - FIVE_MINUTE_HISTORY_MS, fiveThrough, FIVE_MINUTES_MS);
    const hours = moments(hourThrough - HOURLY_HISTORY_MS, hourThrough, HOUR_MS);
    await this.partitions.ensure('server_metric_samples', sampleMoments);
    await this.partitions.ensure('server_metric_rollups_5m', fiveMinuteBuckets);
    await this.partitions.ensure('server_metric_rollups_1h', hours);
    for (const serverId of serverIds) {
      const serverKey = serverMetricKey(serverId);
      const samples = sampleMoments.map((at) => {
        const counters = countersAt(serverId, at);
        return {
          server_key: serverKey,
          at,
          cpu_time_ns: counters.cpuTimeNs,
          network_rx_bytes: counters.networkRxBytes,
          network_tx_bytes: counters.networkTxBytes,
          disk_read_bytes: counters.diskReadBytes,
          disk_write_bytes: counters.diskWriteBytes,
        };
      });
      // A sample the sampler took at the same moment stays: the same counters either way.
      await insertInChunks(samples, (chunk) => this.db.insertInto('server_metric_samples').values(chunk).onConflict((conflict) => conflict.doNothing()).execute());
      // A 5-minute bucket [b, b + 5 min) holds the pairs ending at b … b + 4 min: from the sample at b − 1 min to the one at b + 4 min.
      const fiveMinuteRows = fiveMinuteBuckets.map((at) => ({
        server_key: serverKey,
        at,
        elapsed_ms: FIVE_MINUTES_MS,
        ...increase(countersAt(serverId, at - MINUTE_MS), countersAt(serverId, at + FIVE_MINUTES_MS - MINUTE_MS)),
      }));
      await insertInChunks(fiveMinuteRows, (chunk) => this.db.insertInto('server_metric_rollups_5m').values(chunk).onConflict((conflict) => conflict.doNothing()).execute());
      // An hour is its twelve 5-minute buckets added up.
      const hourlyRows = hours.map((at) => ({
        server_key: serverKey,
        at,
        elapsed_ms: HOUR_MS,
        ...increase(countersAt(serverId, at - MINUTE_MS), countersAt(serverId, at + HOUR_MS - MINUTE_MS)),
      }));
      await insertInChunks(hourlyRows, (chunk) => this.db.insertInto('server_metric_rollups_1h').values(chunk).onConflict((conflict) => conflict.doNothing()).execute());
    }
    // The sampler is held back meanwhile (holdSamplerBack), so nothing moves the progress between the read and the write.
    const progress = await this.db.selectFrom('server_metric_rollup_progress').select(['resolution', 'through']).execute();
    for (const [resolution, through] of [['5m', fiveThrough], ['1h', hourThrough]] as const) {
      const kept = Math.max(through, Number(progress.find((row) => row.resolution === resolution)?.through ?? 0));
      await this.db
        .insertInto('server_metric_rollup_progress')
        .values({ resolution, through: kept })
        .onConflict((conflict) => conflict.column('resolution').doUpdateSet({ through: kept }))
        .execute();
    }
    return { servers: serverIds.length, samples: sampleMoments.length * serverIds.length, fiveMinuteRows: fiveMinuteBuckets.length * serverIds.length, hourlyRows: hours.length * serverIds.length };
  }

  /** The sampler's job row (there is one while sampling runs). */
  async samplerRow(): Promise<SamplerRow | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .select(['status', 'run_at', 'last_error'])
      .where('type', '=', SERVER_METRICS_SAMPLE_JOB.name)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row && { status: row.status, runAtMs: Date.parse(row.run_at), lastError: row.last_error };
  }

  /**
   * Waits until no round is running, then moves the sampler's row far into
   * the future, so the worker takes no round until `resumeSamplerAt`. Answers
   * when it was due.
   */
  async holdSamplerBack(boundMs: number): Promise<number> {
    const deadline = Date.now() + boundMs;
    for (;;) {
      const row = await this.samplerRow();
      if (!row) throw new Error('the service has no metrics sampler job (METRICS_BACKEND set?)');
      if (row.status === 'queued') {
        const held = await this.db
          .updateTable('jobs')
          .set({ run_at: new Date(row.runAtMs + HELD_BACK_MS).toISOString() })
          .where('type', '=', SERVER_METRICS_SAMPLE_JOB.name)
          .where('status', '=', 'queued')
          .executeTakeFirst();
        // Claimed between the read and the update: wait for that round too.
        if (Number(held.numUpdatedRows) === 1) return row.runAtMs;
      }
      if (Date.now() > deadline) throw new Error(`the sampler was still running a round ${boundMs / 1000} s later`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Lets the held-back sampler run again from `atMs` (the service's clock). */
  async resumeSamplerAt(atMs: number): Promise<void> {
    await this.db.updateTable('jobs').set({ run_at: new Date(atMs).toISOString() }).where('type', '=', SERVER_METRICS_SAMPLE_JOB.name).where('status', '=', 'queued').execute();
  }

  /** How many servers are running (what a round should sample). */
  async runningServers(): Promise<number> {
    const row = await this.db.selectFrom('servers').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', 'running').executeTakeFirstOrThrow();
    return Number(row.count);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
