import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SnapshotService } from './snapshots.service.ts';

export const snapshotRoutes: FastifyPluginAsyncTypebox<{ snapshots: SnapshotService; publicUrl: string | undefined }> = async () => {};
