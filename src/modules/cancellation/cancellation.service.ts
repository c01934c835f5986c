// Server cancellation (D10). Filled in by the cancellation work.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import type { ServerService } from '../servers/servers.service.ts';

export interface CancellationDependencies {
  db: Kysely<Database>;
  clock: Clock;
  servers: ServerService;
  billing: BillingPort;
  wakeWorker: () => void;
}

export class CancellationService {
  constructor(readonly deps: CancellationDependencies) {}
}
