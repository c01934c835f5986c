// The project API under /api/v1: every route needs an API key.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireApiKey } from './plugins/authentication.ts';
import type { Services } from '../services.ts';
import { accountRoutes } from '../modules/account/index.ts';
import { catalogueRoutes } from '../modules/catalogue/index.ts';
import { projectRoutes } from '../modules/projects/index.ts';
import { sshKeyRoutes } from '../modules/ssh-keys/index.ts';
import { snapshotRoutes } from '../modules/snapshots/index.ts';
import { serverMetricsRoutes, serverRoutes } from '../modules/servers/index.ts';
import { actionRoutes } from '../modules/actions/index.ts';
import { cancellationRoutes } from '../modules/cancellation/index.ts';
import { orderRoutes } from '../modules/orders/index.ts';
import { firewallRoutes } from '../modules/firewall/index.ts';
import { reverseDnsRoutes } from '../modules/reverse-dns/index.ts';
import { eventRoutes } from '../modules/events/index.ts';
import { auditRoutes } from '../modules/audit/index.ts';
import { webhookRoutes } from '../modules/webhooks/index.ts';

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
  await app.register(eventRoutes, { events: services.events, apiKeys: services.apiKeys });
  await app.register(auditRoutes, { audit: services.audit, publicUrl });
  await app.register(webhookRoutes, { webhooks: services.webhooks, publicUrl });
};
