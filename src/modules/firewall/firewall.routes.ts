import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, NoContent } from '../../http/common.schemas.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../http/pagination.ts';
import { ProjectParams } from '../projects/projects.schemas.ts';
import {
  CreateGroupBody,
  CreateRuleBody,
  FirewallGroupSchema,
  FirewallRuleSchema,
  GroupParams,
  RuleParams,
  ServerGroupsBody,
  ServerGroupsParams,
  ServerGroupsSchema,
  UpdateGroupBody,
  UpdateRuleBody,
} from './firewall.schemas.ts';
import type { FirewallService } from './firewall.service.ts';

export const firewallRoutes: FastifyPluginAsyncTypebox<{ firewall: FirewallService; publicUrl: string | undefined }> = async (app, { firewall, publicUrl }) => {
  const tags = ['firewall'];
  const pageOf = (query: { page?: string; page_size?: string }) => {
    const pageRequest = readPageRequest(query);
    return { pageRequest, page: { limit: pageRequest.pageSize, offset: pageRequest.offset } };
  };

  app.get(
    '/projects/:project_slug/firewall-groups/',
    {
      schema: {
        tags,
        summary: "The project's firewall groups, oldest first",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(FirewallGroupSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { pageRequest, page } = pageOf(request.query);
      const { count, groups } = await firewall.listGroups(request.actor, request.params.project_slug, page);
      return buildPage(request, publicUrl, pageRequest, count, groups);
    },
  );

  app.post(
    '/projects/:project_slug/firewall-groups/',
    {
      schema: {
        tags,
        summary: 'Create an empty firewall group (rules are added after)',
        params: ProjectParams,
        body: CreateGroupBody,
        response: { 201: FirewallGroupSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await firewall.createGroup(request.actor, request.params.project_slug, request.body)),
  );

  app.get(
    '/projects/:project_slug/firewall-groups/:group_id/',
    { schema: { tags, summary: 'A firewall group with its servers and rules', params: GroupParams, response: { 200: FirewallGroupSchema, ...errorResponses } } },
    (request) => firewall.getGroup(request.actor, request.params.project_slug, request.params.group_id),
  );

  app.patch(
    '/projects/:project_slug/firewall-groups/:group_id/',
    {
      schema: {
        tags,
        summary: 'Rename a firewall group (only the name changes)',
        params: GroupParams,
        body: UpdateGroupBody,
        response: { 200: FirewallGroupSchema, ...errorResponses },
      },
    },
    (request) => firewall.updateGroup(request.actor, request.params.project_slug, request.params.group_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/firewall-groups/:group_id/',
    {
      schema: {
        tags,
        summary: 'Delete a firewall group and its rules (not while attached to servers)',
        params: GroupParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await firewall.deleteGroup(request.actor, request.params.project_slug, request.params.group_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/projects/:project_slug/firewall-groups/:group_id/rules/',
    {
      schema: {
        tags,
        summary: "A firewall group's rules, lowest priority first",
        params: GroupParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(FirewallRuleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { pageRequest, page } = pageOf(request.query);
      const { count, rules } = await firewall.listRules(request.actor, request.params.project_slug, request.params.group_id, page);
      return buildPage(request, publicUrl, pageRequest, count, rules);
    },
  );

  app.post(
    '/projects/:project_slug/firewall-groups/:group_id/rules/',
    {
      schema: {
        tags,
        summary: 'Add a rule that allows traffic',
        params: GroupParams,
        body: CreateRuleBody,
        response: { 201: FirewallRuleSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await firewall.createRule(request.actor, request.params.project_slug, request.params.group_id, request.body)),
  );

  app.get(
    '/projects/:project_slug/firewall-groups/:group_id/rules/:rule_id/',
    { schema: { tags, summary: 'A firewall rule', params: RuleParams, response: { 200: FirewallRuleSchema, ...errorResponses } } },
    (request) => firewall.getRule(request.actor, request.params.project_slug, request.params.group_id, request.params.rule_id),
  );

  app.patch(
    '/projects/:project_slug/firewall-groups/:group_id/rules/:rule_id/',
    {
      schema: {
        tags,
        summary: 'Change a firewall rule (the result is checked as a whole)',
        params: RuleParams,
        body: UpdateRuleBody,
        response: { 200: FirewallRuleSchema, ...errorResponses },
      },
    },
    (request) => firewall.updateRule(request.actor, request.params.project_slug, request.params.group_id, request.params.rule_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/firewall-groups/:group_id/rules/:rule_id/',
    { schema: { tags, summary: 'Delete a firewall rule', params: RuleParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      await firewall.deleteRule(request.actor, request.params.project_slug, request.params.group_id, request.params.rule_id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/projects/:project_slug/servers/:server_id/firewall-groups/',
    {
      schema: {
        tags,
        summary: "Replace a server's firewall groups",
        params: ServerGroupsParams,
        body: ServerGroupsBody,
        response: { 200: ServerGroupsSchema, ...errorResponses },
      },
    },
    (request) => firewall.replaceServerGroups(request.actor, request.params.project_slug, request.params.server_id, request.body.firewall_groups),
  );
};
