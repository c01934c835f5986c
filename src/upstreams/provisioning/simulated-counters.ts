// The counters the built-in simulator reports for a server (its metrics):
// made up, but plausible and the same for the same server and moment, so a
// graph drawn twice looks the same and tests can rely on it.
//
// Each counter is the integral of a rate that never goes below zero, from the
// moment the machine started: a mean, a slow daily wave peaking in the
// afternoon, and a few quicker waves of unrelated periods as noise. Sines
// integrate in closed form, so a counter at any moment costs a few cosines
// (no state is kept), and it only grows. Each server draws its own means,
// amplitudes and phases from its id.
//
// What a server looks like: CPU busy 8–38 % of its vCPUs; network 2–20 kB/s in
// and 1–8 kB/s out on average; disk 0.3–3 kB/s read and 2–20 kB/s written.

/** A sine added to a rate: `amplitude · sin(2π·t/periodSeconds + phase)`. */
interface Wave {
  amplitude: number;
  periodSeconds: number;
  phase: number;
}

/** A rate per second as the sum of its mean and waves; the amplitudes add up to less than the mean, so it stays above zero. */
interface Rate {
  mean: number;
  waves: Wave[];
}

export interface SimulatedMachine {
  serverId: string;
  cpuCores: number;
  /** When the machine started (milliseconds since the epoch): every counter is 0 then. */
  startedAtMs: number;
}

export interface SimulatedCounters {
  cpuTimeNs: number;
  networkRxBytes: number;
  networkTxBytes: number;
  diskReadBytes: number;
  diskWriteBytes: number;
}

/** Where the counters of a machine start when its start is not known (a server the simulator never created). */
export const SIMULATED_SINCE_MS = Date.parse('2024-01-01T00:00:00Z');

const DAY_SECONDS = 86_400;
/** Periods of the noise, in seconds: primes, so the waves never line up into a pattern one can see. */
const NOISE_PERIODS = [173, 431, 1297];

/** A small deterministic generator (mulberry32) seeded from the server id (FNV-1a), giving numbers in [0, 1). */
function generatorFor(serverId: string): () => number {
  let seed = 0x811c9dc5;
  for (let index = 0; index < serverId.length; index += 1) seed = Math.imul(seed ^ serverId.charCodeAt(index), 0x01000193);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A value in [low, high). */
const between = (random: () => number, low: number, high: number) => low + (high - low) * random();

/**
 * A rate with the given mean: a daily wave of `dailyShare` of the mean
 * peaking at `peakHour` UTC, and noise of `noiseShare` of the mean spread over
 * the noise periods (the shares add up to less than 1).
 */
function rate(random: () => number, mean: number, dailyShare: number, noiseShare: number, peakHour: number): Rate {
  // sin(2π·t/day + phase) is highest when 2π·t/day + phase = π/2, i.e. at peakHour.
  const daily: Wave = { amplitude: mean * dailyShare, periodSeconds: DAY_SECONDS, phase: Math.PI / 2 - (2 * Math.PI * peakHour) / 24 };
  const weights = NOISE_PERIODS.map(() => between(random, 0.5, 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const noise = NOISE_PERIODS.map((periodSeconds, index) => ({
    amplitude: (mean * noiseShare * weights[index]!) / total,
    periodSeconds,
    phase: between(random, 0, 2 * Math.PI),
  }));
  return { mean, waves: [daily, ...noise] };
}

/** The integral of the rate from `fromSeconds` to `toSeconds` (seconds since the epoch). */
function integral({ mean, waves }: Rate, fromSeconds: number, toSeconds: number): number {
  let total = mean * (toSeconds - fromSeconds);
  for (const { amplitude, periodSeconds, phase } of waves) {
    const omega = (2 * Math.PI) / periodSeconds;
    total += (amplitude / omega) * (Math.cos(omega * fromSeconds + phase) - Math.cos(omega * toSeconds + phase));
  }
  return total;
}

interface Profile {
  /** Share of all vCPUs busy, per second. */
  cpu: Rate;
  networkRx: Rate;
  networkTx: Rate;
  diskRead: Rate;
  diskWrite: Rate;
}

function profileOf(serverId: string): Profile {
  const random = generatorFor(serverId);
  // Busy in the afternoon or evening (UTC), as servers with people behind them are.
  const peakHour = between(random, 13, 20);
  return {
    // Mean 20–24 %, a daily wave of 20–37.5 % of it and noise of 20 %: between 8.5 % and 38 %.
    cpu: rate(random, between(random, 0.2, 0.24), between(random, 0.2, 0.375), 0.2, peakHour),
    networkRx: rate(random, between(random, 2_000, 20_000), 0.5, 0.4, peakHour),
    networkTx: rate(random, between(random, 1_000, 8_000), 0.5, 0.4, peakHour),
    diskRead: rate(random, between(random, 300, 3_000), 0.4, 0.5, peakHour),
    diskWrite: rate(random, between(random, 2_000, 20_000), 0.3, 0.5, peakHour),
  };
}

/** The machine's counters at `atMs` (milliseconds since the epoch); all 0 before it started. */
export function simulatedCounters(machine: SimulatedMachine, atMs: number): SimulatedCounters {
  const profile = profileOf(machine.serverId);
  const from = machine.startedAtMs / 1000;
  const to = Math.max(from, atMs / 1000);
  const counter = (per: Rate, scale = 1) => Math.max(0, Math.floor(integral(per, from, to) * scale));
  return {
    cpuTimeNs: counter(profile.cpu, machine.cpuCores * 1e9),
    networkRxBytes: counter(profile.networkRx),
    networkTxBytes: counter(profile.networkTx),
    diskReadBytes: counter(profile.diskRead),
    diskWriteBytes: counter(profile.diskWrite),
  };
}
