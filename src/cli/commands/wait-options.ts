// `--wait` and `--wait-timeout`, on every command that starts something long
// (servers create, reboot …) and on `actions wait` / `orders wait`.
import { Option } from 'commander';
import { waitDuration } from './arguments.ts';

export const waitOption = () => new Option('--wait', 'follow it until it ends; exit 1 if it ends in error, 3 if an order waits for payment');

export const waitTimeoutOption = () =>
  new Option('--wait-timeout <duration>', 'wait at most this long (90s, 5m, 1h; default 10m), then exit 1 saying how to wait again; implies --wait').argParser(waitDuration);
