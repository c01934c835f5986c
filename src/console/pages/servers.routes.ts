// A server's overview page: its details, its status, the power buttons that
// make sense in that status, and its actions (newest first). A button starts
// the action through ActionService.start, as the API's POST …/actions/{name}/
// does, then comes back to the page with what happened.
//
// What changes by itself is one htmx fragment (`…/live`): the actions table,
// which carries the status badge and the power buttons with it as
// out-of-band swaps, so after a Shutdown the badge says Stopped and Power on
// is offered without a reload. It asks for itself at once when the project's
// stream brings an event about the server (live-parts.ts), and polls every
// 30 s as a fallback while an action is unfinished.
//
// The console refuses a power action that makes no sense in the server's
// status (Power off on a stopped server) even when posted directly: the API
// would carry it out and report success, which tells a person nothing.
//
// The graphs page and the management pages are registered from here
// (server-graphs.routes.ts, server-manage.routes.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { PENDING_CANCELLATION } from '../../modules/cancellation/index.ts';
import type { Action, ActionName } from '../../modules/actions/index.ts';
import type { Server } from '../../modules/servers/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { redirectWith, renderHtml, sendPage } from '../console-page.ts';
import { moment, placeName, planDescription, serverUrl, type Moment } from './display.ts';
import { actionLabel, stateLabel, type StateLabel } from './labels.ts';
import { followedEvents, liveTrigger, pageEventStream } from './live-parts.ts';
import { refusalOf } from './refusals.ts';
import { serverGraphPages } from './server-graphs.routes.ts';
import { serverManagePages } from './server-manage.routes.ts';
import { serverFrame } from './server-page.ts';
import { billingSummary, passwordsToReveal } from './server-details.ts';

/** Enough to follow what was done lately; the API lists them all. */
const ACTIONS_SHOWN = 25;

type PowerName = Extract<ActionName, 'power_on' | 'shutdown' | 'reboot' | 'power_off'>;

interface PowerAction {
  name: PowerName;
  label: string;
  icon: string;
  /** Bootstrap's button class: the one that cuts the power is red. */
  style: string;
  /** Asked before a power cut: unsaved work on the server is lost. */
  confirm: string | null;
}

const POWER_ACTIONS: Record<PowerName, PowerAction> = {
  power_on: { name: 'power_on', label: 'Power on', icon: 'play-fill', style: 'btn-primary', confirm: null },
  shutdown: { name: 'shutdown', label: 'Shutdown', icon: 'stop-circle', style: 'btn-outline-secondary', confirm: null },
  reboot: { name: 'reboot', label: 'Reboot', icon: 'arrow-clockwise', style: 'btn-outline-secondary', confirm: null },
  power_off: { name: 'power_off', label: 'Power off', icon: 'power', style: 'btn-danger', confirm: 'Power off {name}? The power is cut at once: what is not saved on the server is lost.' },
};

/** The power actions that make sense in each status, in the order shown; a suspended server has none. */
const POWER_BY_STATUS: Record<Server['status'], PowerName[]> = {
  running: ['shutdown', 'reboot', 'power_off'],
  stopped: ['power_on'],
  suspended: [],
};

const isPowerName = (name: string): name is PowerName => Object.hasOwn(POWER_ACTIONS, name);

interface ServerPath {
  slug: string;
  id: string;
}

/** A row of the actions table, in words. */
interface ActionView {
  id: number;
  label: string;
  state: StateLabel;
  started: Moment | null;
  finished: Moment | null;
  error: string | null;
}

/** What the live fragment shows: the status badge, the power buttons and the actions. */
export interface LiveView {
  status: StateLabel;
  power: { url: string; confirm: string | null; label: string; icon: string; style: string }[];
  /** Why no button is offered (an action under way, a suspension), or what the buttons do. */
  powerNote: string;
  actions: ActionView[];
  /** Passwords this session's reset or reinstall made, ready to be shown once. */
  passwords: { actionId: number; label: string; finished: Moment | null }[];
  revealUrl: string;
  polling: boolean;
  liveUrl: string;
  /** How the fragment asks for itself (see live-parts.ts): on the server's events, and slowly while an action is unfinished. */
  trigger: string;
  followedEvents: string;
  serverId: string;
}

function actionView(action: Action): ActionView {
  return {
    id: action.id,
    label: actionLabel(action.type),
    state: stateLabel('action', action.status),
    started: moment(action.started_at),
    finished: moment(action.finished_at),
    error: action.error?.message ?? null,
  };
}

/**
 * Whether the power action makes sense now; the refusal in words when it
 * does not. A suspended server is left to the service, whose refusal is the API's.
 */
function powerRefusal(name: PowerName, status: Server['status']): string | null {
  if (status === 'suspended' || POWER_BY_STATUS[status].includes(name)) return null;
  return status === 'running' ? 'the server is already running.' : `the server is stopped. Power it on first.`;
}

