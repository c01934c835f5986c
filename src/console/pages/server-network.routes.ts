// A server's Networking tab: its addresses with their reverse DNS names
// (each IPv4 address, and any address inside its IPv6 subnet, which the
// customer types), enabling IPv6 and the private network where the API
// offers them, and the firewall groups attached to it with whether the
// network controller has applied them yet. Everything goes through the
// services the API's routes call (ReverseDnsService, ActionService,
// FirewallService) as the signed-in user, so the API's rules and refusals
// apply unchanged; a refusal comes back on this page in the form's words.
// The parts that change by themselves (an IPv6 or private network action
// under way, a firewall change not yet applied) ask for themselves again
// every 2 s through their fragment route, and stop once settled.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import type { Action, ActionFilters } from '../../modules/actions/index.ts';
import type { FirewallGroup } from '../../modules/firewall/index.ts';
import { ReverseDnsAddressParams, SetPtrBody } from '../../modules/reverse-dns/index.ts';
import type { Server } from '../../modules/servers/index.ts';
import type { Services } from '../../services.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { consoleActor } from '../console-actor.ts';
import { describeError } from '../console-errors.ts';
import { redirectWith, renderHtml, sendPage } from '../console-page.ts';
import { moment, projectUrl, serverName, serverUrl } from './display.ts';
import { invalidForm, refusalOf, type FieldLabels, type Refusal } from './refusals.ts';
import { serverFrame } from './server-page.ts';
import { FIREWALL_DIRECTIONS } from './labels.ts';
import { pathId, textField } from './form-values.ts';

/** The words of the reverse DNS forms for the API's field names. */
const PTR_LABELS: FieldLabels = { address: 'Address', ptr: 'Reverse DNS name' };
const FIREWALL_LABELS: FieldLabels = { firewall_groups: 'Firewall group', group_id: 'Firewall group' };

/** The API's schemas for the same fields, so the console refuses what the API refuses, in its words. */
const PtrForm = Type.Object({ address: ReverseDnsAddressParams.properties.address, ptr: SetPtrBody.properties.ptr });
const AddressForm = Type.Object({ address: ReverseDnsAddressParams.properties.address });

/** The parts of the page that update by themselves, each with its own fragment route. */
const LIVE_PARTS = ['ipv6', 'private-network', 'firewall'] as const;
type LivePart = (typeof LIVE_PARTS)[number];

/** A project has few firewall groups; read in pages of the API's largest size. */
const GROUPS_PAGE = 100;

interface ServerPath {
  slug: string;
  id: string;
}

type ServerRecord = Awaited<ReturnType<Services['servers']['requireServer']>>['server'];

/** What was typed into a reverse DNS form, shown again when it is refused. */
interface PtrFormValues {
  address: string;
  ptr: string;
}

/** One address's row: its PTR and the forms that change it. */
interface PtrRow {
  /** Unique on the page: the ids of the row's inputs. */
  key: string;
  address: string;
  note: string | null;
  /** The PTR name; null when none is set, undefined when the reverse DNS service could not be read. */
  ptr: string | null | undefined;
  /** What the name field holds: what was typed when the form was refused, else the name that is set. */
  value: string;
  invalid: string | null;
  removeConfirm: string;
}

interface PageOptions {
  problem?: Refusal | null;
  form?: PtrFormValues | null;
  /** An address of the IPv6 subnet the customer asked to see (`?address=`). */
  lookup?: string | null;
}

/** The reverse DNS service is down or failed: the page says so instead of failing. */
function rdnsTrouble(error: unknown): string | null {
  if (error instanceof AppError && error.code === 'reverse_dns_unavailable') return describeError(error).message;
  if (isUpstreamError(error)) return describeError(error).message;
  return null;
}

/** The address a form named, in the form it was typed, or the canonical one when it parses. */
function canonical(address: string): string {
  try {
    return ipaddr.parse(address).toString();
  } catch {
    return address;
  }
}

