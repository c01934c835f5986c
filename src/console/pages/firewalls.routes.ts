// A project's firewalls in the console (issue 30, item 3): its groups, each
// group's rules and servers, and the propagation of the group's rules to
// each of those servers, live while any is still applying. Every change goes
// through FirewallService exactly as the API's firewall routes call it (the
// same schemas check the forms first), so the console refuses what the API
// refuses; the refusal is told with the form's own labels ("Port",
// "Source"), never the API's field names, and a copy of a rule the group
// has (409 rule_exists) reads "This rule already exists". Attaching a group
// to a server is the API's PUT of the server's whole set: the set is read,
// the group added or taken out, and the new set sent.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { CreateGroupBody, CreateRuleBody, type CreateRuleInput, type FirewallGroup } from '../../modules/firewall/index.ts';
import type { Direction, FirewallRule, Protocol } from '../../upstreams/firewall/rules.ts';
import { MAX_SERVER_FIREWALL_GROUPS } from '../../modules/servers/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { redirectWith, renderHtml, sendPage } from '../console-page.ts';
import { moment, pager, paging, projectNav, projectUrl, serverName, serverUrl } from './display.ts';
import { plural, stateLabel, type StateLabel } from './labels.ts';
import { dropEmptyFields, invalidForm, refusalOf, type Refusal } from './refusals.ts';
import { FIREWALL_DIRECTIONS, FIREWALL_PROTOCOLS } from './labels.ts';
import { pathId, textFields } from './form-values.ts';

const GROUPS_PER_PAGE = 50;
/** The project's servers offered to attach (and named in the tables); beyond these a server goes by its id. */
const SERVERS_LISTED = 500;

/** The words each form gives the API's fields; every refusal names them so. */
const GROUP_LABELS: Record<string, string> = { name: 'Name', direction: 'Direction' };
const RULE_LABELS: Record<string, string> = {
  protocol: 'Protocol',
  port_min: 'Port',
  port_max: 'Last port',
  source_cidr: 'Source',
  destination_cidr: 'Destination',
  priority: 'Priority',
  comment: 'Description',
};
const ATTACH_LABELS: Record<string, string> = { firewall_groups: 'Firewall group', server_id: 'Server' };

const DIRECTIONS = FIREWALL_DIRECTIONS;
const PROTOCOLS = FIREWALL_PROTOCOLS;

const RULE_FIELDS = ['protocol', 'port_min', 'port_max', 'source_cidr', 'destination_cidr', 'priority', 'comment'] as const;
type RuleForm = Record<(typeof RULE_FIELDS)[number], string>;
const EMPTY_RULE: RuleForm = { protocol: 'tcp', port_min: '', port_max: '', source_cidr: '', destination_cidr: '', priority: '', comment: '' };

interface GroupForm {
  name: string;
  direction: string;
}
const EMPTY_GROUP: GroupForm = { name: '', direction: 'ingress' };

/** What the group page's forms hold: empty, or what was typed into the one that was refused. */
interface GroupPageForms {
  rule: RuleForm;
  rename: string | null;
  serverId: string;
}

const firewallsUrl = (slug: string) => `${projectUrl(slug)}/firewalls`;
const groupUrl = (slug: string, groupId: number) => `${firewallsUrl(slug)}/${groupId}`;

const idOf = (text: string, what: 'Firewall group' | 'Firewall rule') => pathId(text, what);

/**
 * A rule form as the API's body: an empty field is a field not given, and a
 * number field holds a number, so the API's schema judges what was typed
 * (anything else stays text, and the schema refuses it). Only the address
 * field of the group's direction is sent: the form has only that one.
 */
function ruleBody(body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  dropEmptyFields(fields, ['port_min', 'port_max', 'source_cidr', 'destination_cidr', 'priority', 'comment']);
  for (const name of ['port_min', 'port_max', 'priority']) {
    const value = fields[name];
    if (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)) fields[name] = Number(value);
  }
  for (const name of ['source_cidr', 'destination_cidr']) {
    const value = fields[name];
    if (typeof value === 'string') fields[name] = value.trim();
  }
}

