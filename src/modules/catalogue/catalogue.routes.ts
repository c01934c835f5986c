import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/common.schemas.ts';
import { ProjectParams } from '../projects/projects.schemas.ts';
import { ImageSchema, IsoSchema, LocationSchema, PricingSchema, ProductSchema } from './catalogue.schemas.ts';
import type { CatalogueService } from './catalogue.service.ts';

export const catalogueRoutes: FastifyPluginAsyncTypebox<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const tags = ['catalogue'];
  app.get(
    '/projects/:project_slug/products/',
    { schema: { tags, summary: 'Products that can be ordered', params: ProjectParams, response: { 200: Type.Array(ProductSchema), ...errorResponses } } },
    (request) => catalogue.products(request.actor, request.params.project_slug),
  );
  app.get(
    '/projects/:project_slug/images/',
    { schema: { tags, summary: 'Images servers can be installed with', params: ProjectParams, response: { 200: Type.Array(ImageSchema), ...errorResponses } } },
    (request) => catalogue.images(request.actor, request.params.project_slug),
  );
  app.get(
    '/projects/:project_slug/locations/',
    { schema: { tags, summary: 'Locations where at least one product is offered', params: ProjectParams, response: { 200: Type.Array(LocationSchema), ...errorResponses } } },
    (request) => catalogue.locations(request.actor, request.params.project_slug),
  );
  app.get(
    '/projects/:project_slug/isos/',
    { schema: { tags, summary: 'ISO images that can be mounted', params: ProjectParams, response: { 200: Type.Array(IsoSchema), ...errorResponses } } },
    (request) => catalogue.isos(request.actor, request.params.project_slug),
  );
  app.get(
    '/projects/:project_slug/pricing/',
    { schema: { tags, summary: 'Prices of extras', params: ProjectParams, response: { 200: PricingSchema, ...errorResponses } } },
    (request) => catalogue.pricing(request.actor, request.params.project_slug),
  );
};
