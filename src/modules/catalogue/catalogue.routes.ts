import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { conflicts, problemResponses, refused } from '../../schemas/common.ts';
import { sendSerializedOnce } from '../../routing/serialized-once.ts';
import { ProjectParams } from '../projects/index.ts';
import { ImageListSchema, IsoListSchema, LocationListSchema, PricingSchema, ProductListSchema } from '../../schemas/catalogue.ts';
import type { CatalogueService } from './catalogue.service.ts';

export const catalogueRoutes: FastifyPluginAsyncTypebox<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const tags = ['catalogue'];
  // The catalogue is read from billing, for a project that is set up; its
  // answers are the same objects until it changes, so each is serialised once.
  const failures = problemResponses(401, refused('project_not_ready'), 404, conflicts('project_deleting'), 502, 503);

  app.get(
    '/projects/:project_slug/products/',
    { schema: { operationId: 'listProducts', tags, summary: 'Products that can be ordered', params: ProjectParams, response: { 200: ProductListSchema, ...failures } } },
    async (request, reply) => sendSerializedOnce(reply, await catalogue.products(request.actor, request.params.project_slug)),
  );
  app.get(
    '/projects/:project_slug/images/',
    { schema: { operationId: 'listImages', tags, summary: 'Images servers can be installed with', params: ProjectParams, response: { 200: ImageListSchema, ...failures } } },
    async (request, reply) => sendSerializedOnce(reply, await catalogue.images(request.actor, request.params.project_slug)),
  );
  app.get(
    '/projects/:project_slug/locations/',
    {
      schema: {
        operationId: 'listLocations',
        tags,
        summary: 'Locations where at least one product is offered',
        params: ProjectParams,
        response: { 200: LocationListSchema, ...failures },
      },
    },
    async (request, reply) => sendSerializedOnce(reply, await catalogue.locations(request.actor, request.params.project_slug)),
  );
  app.get(
    '/projects/:project_slug/isos/',
    { schema: { operationId: 'listIsos', tags, summary: 'ISO images that can be mounted', params: ProjectParams, response: { 200: IsoListSchema, ...failures } } },
    async (request, reply) => sendSerializedOnce(reply, await catalogue.isos(request.actor, request.params.project_slug)),
  );
  app.get(
    '/projects/:project_slug/pricing/',
    { schema: { operationId: 'getPricing', tags, summary: 'Prices of extras', params: ProjectParams, response: { 200: PricingSchema, ...failures } } },
    async (request, reply) => sendSerializedOnce(reply, await catalogue.pricing(request.actor, request.params.project_slug)),
  );
};