/** The rule the form asks for, as the API's body (the form's other fields, such as its CSRF token, left out). */
function ruleInput(body: unknown): CreateRuleInput {
  const fields = body as Record<string, unknown>;
  return Object.fromEntries(RULE_FIELDS.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]])) as CreateRuleInput;
}

/**
 * The API's words a customer would not use, in the console's: a port that
 * "must be null" is a port left empty, and the values of a choice are the
 * ones its menu shows ("Inbound", not `ingress`).
 */
function plainWords(refusal: Refusal): Refusal {
  const plain = (text: string) =>
    text
      .replace(/must be null\b/g, 'must be empty')
      .replace(/must be <= (\d+)/g, 'must be at most $1')
      .replace(/must be >= (\d+)/g, 'must be at least $1')
      .replace(/must be one of: ingress, egress/g, `must be ${DIRECTIONS.ingress.text} or ${DIRECTIONS.egress.text}`)
      .replace(/must be one of: tcp, udp, icmp, any/g, `must be one of ${Object.values(PROTOCOLS).join(', ')}`)
      .replace(/\b(for|only) (tcp|udp|icmp|any)\b/g, (_, word: string, protocol: Protocol) => `${word} ${PROTOCOLS[protocol]}`)
      .replace(/\band udp\b/g, 'and UDP');
  return { ...refusal, message: plain(refusal.message), fieldMessages: Object.fromEntries(Object.entries(refusal.fieldMessages).map(([field, text]) => [field, plain(text)])) };
}

/** "443", "8000–8999", "All ports"; icmp and any rules have none. */
function portsText(rule: FirewallRule): string {
  if (rule.protocol !== 'tcp' && rule.protocol !== 'udp') return 'Not used';
  if (rule.port_min === null || (rule.port_min === 1 && rule.port_max === 65535)) return 'All ports';
  if (rule.port_max === null || rule.port_max === rule.port_min) return String(rule.port_min);
  return `${rule.port_min}–${rule.port_max}`;
}

/** The rule in one sentence: "TCP port 443 from any address". */
function ruleSentence(rule: FirewallRule, direction: Direction): string {
  const ports = portsText(rule);
  const protocol = PROTOCOLS[rule.protocol];
  const what = ports === 'Not used' ? protocol : ports === 'All ports' ? `${protocol}, all ports,` : `${protocol} ${ports.includes('–') ? 'ports' : 'port'} ${ports}`;
  const address = direction === 'ingress' ? rule.source_cidr : rule.destination_cidr;
  return `${what} ${direction === 'ingress' ? 'from' : 'to'} ${address ?? 'any address'}`;
}

function ruleRow(slug: string, group: FirewallGroup, rule: FirewallRule) {
  const address = group.direction === 'ingress' ? rule.source_cidr : rule.destination_cidr;
  return {
    id: rule.id,
    direction: DIRECTIONS[group.direction].text,
    protocol: PROTOCOLS[rule.protocol],
    ports: portsText(rule),
    address,
    priority: rule.priority,
    description: rule.comment,
    sentence: ruleSentence(rule, group.direction),
    removeUrl: `${groupUrl(slug, group.id)}/rules/${rule.id}/delete`,
  };
}

/** Whether the controller has caught up with a server's latest firewall change. */
function propagationOf(state: { generation: number; applied_generation: number }): StateLabel {
  return stateLabel('propagation', state.applied_generation >= state.generation ? 'applied' : 'applying');
}

