// Legacy deploy: a server order in the user's default project, through the
// same order service as the project API (invoice, credit, delivery job).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Id, Int32, jsonResponse, Link, Text } from '../schemas/common.ts';
import { Hostname, MAX_IPV4_ADDITIONAL, SshKeyIds } from '../modules/servers/index.ts';
import type { Services } from '../services.ts';
import { withLegacyFieldNames } from './field-names.ts';
import { noteForAudit } from '../routing/audit-notes.ts';
import type { LegacyAccounts } from './legacy-accounts.service.ts';
import { failureResponses, Success, success } from './legacy.schemas.ts';
import { PurchaseFields, purchaseAnswer, purchaseLimitFailures } from './purchases.ts';

const DeployBody = Type.Object(
  {
    product: Text(20, { minLength: 1, description: 'Product `_id`' }),
    location: Text(32, { minLength: 1 }),
    billing: Text(20, { minLength: 1, description: 'Billing cycle id' }),
    image: Text(64, { minLength: 1 }),
    hostname: Hostname,
    features: Type.Optional(
      Type.Object(
        {
          ipv4_additional: Type.Optional(Int32(0, MAX_IPV4_ADDITIONAL)),
          ipv6: Type.Optional(Type.Boolean()),
          private_network: Type.Optional(Type.Boolean()),
          ssh_keys: Type.Optional(SshKeyIds()),
        },
        { description: 'Optional features by id (see a product’s options.features) and the ids of keys to install' },
      ),
    ),
  },
  { title: 'LegacyDeployRequest' },
);

const DeployResult = Type.Object(
  {
    ...PurchaseFields,
    server_id: Id({ description: 'The new server’s id (its billing service id)' }),
    server_url: Link(),
  },
  { title: 'LegacyDeployment' },
);

/** What the order service calls the deploy body's fields. */
const FIELD_NAMES = {
  product_id: 'product',
  billing_cycle: 'billing',
  ipv4_additional: 'features.ipv4_additional',
  ipv6: 'features.ipv6',
  private_network: 'features.private_network',
  ssh_keys: 'features.ssh_keys',
};

export const legacyDeployRoutes: FastifyPluginAsyncTypebox<{ services: Services; accounts: LegacyAccounts; consoleUrl: (request: FastifyRequest) => string }> = async (
  app,
  { services, accounts, consoleUrl },
) => {
  app.post(
    '/deploy',
    {
      schema: {
        operationId: 'legacyDeploy',
        tags: ['servers'],
        summary: 'Deploy a server: 201 when credit pays for it (creation begins), 200 when its invoice must be paid first',
        body: DeployBody,
        response: {
          200: jsonResponse(Success(DeployResult), 'The order is placed; its invoice must be paid in the control panel first'),
          201: jsonResponse(Success(DeployResult), 'Credit paid for the server: its creation begins'),
          // The default project is confirmed with the provisioning system on first use; the order is placed with billing.
          ...failureResponses(401, 403, 409, 422, ...purchaseLimitFailures, 503),
        },
      },
    },
    async (request, reply) => {
      const actor = request.legacyActor;
      const { product, location, billing, image, hostname, features = {} } = request.body;
      const slug = await accounts.defaultProject(actor, { create: true });
      if (slug) noteForAudit(request, { projectSlug: slug });
      const outcome = await withLegacyFieldNames(FIELD_NAMES, () =>
        services.orders.orderServer(
          actor,
          slug!,
          {
            hostname,
            // A product id that is not a number names no product; the order service says so on the field.
            product_id: /^\d{1,9}$/.test(product) ? Number(product) : 0,
            location,
            billing_cycle: billing,
            image,
            ssh_keys: features.ssh_keys,
            ipv4_additional: features.ipv4_additional,
            ipv6: features.ipv6,
            private_network: features.private_network,
          },
          { keyId: actor.keyId, idempotency: null },
        ),
      );
      const answer = purchaseAnswer(outcome.row, (id) => `${consoleUrl(request)}/console/invoices/${id}`);
      const serverId = outcome.row.billing_service_id!;
      const serverUrl = `${request.protocol}://${request.host}/api/v1/servers/${serverId}`;
      return reply.code(answer.status).send(success({ ...answer.data, server_id: serverId, server_url: serverUrl }));
    },
  );
};
