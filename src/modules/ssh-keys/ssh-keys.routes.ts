import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContent } from '../../http/common.schemas.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../http/pagination.ts';
import { ProjectParams } from '../projects/projects.schemas.ts';
import { CreateSshKeyBody, SshKeyParams, SshKeySchema, UpdateSshKeyBody } from './ssh-keys.schemas.ts';
import type { SshKeyService } from './ssh-keys.service.ts';

export const sshKeyRoutes: FastifyPluginAsyncTypebox<{ sshKeys: SshKeyService; publicUrl: string | undefined }> = async (app, { sshKeys, publicUrl }) => {
  const tags = ['ssh-keys'];

  app.get(
    '/projects/:project_slug/ssh-keys/',
    {
      schema: {
        tags,
        summary: "The project's SSH keys, oldest first",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(SshKeySchema), ...errorResponses },
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
        tags,
        summary: 'Add an OpenSSH public key',
        params: ProjectParams,
        body: CreateSshKeyBody,
        response: { 201: SshKeySchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await sshKeys.create(request.actor, request.params.project_slug, request.body)),
  );

  app.get(
    '/projects/:project_slug/ssh-keys/:ssh_key_id/',
    { schema: { tags, summary: 'An SSH key', params: SshKeyParams, response: { 200: SshKeySchema, ...errorResponses } } },
    (request) => sshKeys.get(request.actor, request.params.project_slug, request.params.ssh_key_id),
  );

  app.patch(
    '/projects/:project_slug/ssh-keys/:ssh_key_id/',
    {
      schema: {
        tags,
        summary: 'Rename an SSH key (the key itself never changes)',
        params: SshKeyParams,
        body: UpdateSshKeyBody,
        response: { 200: SshKeySchema, ...errorResponses },
      },
    },
    (request) => sshKeys.update(request.actor, request.params.project_slug, request.params.ssh_key_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/ssh-keys/:ssh_key_id/',
    {
      schema: {
        tags,
        summary: 'Delete an SSH key no server uses',
        params: SshKeyParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await sshKeys.delete(request.actor, request.params.project_slug, request.params.ssh_key_id);
      return reply.code(204).send(null);
    },
  );
};
