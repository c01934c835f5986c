// A server's "Snapshots & ISO" tab: its snapshots (creating one, restoring
// the server from one, deleting one) and the ISO in its virtual drive
// (mounting one of the catalogue's, unmounting). Creating, restoring,
// mounting and unmounting are actions, started through ActionService as the
// API's POST …/actions/{name}/ starts them; deleting goes through
// SnapshotService as DELETE …/snapshots/{id}/ does, all as the signed-in
// user, so the API's rules and refusals apply unchanged. The create form's
// one-time token is its Idempotency-Key: sent again, it answers the first
// snapshot instead of taking a second. While a snapshot is being made or an
// action of this tab runs, the live part asks for itself every 2 s.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { ActionBodies, type ActionName } from '../../modules/actions/index.ts';
import { hashRequest, type IdempotencyKey } from '../../modules/idempotency/index.ts';
import type { Server } from '../../modules/servers/index.ts';
import type { Snapshot } from '../../modules/snapshots/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { issueFormToken, redirectWith, renderHtml, sendPage, spendFormToken } from '../console-page.ts';
import { actionRow, moment, serverUrl } from './display.ts';
import { dropEmptyFields, invalidForm, refusalOf, type FieldLabels, type Refusal } from './refusals.ts';
import { serverFrame } from './server-page.ts';
import { pathId, textField } from './form-values.ts';

/** The API's field names as this tab's forms label them. */
const LABELS: FieldLabels = { name: 'Description', snapshot_id: 'Snapshot', iso_id: 'ISO' };

/** The actions this tab starts: their progress is shown here. */
const TAB_ACTIONS = new Set(['server.create_snapshot', 'server.restore_snapshot', 'server.mount_iso', 'server.unmount_iso']);

/** The server's latest actions read to find this tab's; enough to show the recent ones. */
const ACTIONS_READ = 25;
const ACTIONS_SHOWN = 5;

/** The project's snapshots are read in pages of the API's largest size, to find this server's. */
const SNAPSHOTS_PAGE = 100;

interface ServerPath {
  slug: string;
  id: string;
}

interface PageOptions {
  problem?: Refusal | null;
  /** What was typed into the create form, shown again when it is refused. */
  description?: string;
}

/** The form's one-time token as the Idempotency-Key of the action it starts (the API's header); spent, so the session keeps only unsent ones. */
function idempotencyOf(request: FastifyRequest, path: ServerPath, name: ActionName, body: object): IdempotencyKey | null {
  const token = textField(request.body, 'form_token');
  if (token.length === 0 || token.length > 100) return null;
  spendFormToken(request, token);
  return { userId: request.consoleUser.id, scope: `console POST /projects/${path.slug}/servers/${path.id}/actions/${name}`, key: token, requestHash: hashRequest(body) };
}

const sizeText = (sizeGb: number | null) => (sizeGb === null ? null : `${sizeGb} GB`);

