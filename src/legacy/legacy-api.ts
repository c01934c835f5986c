// The legacy account API under /api/v1 on LEGACY_PORT (legacy-api.md, D13):
// every route needs a legacy-enabled user's API key, and every route calls
// the same services as the project API.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Services } from '../services.ts';
import type { Upstreams } from '../upstreams/index.ts';
import { requireLegacyAccess } from './authentication.ts';
import { legacyProductRoutes } from './products.routes.ts';
import { LegacyAccounts } from './legacy-accounts.service.ts';
import { consoleBaseUrl, legacyServerRoutes } from './servers.routes.ts';
import { legacyDeployRoutes } from './deploy.routes.ts';
import { legacyKeyRoutes } from './keys.routes.ts';
import type { Clock } from '../clock.ts';

export interface LegacyApiOptions {
  db: Kysely<Database>;
  services: Services;
  upstreams: Upstreams;
  clock: Clock;
  wakeWorker: () => void;
  /** Base of console links (invoices); unset: the main listener, on the host the client used. */
  publicUrl: string | undefined;
  mainPort: () => number;
}

export const legacyApi: FastifyPluginAsync<LegacyApiOptions> = async (plain, options) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  requireLegacyAccess(app, options.services.apiKeys, options.services.users);
  const { db, services, upstreams } = options;
  const accounts = new LegacyAccounts({ db, billing: upstreams.billing, projects: services.projects, catalogue: services.catalogueCache });
  const consoleUrl = consoleBaseUrl(options.publicUrl, options.mainPort);
  await app.register(legacyProductRoutes, { billing: upstreams.billing });
  await app.register(legacyDeployRoutes, { services, accounts, consoleUrl });
  await app.register(legacyServerRoutes, { services, accounts, consoleUrl });
  await app.register(legacyKeyRoutes, { services, accounts });
};
