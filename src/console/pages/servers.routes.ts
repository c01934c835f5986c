// A server's page: its details, its actions (newest first) and the power
// buttons. A button starts the action through ActionService.start, as the
// API's POST …/actions/{name}/ does, then comes back to the page with what
// happened. While an action is unfinished the actions table asks for itself
// again every second (htmx, the fragment route below) and stops once none is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { ActionName } from '../../modules/actions/actions.schemas.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { redirectWith, renderHtml, sendPage } from '../console-page.ts';
import { actionRow, moment, placeName, planDescription, projectUrl, serverName, serverUrl } from './display.ts';
import { refusalOf } from './refusals.ts';

/** The buttons, in the order shown, with what they read. */
const POWER_ACTIONS: { name: ActionName; label: string }[] = [
  { name: 'power_on', label: 'Power on' },
  { name: 'shutdown', label: 'Shutdown' },
  { name: 'reboot', label: 'Reboot' },
  { name: 'power_off', label: 'Power off' },
];

/** Enough to follow what was done lately; the API lists them all. */
const ACTIONS_SHOWN = 25;

interface ServerPath {
  slug: string;
  id: string;
}

export async function serverPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  /** The server's latest actions as the table shows them; the project and the server were checked by the caller. */
  async function actionsTable(request: FastifyRequest, { slug, id }: ServerPath) {
    const { actions } = await services.actions.list(consoleActor(request.consoleUser), slug, { resource_type: 'server', resource_id: id }, { limit: ACTIONS_SHOWN, offset: 0 });
    return {
      actions: actions.map(actionRow),
      // `unknown` may still turn into success or error, so it is followed like a running action.
      polling: actions.some((action) => action.finished_at === null),
      fragmentUrl: `${serverUrl(slug, id)}/actions-fragment`,
    };
  }

  app.get('/projects/:slug/servers/:id', async (request, reply) => {
    const path = request.params as ServerPath;
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const name = serverName(server);
    return sendPage(request, reply, 'server', {
      title: name,
      section: 'projects',
      project: { name: project.name, url: projectUrl(project.slug) },
      server: {
        id: server.id,
        url: serverUrl(project.slug, server.id),
        name,
        hostname: server.hostname,
        status: server.status,
        ipv4: server.network.ipv4,
        ipv6: server.network.ipv6.map((entry) => entry.subnet),
        location: placeName(server.location),
        plan: planDescription(server.plan),
        pendingChanges: server.pending_changes,
        image: server.image.display_name ?? server.image.name ?? 'Unknown',
        created: moment(server.created_at),
      },
      powerActions: POWER_ACTIONS.map((action) => ({ ...action, url: `${serverUrl(project.slug, server.id)}/actions/${action.name}` })),
      ...(await actionsTable(request, path)),
    });
  });

  // What htmx asks for every second while an action runs: the table alone, never the layout.
  app.get('/projects/:slug/servers/:id/actions-fragment', async (request, reply) => {
    const path = request.params as ServerPath;
    await services.servers.requireServer(consoleActor(request.consoleUser), path.slug, path.id);
    return reply.type('text/html; charset=utf-8').send(renderHtml('server-actions', await actionsTable(request, path)));
  });

  app.post('/projects/:slug/servers/:id/actions/:name', async (request, reply) => {
    const { slug, id, name } = request.params as ServerPath & { name: string };
    const action = POWER_ACTIONS.find((candidate) => candidate.name === name);
    if (!action) throw new AppError('not_found', 'There is no such action in the console');
    const back = serverUrl(slug, id);
    try {
      await services.actions.start(consoleActor(request.consoleUser), slug, id, action.name, {}, null);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return redirectWith(request, reply, back, { kind: 'error', message: `${action.label} was not started. ${refusal.message}` });
    }
    return redirectWith(request, reply, back, { kind: 'success', message: `${action.label} started. Its progress is shown under Actions.` });
  });
}
