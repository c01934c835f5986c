// The bench's settings from the environment (BENCH_SECONDS, BENCH_SERVERS, …),
// read the same way by every part of it.

/** A positive integer from `name`, or `fallback` when it is unset; anything else stops the bench, naming it. */
export function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
