import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SshKeyService } from './ssh-keys.service.ts';

export const sshKeyRoutes: FastifyPluginAsyncTypebox<{ sshKeys: SshKeyService; publicUrl: string | undefined }> = async () => {};