/** The server's own address in an IPv6 subnet: the first one (`2001:db8:0:7::/64` → `2001:db8:0:7::1`), as provisioning gives it. */
function firstAddress(subnet: string): string {
  const parts = ipaddr.IPv6.parse(subnet.split('/')[0]!).parts;
  parts[7] = 1;
  return new ipaddr.IPv6(parts).toString();
}

function insideSubnet(address: string, subnet: string): boolean {
  try {
    const parsed = ipaddr.parse(address);
    return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(ipaddr.IPv6.parseCIDR(subnet));
  } catch {
    return false;
  }
}

export async function serverNetworkPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const networkUrl = (path: ServerPath) => `${serverUrl(path.slug, path.id)}/networking`;

  /** The latest action of this type on the server, or null. */
  async function latestAction(request: FastifyRequest, path: ServerPath, type: 'server.enable_ipv6' | 'server.enable_private_network'): Promise<Action | null> {
    // The API's list filter, as GET …/actions/?resource_id=…&type=… reads it (TypeBox types the union of the
    // action types as never, so the literal is passed through unchecked; the repo filters on its value).
    const filters: ActionFilters = { resource_type: 'server', resource_id: path.id, type: type as never };
    const { actions } = await services.actions.list(consoleActor(request.consoleUser), path.slug, filters, { limit: 1, offset: 0 });
    return actions[0] ?? null;
  }

  function ptrRow(key: string, address: string, note: string | null, ptr: string | null | undefined, form: PtrFormValues | null, problem: Refusal | null): PtrRow {
    const posted = form !== null && canonical(form.address) === address;
    return {
      key,
      address,
      note,
      ptr,
      value: posted ? form.ptr : (ptr ?? ''),
      invalid: posted && problem ? (problem.fieldMessages.ptr ?? problem.message) : null,
      removeConfirm: `Remove the reverse DNS name of ${address}?`,
    };
  }

  /** Each IPv4 address with its PTR, primary first. */
  async function ipv4Part(request: FastifyRequest, path: ServerPath, server: Server, form: PtrFormValues | null, problem: Refusal | null) {
    const ptrs = new Map<string, string | null>();
    let trouble: string | null = null;
    try {
      const { entries } = await services.reverseDns.list(consoleActor(request.consoleUser), path.slug, path.id, { limit: 100, offset: 0 });
      for (const entry of entries) ptrs.set(entry.address, entry.ptr);
    } catch (error) {
      trouble = rdnsTrouble(error);
      if (trouble === null) throw error;
    }
    return {
      rows: server.network.ipv4.map((entry, index) =>
        ptrRow(`ipv4-${index}`, entry.address, entry.primary ? 'Primary' : null, trouble ? undefined : (ptrs.get(entry.address) ?? null), form, problem),
      ),
      trouble,
    };
  }

  /**
   * The IPv6 subnet (once enabled): the server's own address and the one the
   * customer looked up, each with its PTR; or, before, whether it can be
   * enabled and how the enabling is going.
   */
  async function ipv6Part(request: FastifyRequest, path: ServerPath, server: Server, record: ServerRecord, options: PageOptions) {
    const actor = consoleActor(request.consoleUser);
    const subnets = server.network.ipv6.map((entry) => entry.subnet);
    // The subnet is taken as the enabling starts, so the action, not the subnet, says whether it is done.
    const action = await latestAction(request, path, 'server.enable_ipv6');
    const enabling = action !== null && action.finished_at === null;
    let trouble: string | null = null;
    const readPtr = async (address: string): Promise<string | null | undefined> => {
      if (trouble) return undefined;
      try {
        return (await services.reverseDns.get(actor, path.slug, path.id, address)).ptr;
      } catch (error) {
        trouble = rdnsTrouble(error);
        if (trouble === null) throw error;
        return undefined;
      }
    };
    const rows: PtrRow[] = [];
    // While it is being enabled the part shows no forms: it is replaced every 2 s until done.
    for (const [index, subnet] of (enabling ? [] : subnets).entries()) {
      const own = firstAddress(subnet);
      rows.push(ptrRow(`ipv6-${index}`, own, "The server's address", await readPtr(own), options.form ?? null, options.problem ?? null));
      const lookup = options.lookup ? canonical(options.lookup) : null;
      if (lookup && lookup !== own && insideSubnet(lookup, subnet)) {
        rows.push(ptrRow(`ipv6-${index}-lookup`, lookup, null, await readPtr(lookup), options.form ?? null, options.problem ?? null));
      }
    }
    const form = options.form ?? null;
    // What was typed comes back in the "another address" form when it was refused and names no row of the page.
    const shownElsewhere = (address: string) => server.network.ipv4.some((entry) => entry.address === address) || rows.some((row) => row.address === address);
    const typedElsewhere = form !== null && form.address !== '' && !shownElsewhere(canonical(form.address));
    const problem = options.problem ?? null;
    return {
      subnets,
      rows,
      trouble,
      canEnable: subnets.length === 0 && Boolean(record.location.ipv6_pool) && !enabling,
      unavailable: subnets.length === 0 && !record.location.ipv6_pool,
      action: action ? { label: stateOf(action), error: action.status === 'error' ? (action.error?.message ?? null) : null } : null,
      enabling,
      polling: enabling,
      lookup: options.lookup ?? '',
      /** An address of the subnet other than the server's own, as the example in the form. */
      example: subnets[0] ? firstAddress(subnets[0]).replace(/::1$/, '::25') : '',
      other: {
        address: typedElsewhere ? form.address : '',
        ptr: typedElsewhere ? form.ptr : '',
        addressInvalid: typedElsewhere && problem?.fields.includes('address') ? (problem.fieldMessages.address ?? problem.message) : null,
        ptrInvalid: typedElsewhere && problem?.fields.includes('ptr') ? (problem.fieldMessages.ptr ?? problem.message) : null,
      },
    };
  }

  async function privateNetworkPart(request: FastifyRequest, path: ServerPath, server: Server) {
    const network = server.network.private_network;
    const enabled = network?.enabled === true;
    const action = enabled ? null : await latestAction(request, path, 'server.enable_private_network');
    const enabling = action !== null && action.finished_at === null;
    return {
      known: network !== null && network.enabled !== null,
      enabled,
      eligible: network?.eligible === true,
      canEnable: network?.eligible === true && !enabled && !enabling,
      action: action ? { label: stateOf(action), error: action.status === 'error' ? (action.error?.message ?? null) : null } : null,
      enabling,
      polling: enabling,
    };
  }

  /** Every firewall group of the project (the API's pages, read to the end). */
  async function allGroups(request: FastifyRequest, slug: string): Promise<FirewallGroup[]> {
    const groups: FirewallGroup[] = [];
    for (let offset = 0; ; offset += GROUPS_PAGE) {
      const page = await services.firewall.listGroups(consoleActor(request.consoleUser), slug, { limit: GROUPS_PAGE, offset });
      groups.push(...page.groups);
      if (page.groups.length < GROUPS_PAGE || groups.length >= page.count) return groups;
    }
  }

  /**
   * Whether the network controller has applied the server's latest firewall
   * (its generation): `applied` or `applying`; `unknown` when it cannot be read.
   */
  async function propagationState(serverId: string): Promise<string> {
    try {
      const { generation, applied_generation: applied } = await services.firewallInspection.applied(serverId);
      return applied >= generation ? 'applied' : 'applying';
    } catch (error) {
      if (error instanceof AppError && error.code !== 'not_found') return 'unknown';
      if (isUpstreamError(error)) return 'unknown';
      throw error;
    }
  }

  async function firewallPart(request: FastifyRequest, path: ServerPath) {
    const firewallsUrl = `${projectUrl(path.slug)}/firewalls`;
    let groups: FirewallGroup[];
    try {
      groups = await allGroups(request, path.slug);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { trouble: refusal.message, attached: [], available: [], state: null, polling: false, firewallsUrl };
    }
    const state = await propagationState(path.id);
    const attached = groups.filter((group) => group.servers.includes(path.id));
    return {
      trouble: null,
      attached: attached.map((group) => ({
        id: group.id,
        name: group.name,
        url: `${firewallsUrl}/${group.id}`,
        direction: FIREWALL_DIRECTIONS[group.direction].text,
        rules: group.rules.length,
        detachUrl: `${networkUrl(path)}/firewall-groups/${group.id}/detach`,
        detachConfirm: `Detach firewall group ${group.name} from this server? Its rules stop applying here.`,
      })),
      available: groups.filter((group) => !group.servers.includes(path.id)).map((group) => ({ id: group.id, name: group.name })),
      state,
      polling: state === 'applying',
      firewallsUrl,
    };
  }

  function partUrls(path: ServerPath) {
    const base = networkUrl(path);
    return {
      page: base,
      setPtr: `${base}/reverse-dns`,
      removePtr: `${base}/reverse-dns/remove`,
      enableIpv6: `${base}/enable-ipv6`,
      enablePrivateNetwork: `${base}/enable-private-network`,
      attach: `${base}/firewall-groups/attach`,
      live: Object.fromEntries(LIVE_PARTS.map((part) => [part, `${base}/live/${part}`])) as Record<LivePart, string>,
    };
  }

  async function sendNetworkPage(request: FastifyRequest, reply: FastifyReply, path: ServerPath, options: PageOptions = {}, status = options.problem?.status ?? 200): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const { project, server: record } = await services.servers.requireServer(actor, path.slug, path.id);
    const [ipv4, ipv6, privateNetwork, firewall] = await Promise.all([
      ipv4Part(request, path, server, options.form ?? null, options.problem ?? null),
      ipv6Part(request, path, server, record, options),
      privateNetworkPart(request, path, server),
      firewallPart(request, path),
    ]);
    return sendPage(
      request,
      reply,
      'server-network',
      {
        ...serverFrame(project, server, 'networking'),
        problem: options.problem ? { message: options.problem.message, status: options.problem.status } : null,
        server: { id: server.id, name: serverName(server) },
        urls: partUrls(path),
        ipv4,
        ipv6,
        privateNetwork,
        firewall,
      },
      status,
    );
  }

  app.get('/projects/:slug/servers/:id/networking', async (request, reply) => {
    const path = request.params as ServerPath;
    const lookup = textField(request.query, 'address').trim();
    if (lookup === '') return sendNetworkPage(request, reply, path);
    // The address looked up must be the server's, as the API's GET …/reverse-dns/{address}/ says; otherwise the form says so.
    const actor = consoleActor(request.consoleUser);
    await services.servers.requireServer(actor, path.slug, path.id);
    try {
      await services.reverseDns.get(actor, path.slug, path.id, lookup.slice(0, 64));
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        const server = await services.servers.get(actor, path.slug, path.id);
        return sendNetworkPage(request, reply, path, { problem: addressRefusal(server), form: { address: lookup, ptr: '' } });
      }
      if (rdnsTrouble(error) === null) throw error;
    }
    return sendNetworkPage(request, reply, path, { lookup });
  });

  app.get('/projects/:slug/servers/:id/networking/live/:part', async (request, reply) => {
    const { part, ...path } = request.params as ServerPath & { part: string };
    if (!(LIVE_PARTS as readonly string[]).includes(part)) throw new AppError('not_found', 'There is no such part of the page');
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const urls = partUrls(path);
    const csrfToken = reply.generateCsrf();
    let html: string;
    if (part === 'ipv6') {
      const { server: record } = await services.servers.requireServer(actor, path.slug, path.id);
      html = renderHtml('server-network-ipv6', { ipv6: await ipv6Part(request, path, server, record, {}), urls, csrfToken });
    } else if (part === 'private-network') {
      html = renderHtml('server-network-private', { privateNetwork: await privateNetworkPart(request, path, server), urls, csrfToken });
    } else {
      html = renderHtml('server-network-firewall', { firewall: await firewallPart(request, path), urls, csrfToken });
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // Set (or change) the PTR of an address: the API's PUT …/reverse-dns/{address}/.
  app.post('/projects/:slug/servers/:id/networking/reverse-dns', { schema: { body: PtrForm }, attachValidation: true }, async (request, reply) => {
    const path = request.params as ServerPath;
    const actor = consoleActor(request.consoleUser);
    const form = { address: textField(request.body, 'address').trim(), ptr: textField(request.body, 'ptr').trim() };
    const server = await services.servers.get(actor, path.slug, path.id);
    const invalid = invalidForm(request, PTR_LABELS);
    if (invalid) return sendNetworkPage(request, reply, path, { problem: invalid, form, lookup: form.address });
    try {
      const entry = await services.reverseDns.set(actor, path.slug, path.id, form.address, form.ptr);
      return redirectWith(request, reply, afterPtr(path, server, entry.address), { kind: 'success', message: `The reverse DNS name of ${entry.address} is now ${entry.ptr}.` });
    } catch (error) {
      const refusal = ptrRefusal(error, server);
      return sendNetworkPage(request, reply, path, { problem: refusal, form, lookup: refusal.fields.includes('address') ? null : form.address });
    }
  });

  // Remove the PTR of an address: the API's DELETE …/reverse-dns/{address}/.
  app.post('/projects/:slug/servers/:id/networking/reverse-dns/remove', { schema: { body: AddressForm }, attachValidation: true }, async (request, reply) => {
    const path = request.params as ServerPath;
    const actor = consoleActor(request.consoleUser);
    const form = { address: textField(request.body, 'address').trim(), ptr: '' };
    const server = await services.servers.get(actor, path.slug, path.id);
    const invalid = invalidForm(request, PTR_LABELS);
    if (invalid) return sendNetworkPage(request, reply, path, { problem: invalid, form });
    try {
      await services.reverseDns.delete(actor, path.slug, path.id, form.address);
      const address = canonical(form.address);
      return redirectWith(request, reply, afterPtr(path, server, address), { kind: 'success', message: `The reverse DNS name of ${address} was removed.` });
    } catch (error) {
      const refusal = ptrRefusal(error, server);
      return sendNetworkPage(request, reply, path, { problem: { ...refusal, message: `The reverse DNS name was not removed. ${refusal.message}` }, form });
    }
  });

  // Enabling IPv6 and joining the private network are actions, started as the API's POST …/actions/{name}/ starts them.
  for (const [route, name, started] of [
    ['enable-ipv6', 'enable_ipv6', 'IPv6 is being enabled; its subnet is shown here once it is ready.'],
    ['enable-private-network', 'enable_private_network', 'The server is joining the private network.'],
  ] as const) {
    app.post(`/projects/:slug/servers/:id/networking/${route}`, async (request, reply) => {
      const path = request.params as ServerPath;
      try {
        await services.actions.start(consoleActor(request.consoleUser), path.slug, path.id, name, {}, null);
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        const what = name === 'enable_ipv6' ? 'IPv6 was not enabled.' : 'The server did not join the private network.';
        return sendNetworkPage(request, reply, path, { problem: { ...refusal, message: `${what} ${refusal.message}` } });
      }
      return redirectWith(request, reply, networkUrl(path), { kind: 'success', message: started });
    });
  }

  // Attaching and detaching: the API's PUT …/firewall-groups/ with the server's set plus or minus one group.
  app.post('/projects/:slug/servers/:id/networking/firewall-groups/attach', async (request, reply) => {
    const path = request.params as ServerPath;
    const text = textField(request.body, 'group_id');
    if (!/^\d{1,15}$/.test(text)) {
      await services.servers.requireServer(consoleActor(request.consoleUser), path.slug, path.id);
      return sendNetworkPage(request, reply, path, { problem: fieldRefusal(400, 'group_id', 'choose one of the project’s firewall groups', FIREWALL_LABELS) });
    }
    return changeGroups(request, reply, path, Number(text), 'attach');
  });

  app.post('/projects/:slug/servers/:id/networking/firewall-groups/:groupId/detach', async (request, reply) => {
    const { groupId, ...path } = request.params as ServerPath & { groupId: string };
    return changeGroups(request, reply, path, pathId(groupId, 'Firewall group'), 'detach');
  });

  async function changeGroups(request: FastifyRequest, reply: FastifyReply, path: ServerPath, groupId: number, change: 'attach' | 'detach'): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    await services.servers.requireServer(actor, path.slug, path.id);
    const verb = change === 'attach' ? 'attached' : 'detached';
    try {
      const groups = await allGroups(request, path.slug);
      const group = groups.find((candidate) => candidate.id === groupId);
      const current = groups.filter((candidate) => candidate.servers.includes(path.id)).map((candidate) => candidate.id);
      if (change === 'detach' && !current.includes(groupId)) throw new AppError('not_found', 'That firewall group is not attached to this server');
      const wanted = change === 'attach' ? [...current, groupId] : current.filter((id) => id !== groupId);
      await services.firewall.replaceServerGroups(actor, path.slug, path.id, wanted);
      const message = `Firewall group ${group?.name ?? groupId} ${verb}. The change reaches the server in a few seconds.`;
      return redirectWith(request, reply, networkUrl(path), { kind: 'success', message });
    } catch (error) {
      const refusal = refusalOf(error, FIREWALL_LABELS);
      if (!refusal) throw error;
      return sendNetworkPage(request, reply, path, { problem: { ...refusal, message: `The firewall group was not ${verb}. ${refusal.message}` } });
    }
  }
}

/** Where to go after a PTR change: the page, showing the address again when it is one the customer typed. */
function afterPtr(path: ServerPath, server: Server, address: string): string {
  const base = `${serverUrl(path.slug, path.id)}/networking`;
  const listed = server.network.ipv4.some((entry) => entry.address === address) || server.network.ipv6.some((entry) => firstAddress(entry.subnet) === address);
  return listed ? base : `${base}?address=${encodeURIComponent(address)}`;
}

function stateOf(action: Action) {
  return { value: action.status, started: moment(action.started_at) };
}

const outsideMessage = (subnets: string[]) =>
  `not one of the server's IPv4 addresses, nor inside ${subnets.length === 0 ? 'an IPv6 subnet of the server (IPv6 is not enabled)' : `its IPv6 subnet ${subnets.join(', ')}`}`;

function fieldRefusal(status: number, field: string, message: string, labels: FieldLabels): Refusal {
  const label = labels[field] ?? field;
  return { status, message: `${label}: ${message}`, fields: [field], fieldMessages: { [field]: `${label}: ${message}` } };
}

/**
 * The API answers 404 for an address that is not the server's (the server
 * itself was found first, so it is the address): on a form, that is the
 * Address field refused, with the API's words and the subnet it must be in.
 */
function addressRefusal(server: Server): Refusal {
  return fieldRefusal(400, 'address', outsideMessage(server.network.ipv6.map((entry) => entry.subnet)), PTR_LABELS);
}

function ptrRefusal(error: unknown, server: Server): Refusal {
  if (error instanceof AppError && error.code === 'not_found') return addressRefusal(server);
  const refusal = refusalOf(error, PTR_LABELS);
  if (refusal) return refusal;
  // The reverse DNS service is down: 503 with the API's words, and nothing changed.
  if (error instanceof AppError && error.code === 'reverse_dns_unavailable') return { status: 503, message: describeError(error).message, fields: [], fieldMessages: {} };
  throw error;
}
