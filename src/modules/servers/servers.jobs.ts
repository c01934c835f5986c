// The safety net of the operator's server import (D20). Billing opens the
// server's service before the server is placed (no call inside a
// transaction); this job is committed before billing is asked and withdrawn
// once the server is placed. Should the process die in between, the import
// never answered and the operator sends it again (a new server, a new id),
// so the job undoes it: the service billing opened for a server that never
// came to be is cancelled.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import type { BillingPort } from '../../upstreams/billing/port.ts';
import * as repo from './servers.repo.ts';

/** When an import cut short is undone: far longer than billing takes to open a service. */
export const IMPORT_SETTLE_AFTER_MS = 10_000;

export const SERVER_IMPORT_SETTLE_JOB = defineJob({
  name: 'server.import.settle',
  payload: Type.Object({ serverId: Type.String(), userId: Type.Integer() }),
  handler: async ({ serverId, userId }, deps: { db: Kysely<Database>; billing: BillingPort }) => {
    if (await repo.findServer(deps.db, serverId)) return;
    for (const service of await deps.billing.listServices(userId)) {
      if (service.serverId === serverId && service.status !== 'Cancelled') await deps.billing.setServiceStatus(service.serviceId, 'Cancelled');
    }
  },
});

/** The server module's jobs, registered by `registerJobs` (services.ts). */
export const serverJobs = [SERVER_IMPORT_SETTLE_JOB];
