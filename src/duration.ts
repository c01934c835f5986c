// How cloudplane reads a duration, in its configuration and on its command
// line alike: a whole number of seconds, minutes, hours or days (`90`, `90s`,
// `30m`, `12h`, `1d`; a bare number is seconds). Each caller sets its own
// bounds and says them in its own error.

export const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The duration in milliseconds, or NaN when `text` is not one. */
export function parseDuration(text: string): number {
  const match = /^(\d{1,12})([smhd]?)$/.exec(text.trim());
  const ms = match ? Number(match[1]) * DURATION_UNITS[match[2] || 's']! : Number.NaN;
  return Number.isSafeInteger(ms) ? ms : Number.NaN;
}
