import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { problemResponses } from '../../schemas/common.ts';
import type { AccountService } from './account.service.ts';
import { CurrentUserSchema } from './account.schemas.ts';

export const accountRoutes: FastifyPluginAsyncTypebox<{ account: AccountService }> = async (app, { account }) => {
  app.get(
    '/me/',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags: ['account'],
        summary: 'The current user',
        description: 'The key’s user, their billing account (null when billing cannot be read) and the projects the key can reach.',
        response: { 200: CurrentUserSchema, ...problemResponses(401) },
      },
    },
    (request) => account.me(request.actor),
  );
};
