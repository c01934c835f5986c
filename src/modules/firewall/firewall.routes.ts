import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { conflicts, NoContent, problemResponses, refused } from '../../schemas/common.ts';
import type { ErrorCode } from '../../errors.ts';
import { buildPage, PageQuery, PaginatedSchema, readPageRequest } from '../../schemas/pagination.ts';
import { ProjectParams } from '../projects/index.ts';
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
  // Every firewall endpoint needs a set-up project whose owner has a billing account, and asks billing and the firewall controller first.
  const reading = (options: { paged: boolean }) =>
    problemResponses(...(options.paged ? [400 as const] : []), 401, refused('billing_account_required', 'project_not_ready'), 404, conflicts('project_deleting'), 502, 503);
  const changing = (options: { body: boolean; conflicts: ErrorCode[] }) =>
    problemResponses(
      ...(options.body ? [400 as const] : []),
      401,
      refused('read_only_key', 'billing_account_required', 'project_not_ready'),
      404,
      conflicts(...options.conflicts, 'project_deleting'),
      502,
      503,
    );
  const pageOf = (query: { page?: string; page_size?: string }) => {
    const pageRequest = readPageRequest(query);
    return { pageRequest, page: { limit: pageRequest.pageSize, offset: pageRequest.offset } };
  };

  app.get(
    '/projects/:project_slug/firewall-groups/',
    {
      schema: {
        operationId: 'listFirewallGroups',
        tags,
        summary: "The project's firewall groups, oldest first",
        params: ProjectParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(FirewallGroupSchema), ...reading({ paged: true }) },
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
        operationId: 'createFirewallGroup',
        tags,
        summary: 'Create an empty firewall group (rules are added after)',
        description: 'A name another group of the project has is 409 name_taken, with that group’s id in `group_id`.',
        params: ProjectParams,
        body: CreateGroupBody,
        response: { 201: FirewallGroupSchema, ...changing({ body: true, conflicts: ['name_taken'] }) },
      },
    },
    async (request, reply) => reply.code(201).send(await firewall.createGroup(request.actor, request.params.project_slug, request.body)),
  );

  app.get(
    '/projects/:project_slug/firewall-groups/:group_id/',
    {
      schema: {
        operationId: 'getFirewallGroup',
        tags,
        summary: 'A firewall group with its servers and rules',
        params: GroupParams,
        response: { 200: FirewallGroupSchema, ...reading({ paged: false }) },
      },
    },
    (request) => firewall.getGroup(request.actor, request.params.project_slug, request.params.group_id),
  );

  app.patch(
    '/projects/:project_slug/firewall-groups/:group_id/',
    {
      schema: {
        operationId: 'renameFirewallGroup',
        tags,
        summary: 'Rename a firewall group (only the name changes)',
        params: GroupParams,
        body: UpdateGroupBody,
        response: { 200: FirewallGroupSchema, ...changing({ body: true, conflicts: ['name_taken'] }) },
      },
    },
    (request) => firewall.updateGroup(request.actor, request.params.project_slug, request.params.group_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/firewall-groups/:group_id/',
    {
      schema: {
        operationId: 'deleteFirewallGroup',
        tags,
        summary: 'Delete a firewall group and its rules (not while attached to servers)',
        description: 'A group attached to servers is 409 group_in_use, with their ids in `servers`.',
        params: GroupParams,
        response: { 204: NoContent, ...changing({ body: false, conflicts: ['group_in_use'] }) },
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
        operationId: 'listFirewallGroupRules',
        tags,
        summary: "A firewall group's rules, lowest priority first",
        params: GroupParams,
        querystring: Type.Object(PageQuery),
        response: { 200: PaginatedSchema(FirewallRuleSchema), ...reading({ paged: true }) },
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
        operationId: 'createFirewallGroupRule',
        tags,
        summary: 'Add a rule that allows traffic',
        description: 'A copy of a rule the group has is 409 rule_exists, with that rule’s id in `rule_id`.',
        params: GroupParams,
        body: CreateRuleBody,
        response: { 201: FirewallRuleSchema, ...changing({ body: true, conflicts: ['rule_exists'] }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await firewall.createRule(request.actor, request.params.project_slug, request.params.group_id, request.body)),
  );

  app.get(
    '/projects/:project_slug/firewall-groups/:group_id/rules/:rule_id/',
    {
      schema: {
        operationId: 'getFirewallGroupRule',
        tags,
        summary: 'A firewall rule',
        params: RuleParams,
        response: { 200: FirewallRuleSchema, ...reading({ paged: false }) },
      },
    },
    (request) => firewall.getRule(request.actor, request.params.project_slug, request.params.group_id, request.params.rule_id),
  );

  app.patch(
    '/projects/:project_slug/firewall-groups/:group_id/rules/:rule_id/',
    {
      schema: {
        operationId: 'updateFirewallGroupRule',
        tags,
        summary: 'Change a firewall rule (the result is checked as a whole)',
        params: RuleParams,
        body: UpdateRuleBody,
        response: { 200: FirewallRuleSchema, ...changing({ body: true, conflicts: ['rule_exists'] }) },
      },
    },
    (request) => firewall.updateRule(request.actor, request.params.project_slug, request.params.group_id, request.params.rule_id, request.body),
  );

  app.delete(
    '/projects/:project_slug/firewall-groups/:group_id/rules/:rule_id/',
    {
      schema: {
        operationId: 'deleteFirewallGroupRule',
        tags,
        summary: 'Delete a firewall rule',
        params: RuleParams,
        response: { 204: NoContent, ...changing({ body: false, conflicts: [] }) },
      },
    },
    async (request, reply) => {
      await firewall.deleteRule(request.actor, request.params.project_slug, request.params.group_id, request.params.rule_id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/projects/:project_slug/servers/:server_id/firewall-groups/',
    {
      schema: {
        operationId: 'setServerFirewallGroups',
        tags,
        summary: "Replace a server's firewall groups",
        params: ServerGroupsParams,
        body: ServerGroupsBody,
        response: { 200: ServerGroupsSchema, ...changing({ body: true, conflicts: [] }) },
      },
    },
    (request) => firewall.replaceServerGroups(request.actor, request.params.project_slug, request.params.server_id, request.body.firewall_groups),
  );
};
