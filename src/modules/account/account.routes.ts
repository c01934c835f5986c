import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/common.schemas.ts';
import type { AccountService } from './account.service.ts';
import { CurrentUserSchema } from './account.schemas.ts';

export const accountRoutes: FastifyPluginAsyncTypebox<{ account: AccountService }> = async (app, { account }) => {
  app.get(
    '/me/',
    { schema: { tags: ['account'], summary: 'The current user', response: { 200: CurrentUserSchema, ...errorResponses } } },
    (request) => account.me(request.actor),
  );
};