export async function serverPages(app: FastifyInstance, { services, clock }: { services: Services; clock: Clock }): Promise<void> {
  /** The live part of the page, from the server as the API has it and its latest actions. */
  async function liveView(request: FastifyRequest, slug: string, server: Server): Promise<LiveView> {
    const { actions } = await services.actions.list(consoleActor(request.consoleUser), slug, { resource_type: 'server', resource_id: server.id }, { limit: ACTIONS_SHOWN, offset: 0 });
    // `unknown` may still turn into success or error, so it is followed like a running action.
    const unfinished = actions.find((action) => action.finished_at === null);
    const base = serverUrl(slug, server.id);
    const name = server.hostname ?? server.id;
    const offered = unfinished ? [] : POWER_BY_STATUS[server.status];
    let powerNote: string;
    if (unfinished) powerNote = `${actionLabel(unfinished.type)} is in progress. The power buttons come back when it has finished.`;
    else if (server.status === 'suspended') powerNote = 'The server is suspended: it cannot be powered on or off until the provider lifts the suspension.';
    else if (server.status === 'running') powerNote = 'Shutdown asks the operating system to stop; Power off cuts the power at once.';
    else powerNote = 'The server is stopped.';
    return {
      status: stateLabel('server', server.status),
      power: offered.map((power) => ({ ...POWER_ACTIONS[power], url: `${base}/actions/${power}`, confirm: POWER_ACTIONS[power].confirm?.replace('{name}', name) ?? null })),
      powerNote,
      actions: actions.map(actionView),
      passwords: passwordsToReveal(request, actions),
      revealUrl: `${base}/password`,
      polling: unfinished !== undefined,
      liveUrl: `${base}/live`,
      trigger: liveTrigger(unfinished ? 'reported' : null),
      followedEvents: followedEvents('serverActions'),
      serverId: server.id,
    };
  }

  app.get('/projects/:slug/servers/:id', async (request, reply) => {
    const path = request.params as ServerPath;
    const actor = consoleActor(request.consoleUser);
    const eventStream = await pageEventStream(services, actor, path.slug);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    return sendPage(request, reply, 'server', {
      eventStream,
      ...serverFrame(project, server, 'overview'),
      server: {
        id: server.id,
        hostname: server.hostname,
        ipv4: server.network.ipv4,
        ipv6: server.network.ipv6.map((entry) => entry.subnet),
        location: placeName(server.location),
        plan: planDescription(server.plan),
        pendingChanges: server.pending_changes,
        image: server.image.display_name ?? server.image.name ?? 'Unknown',
        iso: server.iso ? (server.iso.name ?? `ISO ${server.iso.id}`) : null,
        created: moment(server.created_at),
        traffic: trafficText(server),
        billing: billingSummary(server),
        cancellationPending: server.billing?.status === PENDING_CANCELLATION,
      },
      links: { plan: `${serverUrl(project.slug, server.id)}/plan`, settings: `${serverUrl(project.slug, server.id)}/settings` },
      live: await liveView(request, path.slug, server),
    });
  });

  // What htmx asks for on the server's events (and slowly while an action runs): the actions table, with the badge and the buttons out of band; never the layout.
  app.get('/projects/:slug/servers/:id/live', async (request, reply) => sendLive(request, reply, request.params as ServerPath));

  async function sendLive(request: FastifyRequest, reply: FastifyReply, path: ServerPath): Promise<FastifyReply> {
    const server = await services.servers.get(consoleActor(request.consoleUser), path.slug, path.id);
    const live = await liveView(request, path.slug, server);
    return reply.type('text/html; charset=utf-8').send(renderHtml('server-actions', { live, outOfBand: true, csrfToken: reply.generateCsrf() }));
  }

  app.post('/projects/:slug/servers/:id/actions/:name', async (request, reply) => {
    const { slug, id, name } = request.params as ServerPath & { name: string };
    if (!isPowerName(name)) throw new AppError('not_found', 'There is no such action in the console');
    const action = POWER_ACTIONS[name];
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, slug, id);
    const back = serverUrl(slug, server.id);
    const senseless = powerRefusal(name, server.status);
    if (senseless) return redirectWith(request, reply, back, { kind: 'error', message: `${action.label} was not started: ${senseless}` });
    try {
      await services.actions.start(actor, slug, server.id, name, {}, null);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return redirectWith(request, reply, back, { kind: 'error', message: `${action.label} was not started. ${refusal.message}` });
    }
    return redirectWith(request, reply, back, { kind: 'success', message: `${action.label} started. Its progress is shown under Actions.` });
  });

  await app.register(serverGraphPages, { services, clock });
  await app.register(serverManagePages, { services });
}

/** "12 GB of 20 TB used this month"; null when billing does not say. */
function trafficText(server: Server): string | null {
  const bandwidth = server.bandwidth;
  if (!bandwidth || bandwidth.used_gb === null) return null;
  const included = (bandwidth.allocated_gb ?? 0) + (bandwidth.extra_gb ?? 0);
  const pooled = bandwidth.pooled ? ' (shared with the project’s other servers here)' : '';
  return included > 0 ? `${bandwidth.used_gb} GB of ${included} GB used this month${pooled}` : `${bandwidth.used_gb} GB used this month${pooled}`;
}
