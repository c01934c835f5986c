// How a system behind the API failed. The HTTP layer maps these to 502/503.

export type SystemName = 'billing' | 'provisioning' | 'rdns' | 'firewall' | 'payments' | 'metrics';

export class UpstreamError extends Error {
  constructor(
    readonly system: SystemName,
    readonly kind: 'unavailable' | 'failed' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server's machine is gone from its host without cloudplane deleting it
 * (D26): an operation on it is refused, nothing is done, and the action says why.
 */
export class MachineMissing extends UpstreamError {
  constructor(detail: string) {
    super('provisioning', 'failed', `the server's machine is missing: ${detail}`);
  }
}

export const unavailable = (system: SystemName) => new UpstreamError(system, 'unavailable', `${system} is unavailable`);
export const failed = (system: SystemName) => new UpstreamError(system, 'failed', `${system} answered with an error`);
export const timedOut = (system: SystemName) => new UpstreamError(system, 'timeout', `${system} did not answer in time`);

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}