export async function serverSnapshotPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const tabUrl = (path: ServerPath) => `${serverUrl(path.slug, path.id)}/snapshots`;

  /** This server's snapshots, newest first (the API lists the project's; the server's are those taken of it). */
  async function serverSnapshots(request: FastifyRequest, path: ServerPath): Promise<Snapshot[]> {
    const found: Snapshot[] = [];
    for (let offset = 0; ; offset += SNAPSHOTS_PAGE) {
      const page = await services.snapshots.list(consoleActor(request.consoleUser), path.slug, { limit: SNAPSHOTS_PAGE, offset });
      found.push(...page.snapshots.filter((snapshot) => snapshot.server_id === path.id));
      if (page.snapshots.length < SNAPSHOTS_PAGE || offset + SNAPSHOTS_PAGE >= page.count) return found;
    }
  }

  /** The part that updates by itself: the snapshots, the mounted ISO and the progress of this tab's actions. */
  async function livePart(request: FastifyRequest, path: ServerPath, server: Server) {
    const actor = consoleActor(request.consoleUser);
    const base = tabUrl(path);
    const [snapshots, listed] = await Promise.all([
      serverSnapshots(request, path),
      services.actions.list(actor, path.slug, { resource_type: 'server', resource_id: path.id }, { limit: ACTIONS_READ, offset: 0 }),
    ]);
    const actions = listed.actions.filter((action) => TAB_ACTIONS.has(action.type)).slice(0, ACTIONS_SHOWN);
    const name = server.hostname ?? server.id;
    return {
      snapshots: snapshots.map((snapshot) => ({
        id: snapshot.id,
        name: snapshot.name,
        status: snapshot.status,
        size: sizeText(snapshot.size_gb),
        created: moment(snapshot.created_at),
        restoreUrl: snapshot.status === 'completed' ? `${base}/${snapshot.id}/restore` : null,
        restoreConfirm: `Restore ${name} from the snapshot “${snapshot.name}”? Everything on its disk now is replaced by the snapshot, and what changed since it was taken is lost.`,
        deleteUrl: snapshot.status === 'creating' ? null : `${base}/${snapshot.id}/delete`,
        deleteConfirm: `Delete the snapshot “${snapshot.name}”? This cannot be undone.`,
      })),
      iso: server.iso ? { id: server.iso.id, name: server.iso.name ?? `ISO ${server.iso.id}` } : null,
      unmountUrl: `${base}/iso/unmount`,
      actions: actions.map(actionRow),
      // `unknown` may still turn into success or error, so it is followed like a running action.
      polling: snapshots.some((snapshot) => snapshot.status === 'creating') || actions.some((action) => action.finished_at === null),
      liveUrl: `${base}/live`,
    };
  }

  /** The ISOs of the catalogue; when billing cannot be read, the page says so and offers none. */
  async function isoChoices(request: FastifyRequest, slug: string): Promise<{ isos: { id: number; name: string }[]; trouble: string | null }> {
    try {
      const isos = await services.catalogue.isos(consoleActor(request.consoleUser), slug);
      return { isos: isos.map((iso) => ({ id: iso.id, name: iso.name ?? `ISO ${iso.id}` })), trouble: null };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { isos: [], trouble: refusal.message };
    }
  }

  async function sendSnapshotsPage(request: FastifyRequest, reply: FastifyReply, path: ServerPath, options: PageOptions = {}): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const [live, catalogue] = await Promise.all([livePart(request, path, server), isoChoices(request, path.slug)]);
    const base = tabUrl(path);
    const problem = options.problem ?? null;
    return sendPage(
      request,
      reply,
      'server-snapshots',
      {
        ...serverFrame(project, server, 'snapshots'),
        problem: problem ? { message: problem.message, status: problem.status } : null,
        live,
        create: {
          url: base,
          formToken: issueFormToken(request),
          description: options.description ?? '',
          invalid: problem?.fields.includes('name') ? (problem.fieldMessages.name ?? problem.message) : null,
        },
        mount: { url: `${base}/iso/mount`, isos: catalogue.isos, trouble: catalogue.trouble, mounted: server.iso?.id ?? null },
      },
      problem?.status ?? 200,
    );
  }

  /** Starts one of this tab's actions as the API does; a refusal comes back on the page, in the form's words. */
  async function startAction(
    request: FastifyRequest,
    reply: FastifyReply,
    path: ServerPath,
    name: ActionName,
    body: Record<string, unknown>,
    words: { started: string; replayed?: string; refused: string },
    options: { idempotent?: boolean; description?: string } = {},
  ): Promise<FastifyReply> {
    const idempotency = options.idempotent ? idempotencyOf(request, path, name, body) : null;
    try {
      const { replayed } = await services.actions.start(consoleActor(request.consoleUser), path.slug, path.id, name, body, idempotency);
      return redirectWith(request, reply, tabUrl(path), { kind: 'success', message: replayed && words.replayed ? words.replayed : words.started });
    } catch (error) {
      const refusal = refusalOf(error, LABELS);
      if (!refusal) throw error;
      return sendSnapshotsPage(request, reply, path, { problem: { ...refusal, message: `${words.refused} ${refusal.message}` }, description: options.description });
    }
  }

  app.get('/projects/:slug/servers/:id/snapshots', async (request, reply) => sendSnapshotsPage(request, reply, request.params as ServerPath));

  // What htmx asks for every 2 s while something of this tab is under way: the live part alone, never the layout.
  app.get('/projects/:slug/servers/:id/snapshots/live', async (request, reply) => {
    const path = request.params as ServerPath;
    const server = await services.servers.get(consoleActor(request.consoleUser), path.slug, path.id);
    const html = renderHtml('server-snapshots-live', { live: await livePart(request, path, server), csrfToken: reply.generateCsrf() });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // Take a snapshot: the API's create_snapshot action, its `name` the description typed (left empty: the API's default name).
  app.post(
    '/projects/:slug/servers/:id/snapshots',
    { schema: { body: ActionBodies.create_snapshot! }, attachValidation: true, preValidation: async (request) => dropEmptyFields(request.body, ['name']) },
    async (request, reply) => {
      const path = request.params as ServerPath;
      const description = textField(request.body, 'name');
      const invalid = invalidForm(request, LABELS);
      if (invalid) {
        await services.servers.requireServer(consoleActor(request.consoleUser), path.slug, path.id);
        return sendSnapshotsPage(request, reply, path, { problem: { ...invalid, message: `The snapshot was not taken. ${invalid.message}` }, description });
      }
      return startAction(
        request,
        reply,
        path,
        'create_snapshot',
        description === '' ? {} : { name: description },
        {
          started: 'The snapshot is being taken; its progress is shown below.',
          replayed: 'This form was already sent: the snapshot it started is shown below, and no second one was taken.',
          refused: 'The snapshot was not taken.',
        },
        { idempotent: true, description },
      );
    },
  );

  app.post('/projects/:slug/servers/:id/snapshots/:snapshotId/restore', async (request, reply) => {
    const { snapshotId, ...path } = request.params as ServerPath & { snapshotId: string };
    const snapshot = await services.snapshots.get(consoleActor(request.consoleUser), path.slug, pathId(snapshotId, 'Snapshot'));
    return startAction(request, reply, path, 'restore_snapshot', { snapshot_id: snapshot.id }, {
      started: `The server is being restored from the snapshot “${snapshot.name}”; its progress is shown below.`,
      refused: `The server was not restored from the snapshot “${snapshot.name}”.`,
    });
  });

  app.post('/projects/:slug/servers/:id/snapshots/:snapshotId/delete', async (request, reply) => {
    const { snapshotId, ...path } = request.params as ServerPath & { snapshotId: string };
    const actor = consoleActor(request.consoleUser);
    await services.servers.requireServer(actor, path.slug, path.id);
    const snapshot = await services.snapshots.get(actor, path.slug, pathId(snapshotId, 'Snapshot'));
    // This tab lists the server's own snapshots; another server's is deleted from its own page.
    if (snapshot.server_id !== path.id) throw new AppError('not_found', 'Snapshot not found');
    try {
      await services.snapshots.delete(actor, path.slug, snapshot.id);
    } catch (error) {
      const refusal = refusalOf(error, LABELS);
      if (!refusal) throw error;
      return sendSnapshotsPage(request, reply, path, { problem: { ...refusal, message: `The snapshot “${snapshot.name}” was not deleted. ${refusal.message}` } });
    }
    return redirectWith(request, reply, tabUrl(path), { kind: 'success', message: `The snapshot “${snapshot.name}” was deleted.` });
  });

  app.post('/projects/:slug/servers/:id/snapshots/iso/mount', async (request, reply) => {
    const path = request.params as ServerPath;
    const text = textField(request.body, 'iso_id');
    // The API takes an integer id: anything else is refused on its field, as the API's schema refuses it.
    const body = /^\d{1,9}$/.test(text) ? { iso_id: Number(text) } : {};
    return startAction(request, reply, path, 'mount_iso', body, { started: 'The ISO is being mounted; its progress is shown below.', refused: 'The ISO was not mounted.' });
  });

  app.post('/projects/:slug/servers/:id/snapshots/iso/unmount', async (request, reply) =>
    startAction(request, reply, request.params as ServerPath, 'unmount_iso', {}, { started: 'The ISO is being unmounted; its progress is shown below.', refused: 'The ISO was not unmounted.' }),
  );
}
