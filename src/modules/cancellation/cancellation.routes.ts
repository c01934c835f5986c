import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CancellationService } from './cancellation.service.ts';

export const cancellationRoutes: FastifyPluginAsyncTypebox<{ cancellation: CancellationService }> = async () => {};
