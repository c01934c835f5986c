// Background steps of cancellation. Filled in by the cancellation work.
import type { JobRunner } from '../../jobs/runner.ts';
import type { CancellationDependencies } from './cancellation.service.ts';

export function registerCancellationJobs(_runner: JobRunner, _deps: CancellationDependencies): void {}
