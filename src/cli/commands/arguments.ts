// Checks of command-line values that commander runs while parsing, so a bad
// value is a usage error (exit 2) before anything is sent.
import { InvalidArgumentError } from 'commander';
import { parseDuration } from '../../duration.ts';

export function positiveInteger(value: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive whole number.');
  return Number(value);
}

export function wholeNumber(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new InvalidArgumentError('expected a whole number (0 or more).');
  return Number(value);
}

/**
 * A firewall group, SSH key, snapshot or project by its id (slug) or its
 * name: which one is looked up when the command runs (names.ts). Names may
 * hold almost anything, so only an empty value is surely a typo.
 */
export function nameOrId(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('expected a name or an id, not an empty value.');
  return value;
}

/** For arguments and options given once per value: `--ssh-key laptop --ssh-key 2`, `web db`. */
export function collectNamesOrIds(value: string, previous: string[] = []): string[] {
  return [...previous, nameOrId(value)];
}

/**
 * A server by its id (16 hex digits) or its hostname. Both are made of
 * letters, digits, dots and hyphens (the API's hostname rule), so anything
 * else could only be a typo.
 */
export function serverNameOrId(value: string): string {
  if (!/^[A-Za-z0-9.-]{1,64}$/.test(value)) {
    throw new InvalidArgumentError('a server is named by its id (such as 3f9c2a1b7d4e8f60) or its hostname (letters, digits, dots and hyphens, such as web-1).');
  }
  return value;
}

/** `22` or `8000-8100`. */
export function portRange(value: string): { min: number; max: number | null } {
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value);
  const min = Number(match?.[1]);
  const max = match?.[2] === undefined ? null : Number(match[2]);
  if (!match || min < 1 || min > 65535 || (max !== null && (max < min || max > 65535))) {
    throw new InvalidArgumentError('expected a port (1 to 65535) or a range such as 8000-8100.');
  }
  return { min, max };
}

/**
 * `--types a.b,c.d`, also given several times: the shape of each type is
 * checked here, whether the service knows it when the command runs (the list
 * lives with the client, which the definitions do not load).
 */
export function eventTypeList(value: string, previous: string[] = []): string[] {
  const types = value.split(',').map((type) => type.trim()).filter((type) => type !== '');
  if (types.length === 0 || types.some((type) => !/^[a-z_]+\.[a-z_]+$/.test(type))) {
    throw new InvalidArgumentError('expected event types separated by commas, such as action.finished,order.status_changed.');
  }
  return [...new Set([...previous, ...types])];
}

/** `--wait-timeout`, `--retry-timeout`: `90`, `90s`, `5m` or `1h` (src/duration.ts), as milliseconds; at least a second, at most a day. */
export function waitDuration(value: string): number {
  const ms = parseDuration(value);
  if (!(ms >= 1000 && ms <= 86_400_000)) throw new InvalidArgumentError('expected a duration from 1s to 24h, such as 90s, 5m or 1h.');
  return ms;
}
