// GET /api/v1/products: every product of the catalogue in the legacy shape;
// `?prices` (with or without a value) switches to the shape with prices.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { BillingPort } from '../upstreams/billing/port.ts';
import { failureResponses, Success, success } from './legacy.schemas.ts';
import { legacyProducts, LegacyPricedProductSchema, LegacyProductSchema } from './products.ts';

const ProductsQuery = Type.Object({
  prices: Type.Optional(Type.String({ description: 'A flag: present (with any value, or none) to include prices' })),
});

const ProductsData = Type.Object({
  products: Type.Union([Type.Array(LegacyProductSchema), Type.Array(LegacyPricedProductSchema, { description: 'With ?prices' })]),
});

export const legacyProductRoutes: FastifyPluginAsyncTypebox<{ billing: BillingPort }> = async (app, { billing }) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Products that can be ordered',
        querystring: ProductsQuery,
        response: { 200: Success(ProductsData), ...failureResponses },
      },
    },
    async (request) => {
      const catalogue = await billing.getCatalogue();
      return success({ products: legacyProducts(catalogue, request.query.prices !== undefined) });
    },
  );
};
