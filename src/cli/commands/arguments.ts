// Checks of command-line values that commander runs while parsing, so a bad
// value is a usage error (exit 2) before anything is sent.
import { InvalidArgumentError } from 'commander';

export function positiveInteger(value: string): number {
  if (!/^\d{1,15}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive whole number.');
  return Number(value);
}

export function wholeNumber(value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new InvalidArgumentError('expected a whole number (0 or more).');
  return Number(value);
}

/** For options given once per value: `--ssh-key 1 --ssh-key 2`. */
export function collectIds(value: string, previous: number[] = []): number[] {
  return [...previous, positiveInteger(value)];
}

/** Server ids are lowercase hexadecimal (the API's pattern); anything else could only be a typo. */
export function serverId(value: string): string {
  if (!/^[0-9a-f]{1,32}$/.test(value)) throw new InvalidArgumentError('a server id is lowercase hexadecimal, such as 3f9c2a1b7d4e8f60.');
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
