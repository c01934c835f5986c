import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, NoContent, problemResponses, refused } from '../../schemas/common.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { ProjectParams } from '../projects/index.ts';
import { CreateSshKeyBody, SshKeyParams, SshKeySchema, UpdateSshKeyBody } from './ssh-keys.schemas.ts';
import type { SshKeyService } from './ssh-keys.service.ts';

export const sshKeyRoutes: FastifyPluginAsyncTypebox<{ sshKeys: SshKeyService; publicUrl: string | undefined }> = async (app, { sshKeys, publicUrl }) => {
  const tags = ['ssh-keys'];
  // Changes need a writable key and a project that is set up and not being deleted.
  const changeRefused = refused('read_only_key', 'project_not_ready');

  app.get(
    '/projects/:project_slug/ssh-keys/',
    {
      schema: {
        operationId: 'listSshKeys',
        tags,
        summary: "The project's SSH keys, oldest first",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(SshKeySchema), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const pageRequest = readPageRequest(request.query);
      const page = { limit: pageRequest.pageSize, offset: pageRequest.offset };
      const { count, sshKeys: results } = await sshKeys.list(request.actor, request.params.project_slug, page);
      return buildPage(request, publicUrl, pageRequest, count, results);
    },
  );

  app.post(
    '/projects/:project_slug/ssh-keys/',
    {
      schema: {
        operationId: 'createSshKey',
        tags,
        summary: 'Add an OpenSSH public key',
        description: 'A key the project already has is refused with 409 conflict.',
        params: ProjectParams,
        body: CreateSshKeyBody,
        response: { 201: SshKeySchema, ...problemResponses(400, 401, changeRefused, 404, conflicts('conflict', 'project_deleting')) },
      },
    },
    async (request, reply) => reply.code(201).send(await sshKeys.create(request.actor, request.params.project_slug, request.body)),
  );

  app.get(
    '/projects/:project_slug/ssh-keys/:ssh_key_id/',
    { schema: { operationId: 'getSshKey', tags, summary: 'An SSH key', params: SshKeyParams, response: { 200: SshKeySchema, ...problemResponses(401, 404) } } },
    (request) => sshKeys.get(request.actor, request.params.project_slug, request.params.ssh_key_id),
  );

  app.patch(
    '/projects/:project_slug/ssh-keys/:ssh_key_id/',
    {
      schema: {
        operationId: 'renameSshKey',
        tags,
        summary: 'Rename an SSH key (the key itself never changes)',
        params: SshKeyParams,
        body: UpdateSshKeyBody,
        response: { 200: SshKeySchema, ...problemResponses(400, 401, changeRefused, 404, conflicts('project_deleting')) },
      },
    },
    (request) => sshKeys.update(request.actor, request.params.project_slug, request.params.ssh_key_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/ssh-keys/:ssh_key_id/',
    {
      schema: {
        operationId: 'deleteSshKey',
        tags,
        summary: 'Delete an SSH key no server uses',
        description: 'A key set on a server is refused with 409 conflict, the servers named in `servers`.',
        params: SshKeyParams,
        response: { 204: NoContent, ...problemResponses(401, changeRefused, 404, conflicts('ssh_key_in_use', 'project_deleting')) },
      },
    },
    async (request, reply) => {
      await sshKeys.delete(request.actor, request.params.project_slug, request.params.ssh_key_id);
      return reply.code(204).send(null);
    },
  );
};
