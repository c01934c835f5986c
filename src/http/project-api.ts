// The project API under /api/v1: every route needs an API key.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireApiKey } from './plugins/authentication.ts';
import type { Services } from '../services.ts';
import { accountRoutes } from '../modules/account/account.routes.ts';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.ts';
import { projectRoutes } from '../modules/projects/projects.routes.ts';
import { sshKeyRoutes } from '../modules/ssh-keys/ssh-keys.routes.ts';
import { snapshotRoutes } from '../modules/snapshots/snapshots.routes.ts';
import { serverRoutes } from '../modules/servers/servers.routes.ts';
import { serverMetricsRoutes } from '../modules/servers/server-metrics.routes.ts';
import { actionRoutes } from '../modules/actions/actions.routes.ts';
import { cancellationRoutes } from '../modules/cancellation/cancellation.routes.ts';
import { orderRoutes } from '../modules/orders/orders.routes.ts';
import { firewallRoutes } from '../modules/firewall/firewall.routes.ts';
import { reverseDnsRoutes } from '../modules/reverse-dns/reverse-dns.routes.ts';
import { eventRoutes } from '../modules/events/events.routes.ts';

export const projectApi: FastifyPluginAsync<{ services: Services; publicUrl: string | undefined }> = async (plain, { services, publicUrl }) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  requireApiKey(app, services.apiKeys);
  await app.register(accountRoutes, { account: services.account });
  await app.register(projectRoutes, { projects: services.projects, publicUrl });
  await app.register(catalogueRoutes, { catalogue: services.catalogue });
  await app.register(sshKeyRoutes, { sshKeys: services.sshKeys, publicUrl });
  await app.register(snapshotRoutes, { snapshots: services.snapshots, publicUrl });
  await app.register(serverRoutes, { servers: services.servers, publicUrl });
  await app.register(serverMetricsRoutes, { serverMetrics: services.serverMetrics });
  await app.register(actionRoutes, { actions: services.actions, publicUrl });
  await app.register(cancellationRoutes, { cancellation: services.cancellation });
  await app.register(orderRoutes, { orders: services.orders, publicUrl });
  await app.register(firewallRoutes, { firewall: services.firewall, publicUrl });
  await app.register(reverseDnsRoutes, { reverseDns: services.reverseDns, publicUrl });
  await app.register(eventRoutes, { events: services.events });
};
