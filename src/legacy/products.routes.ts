// GET /api/v1/products: every product of the catalogue in the legacy shape;
// `?prices` (with or without a value) switches to the shape with prices.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { BillingPort } from '../upstreams/billing/port.ts';
import { List, Text } from '../schemas/common.ts';
import { MAX_URL_LENGTH } from '../http/server.ts';
import { MAX_PRODUCTS } from '../schemas/catalogue.ts';
import { failureResponses, Success, success } from './legacy.schemas.ts';
import { legacyProducts, LegacyPricedProductSchema, LegacyProductSchema } from './products.ts';

const ProductsQuery = Type.Object({
  // Any value at all: only whether it is there counts, so it is as long as a URL can carry.
  prices: Type.Optional(Text(MAX_URL_LENGTH, { description: 'A flag: present (with any value, or none) to include prices' })),
});

const ProductsData = Type.Object({
  products: Type.Union([List(LegacyProductSchema, MAX_PRODUCTS), List(LegacyPricedProductSchema, MAX_PRODUCTS, { description: 'With ?prices' })]),
});

export const legacyProductRoutes: FastifyPluginAsyncTypebox<{ billing: BillingPort }> = async (app, { billing }) => {
  app.get(
    '/products',
    {
      schema: {
        operationId: 'legacyListProducts',
        tags: ['products'],
        summary: 'Products that can be ordered',
        querystring: ProductsQuery,
        // The catalogue is read from billing.
        response: { 200: Success(ProductsData), ...failureResponses(401, 403, 502, 503) },
      },
    },
    async (request) => {
      const catalogue = await billing.getCatalogue();
      return success({ products: legacyProducts(catalogue, request.query.prices !== undefined) });
    },
  );
};