export async function firewallPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  /** The project's servers by id, for names and the attach form. */
  async function projectServers(request: FastifyRequest, slug: string) {
    const { servers } = await services.servers.list(consoleActor(request.consoleUser), slug, { limit: SERVERS_LISTED, offset: 0 });
    return servers;
  }

  // The list of groups

  async function sendGroupList(request: FastifyRequest, reply: FastifyReply, slug: string, form: GroupForm, problem: Refusal | null): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const base = firewallsUrl(project.slug);
    const paged = paging(request.query, GROUPS_PER_PAGE);
    const { count, groups } = await services.firewall.listGroups(actor, slug, { limit: paged.size, offset: paged.offset });
    return sendPage(
      request,
      reply,
      'firewalls',
      {
        title: `Firewalls of ${project.name}`,
        heading: 'Firewalls',
        section: 'projects',
        breadcrumbs: [
          { text: 'Projects', url: '/console/projects' },
          { text: project.name, url: projectUrl(project.slug) },
          { text: 'Firewalls', url: base },
        ],
        projectNav: projectNav(project, 'firewalls'),
        groups: groups.map((group) => ({
          id: group.id,
          name: group.name,
          url: groupUrl(project.slug, group.id),
          direction: DIRECTIONS[group.direction].text,
          rules: plural(group.rules.length, 'rule'),
          servers: plural(group.servers.length, 'server'),
          deleteUrl: `${groupUrl(project.slug, group.id)}/delete`,
          inUse: group.servers.length > 0,
        })),
        directions: Object.entries(DIRECTIONS).map(([value, words]) => ({ value, ...words })),
        createUrl: base,
        pager: pager(base, paged, count),
        form,
        problem,
      },
      problem?.status ?? 200,
    );
  }

  app.get('/projects/:slug/firewalls', async (request, reply) => sendGroupList(request, reply, (request.params as { slug: string }).slug, EMPTY_GROUP, null));

  app.post('/projects/:slug/firewalls', { schema: { body: CreateGroupBody }, attachValidation: true }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const form = textFields(request.body, ['name', 'direction'] as const);
    const invalid = invalidForm(request, GROUP_LABELS);
    if (invalid) return sendGroupList(request, reply, slug, form, plainWords(invalid));
    try {
      const group = await services.firewall.createGroup(consoleActor(request.consoleUser), slug, { name: form.name, direction: form.direction as Direction });
      return redirectWith(request, reply, groupUrl(slug, group.id), {
        kind: 'success',
        message: `Firewall group ${group.name} created. Add its rules, then attach it to servers.`,
      });
    } catch (error) {
      const refusal = refusalOf(error, GROUP_LABELS);
      if (!refusal) throw error;
      const message = error instanceof AppError && error.code === 'name_taken' ? `The project already has a firewall group named ${form.name}; choose another name.` : refusal.message;
      return sendGroupList(request, reply, slug, form, plainWords({ ...refusal, message }));
    }
  });

  app.post('/projects/:slug/firewalls/:id/delete', async (request, reply) => {
    const { slug, id } = request.params as { slug: string; id: string };
    const actor = consoleActor(request.consoleUser);
    const group = await services.firewall.getGroup(actor, slug, idOf(id, 'Firewall group'));
    try {
      await services.firewall.deleteGroup(actor, slug, group.id);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      let message = refusal.message;
      if (error instanceof AppError && error.code === 'group_in_use') {
        const attached = Array.isArray(error.extra.servers) ? (error.extra.servers as string[]) : group.servers;
        const names = new Map((await projectServers(request, slug)).map((server) => [server.id, serverName(server)]));
        message = `${plural(attached.length, 'server')} still ${attached.length === 1 ? 'uses' : 'use'} it (${attached.map((server) => names.get(server) ?? server).join(', ')}); detach it from them first.`;
      }
      return sendGroupList(request, reply, slug, EMPTY_GROUP, { ...refusal, message: `Firewall group ${group.name} was not deleted: ${message}` });
    }
    return redirectWith(request, reply, firewallsUrl(slug), { kind: 'success', message: `Firewall group ${group.name} deleted, with its rules.` });
  });

  // One group

  /** The servers the group is attached to, each with how far its firewall has got; polling while any is still applying. */
  async function serversPanel(request: FastifyRequest, reply: FastifyReply, slug: string, group: FirewallGroup, servers: Awaited<ReturnType<typeof projectServers>>) {
    const names = new Map(servers.map((server) => [server.id, serverName(server)]));
    // The server ids come from the group, which is the project's: each is a server of this project.
    const rows = await Promise.all(
      group.servers.map(async (id) => {
        const applied = await services.firewallInspection.applied(id).catch((error: unknown) => {
          // A server deleted since the group was read has nothing left to apply: not shown.
          if (error instanceof AppError && error.code === 'not_found') return null;
          throw error;
        });
        if (!applied) return null;
        const state = propagationOf(applied);
        return {
          id,
          name: names.get(id) ?? id,
          url: serverUrl(slug, id),
          propagation: state,
          detachUrl: `${groupUrl(slug, group.id)}/servers/${encodeURIComponent(id)}/detach`,
        };
      }),
    );
    const attached = rows.filter((row) => row !== null);
    return {
      csrfToken: reply.generateCsrf(),
      groupName: group.name,
      attached,
      polling: attached.some((server) => server.propagation.value !== 'applied'),
      fragmentUrl: `${groupUrl(slug, group.id)}/servers-fragment`,
    };
  }

  async function sendGroupPage(request: FastifyRequest, reply: FastifyReply, slug: string, groupId: number, forms: GroupPageForms, problem: Refusal | null): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const group = await services.firewall.getGroup(actor, slug, groupId);
    const servers = await projectServers(request, slug);
    const url = groupUrl(project.slug, group.id);
    const addressField = group.direction === 'ingress' ? 'source_cidr' : 'destination_cidr';
    return sendPage(
      request,
      reply,
      'firewall',
      {
        title: `Firewall group ${group.name}`,
        heading: group.name,
        section: 'projects',
        breadcrumbs: [
          { text: 'Projects', url: '/console/projects' },
          { text: project.name, url: projectUrl(project.slug) },
          { text: 'Firewalls', url: firewallsUrl(project.slug) },
          { text: group.name, url },
        ],
        projectNav: projectNav(project, 'firewalls'),
        group: {
          id: group.id,
          name: group.name,
          direction: DIRECTIONS[group.direction].text,
          directionHint: DIRECTIONS[group.direction].hint,
          created: moment(group.created_at),
          addressLabel: RULE_LABELS[addressField],
          addressField,
          deleteUrl: `${url}/delete`,
          renameUrl: `${url}/rename`,
          inUse: group.servers.length > 0,
        },
        rules: group.rules.map((rule) => ruleRow(project.slug, group, rule)),
        protocols: Object.entries(PROTOCOLS).map(([value, text]) => ({ value, text })),
        addRuleUrl: `${url}/rules`,
        attachUrl: `${url}/servers`,
        candidates: servers.filter((server) => !group.servers.includes(server.id)).map((server) => ({ id: server.id, name: serverName(server) })),
        servers: await serversPanel(request, reply, project.slug, group, servers),
        forms,
        problem,
      },
      problem?.status ?? 200,
    );
  }

  const emptyForms = (): GroupPageForms => ({ rule: { ...EMPTY_RULE }, rename: null, serverId: '' });

  /** Runs a change of the group's page; a refusal shows the page again with it (and what was typed), anything else stays an error page. */
  async function changeGroup(
    request: FastifyRequest,
    reply: FastifyReply,
    change: { slug: string; groupId: number; forms: GroupPageForms; labels: Record<string, string>; run: () => Promise<string>; refused?: (error: unknown) => string | null },
  ): Promise<FastifyReply> {
    let done: string;
    try {
      done = await change.run();
    } catch (error) {
      const refusal = refusalOf(error, change.labels);
      if (!refusal) throw error;
      const message = change.refused?.(error) ?? refusal.message;
      return sendGroupPage(request, reply, change.slug, change.groupId, change.forms, plainWords({ ...refusal, message }));
    }
    return redirectWith(request, reply, groupUrl(change.slug, change.groupId), { kind: 'success', message: done });
  }

  app.get('/projects/:slug/firewalls/:id', async (request, reply) => {
    const { slug, id } = request.params as { slug: string; id: string };
    return sendGroupPage(request, reply, slug, idOf(id, 'Firewall group'), emptyForms(), null);
  });

  // What htmx asks for every 2 s while a server is still applying: the servers panel alone, never the layout.
  app.get('/projects/:slug/firewalls/:id/servers-fragment', async (request, reply) => {
    const { slug, id } = request.params as { slug: string; id: string };
    const group = await services.firewall.getGroup(consoleActor(request.consoleUser), slug, idOf(id, 'Firewall group'));
    const panel = await serversPanel(request, reply, slug, group, await projectServers(request, slug));
    return reply.type('text/html; charset=utf-8').send(renderHtml('firewall-servers', panel));
  });

  app.post('/projects/:slug/firewalls/:id/rename', { schema: { body: Type.Object({ name: CreateGroupBody.properties.name }) }, attachValidation: true }, async (request, reply) => {
    const { slug, id } = request.params as { slug: string; id: string };
    const groupId = idOf(id, 'Firewall group');
    const { name } = textFields(request.body, ['name'] as const);
    const forms = { ...emptyForms(), rename: name };
    const invalid = invalidForm(request, GROUP_LABELS);
    if (invalid) return sendGroupPage(request, reply, slug, groupId, forms, plainWords(invalid));
    return changeGroup(request, reply, {
      slug,
      groupId,
      forms,
      labels: GROUP_LABELS,
      run: async () => `Firewall group renamed to ${(await services.firewall.updateGroup(consoleActor(request.consoleUser), slug, groupId, { name })).name}.`,
      refused: (error) => (error instanceof AppError && error.code === 'name_taken' ? `The project already has a firewall group named ${name}; choose another name.` : null),
    });
  });

  app.post(
    '/projects/:slug/firewalls/:id/rules',
    {
      // The API's own schema for the same request, given the form as the API's body.
      schema: { body: CreateRuleBody },
      attachValidation: true,
      preValidation: async (request) => ruleBody(request.body),
    },
    async (request, reply) => {
      const { slug, id } = request.params as { slug: string; id: string };
      const groupId = idOf(id, 'Firewall group');
      const typed = (request.body ?? {}) as Record<string, unknown>;
      // What was typed, to show again (a number field became a number for the schema).
      const rule = Object.fromEntries(RULE_FIELDS.map((name) => [name, typeof typed[name] === 'string' || typeof typed[name] === 'number' ? String(typed[name]) : ''])) as RuleForm;
      const forms = { ...emptyForms(), rule };
      const invalid = invalidForm(request, RULE_LABELS);
      if (invalid) return sendGroupPage(request, reply, slug, groupId, forms, plainWords(invalid));
      return changeGroup(request, reply, {
        slug,
        groupId,
        forms,
        labels: RULE_LABELS,
        run: async () => {
          const actor = consoleActor(request.consoleUser);
          const created = await services.firewall.createRule(actor, slug, groupId, ruleInput(request.body));
          const group = await services.firewall.getGroup(actor, slug, groupId);
          return `Rule added: ${ruleSentence(created, group.direction)}.${group.servers.length > 0 ? ' It is being applied to the group’s servers.' : ''}`;
        },
        refused: (error) => (error instanceof AppError && error.code === 'rule_exists' ? 'This rule already exists in the group.' : null),
      });
    },
  );

  app.post('/projects/:slug/firewalls/:id/rules/:ruleId/delete', async (request, reply) => {
    const { slug, id, ruleId } = request.params as { slug: string; id: string; ruleId: string };
    const groupId = idOf(id, 'Firewall group');
    const actor = consoleActor(request.consoleUser);
    const group = await services.firewall.getGroup(actor, slug, groupId);
    const rule = await services.firewall.getRule(actor, slug, groupId, idOf(ruleId, 'Firewall rule'));
    return changeGroup(request, reply, {
      slug,
      groupId,
      forms: emptyForms(),
      labels: RULE_LABELS,
      run: async () => {
        await services.firewall.deleteRule(actor, slug, groupId, rule.id);
        return `Rule removed: ${ruleSentence(rule, group.direction)}.`;
      },
    });
  });

  /** Puts this group in or out of a server's set, as an API client does: read the set, change it, send it whole. */
  async function setAttached(request: FastifyRequest, slug: string, groupId: number, serverId: string, attached: boolean): Promise<string> {
    const actor = consoleActor(request.consoleUser);
    let server;
    try {
      server = await services.servers.get(actor, slug, serverId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw new AppError('validation_error', 'Choose one of the project’s servers.', { errors: [{ field: 'server_id', message: 'choose one of the project’s servers' }] });
      throw error;
    }
    if (server.firewall_groups === null) throw new AppError('upstream_unavailable', `The firewall groups of ${serverName(server)} could not be read, so nothing was changed; try again in a minute.`);
    // Asked for what is already so (a second click, a stale page): said as it is, nothing sent.
    if (server.firewall_groups.includes(groupId) === attached) {
      throw new AppError('conflict', attached ? `${serverName(server)} already has this group.` : `${serverName(server)} does not have this group.`);
    }
    const wanted = attached ? [...server.firewall_groups, groupId] : server.firewall_groups.filter((id) => id !== groupId);
    // The API's schema bounds the set it is sent; the service, called directly, is held to the same bound.
    if (wanted.length > MAX_SERVER_FIREWALL_GROUPS) {
      throw new AppError('validation_error', `${serverName(server)} already has ${MAX_SERVER_FIREWALL_GROUPS} firewall groups, the most a server can have; detach one first.`, {
        errors: [{ field: 'server_id', message: `has ${MAX_SERVER_FIREWALL_GROUPS} firewall groups already` }],
      });
    }
    await services.firewall.replaceServerGroups(actor, slug, server.id, wanted);
    return attached ? `Attached to ${serverName(server)}. The group’s rules are being applied to it.` : `Detached from ${serverName(server)}. Its firewall is being updated.`;
  }

  app.post('/projects/:slug/firewalls/:id/servers', async (request, reply) => {
    const { slug, id } = request.params as { slug: string; id: string };
    const groupId = idOf(id, 'Firewall group');
    // The group first: another user's group is a 404 page, not a refused form.
    await services.firewall.getGroup(consoleActor(request.consoleUser), slug, groupId);
    const { server_id: serverId } = textFields(request.body, ['server_id'] as const);
    return changeGroup(request, reply, {
      slug,
      groupId,
      forms: { ...emptyForms(), serverId },
      labels: ATTACH_LABELS,
      run: () => setAttached(request, slug, groupId, serverId, true),
    });
  });

  app.post('/projects/:slug/firewalls/:id/servers/:serverId/detach', async (request, reply) => {
    const { slug, id, serverId } = request.params as { slug: string; id: string; serverId: string };
    const groupId = idOf(id, 'Firewall group');
    await services.firewall.getGroup(consoleActor(request.consoleUser), slug, groupId);
    // A server of another project (or none) names nothing here: a 404 page, as on the API.
    await services.servers.requireServer(consoleActor(request.consoleUser), slug, serverId);
    return changeGroup(request, reply, { slug, groupId, forms: emptyForms(), labels: ATTACH_LABELS, run: () => setAttached(request, slug, groupId, serverId, false) });
  });
}
