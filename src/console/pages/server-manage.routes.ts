// A server's Settings tab: rename, reset the root password, reinstall, and
// cancel. Each form acts through the service the API's route calls for the
// same request (ServerService.rename as PATCH …/servers/{id}/,
// ActionService.start as POST …/actions/{reset_password|reinstall}/,
// CancellationService.request as POST …/cancel/), so the API's rules, roles
// and refusals apply; a refusal shows the form again with the API's words,
// its field names replaced by the form's labels.
//
// Forms that start something carry a one-time token (issueFormToken) that is
// also the request's Idempotency-Key: sent twice (a double click, a reload of
// the answer), the second answers what the first started.
//
// A root password is shown only in the answer to a POST, once (see
// server-details.ts): the reset waits a few seconds for its action and shows
// the password in its answer; a slower one, or a reinstall, offers it on the
// overview once finished, behind a POST again.
//
// The API has no way to withdraw a cancellation request, so neither has the console.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CancelBody, type CancelBody as CancelRequest, PENDING_CANCELLATION } from '../../modules/cancellation/index.ts';
import type { Action } from '../../modules/actions/index.ts';
import { hashRequest, type IdempotencyKey } from '../../modules/idempotency/index.ts';
import { Hostname, type Server } from '../../modules/servers/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { issueFormToken, redirectWith, sendPage, spendFormToken } from '../console-page.ts';
import { moment, projectUrl, serverName, serverUrl } from './display.ts';
import { dropEmptyFields, invalidForm, refusalOf, type FieldLabels, type Refusal } from './refusals.ts';
import { billingSummary, rememberPasswordAction, takePasswordAction } from './server-details.ts';
import { serverFrame } from './server-page.ts';
import { serverPlanPages } from './server-plan.routes.ts';

/** The form labels the refusals name fields by. */
const LABELS: FieldLabels = { hostname: 'Hostname', image: 'Image', ssh_keys: 'SSH keys', when: 'When', reason: 'Reason' };

/** The spec's rule for a hostname, said to a person (the schema's own message is a regular expression). */
const HOSTNAME_RULE = 'Hostname: use 2 to 64 characters: letters, digits and hyphens, in parts separated by dots; each part starts and ends with a letter or a digit.';

const SHOWN_ALREADY = 'That password has been shown already (a password is shown once). Reset the root password again to get a new one.';

/** Said instead of the API's "reason: is required for end_of_term". */
const REASON_RULE = 'Reason: say why the server is cancelled; it is needed to cancel at the end of the term.';

/** How long a password reset's answer waits for its action before it offers the password on the overview instead. */
const RESET_WAIT_MS = 10_000;
const RESET_POLL_MS = 150;

/** Of a project's SSH keys, as many as a reinstall can take are listed. */
const SSH_KEYS_LISTED = 100;

type SettingsForm = 'rename' | 'reinstall' | 'reset' | 'cancel';

interface SettingsState {
  /** Which form a refusal belongs to, and what it said. */
  failed: { form: SettingsForm; refusal: Refusal } | null;
  values: { hostname?: string; image?: string; sshKeys?: number[]; reason?: string; when?: string };
}

interface ServerPath {
  slug: string;
  id: string;
}

/** The form's one-time token as the Idempotency-Key of the request it makes; spent so the session keeps only unsent tokens. */
function idempotencyOf(request: FastifyRequest, scope: string, token: unknown, body: unknown): IdempotencyKey | null {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return null;
  spendFormToken(request, token);
  return { userId: request.consoleUser.id, scope: `console POST ${scope}`, key: token, requestHash: hashRequest(body) };
}

/** A checkbox list as the browser sends it: absent, one value, or several. */
function listOf(value: unknown): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function serverManagePages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function sendSettings(request: FastifyRequest, reply: FastifyReply, path: ServerPath, state: SettingsState): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const base = serverUrl(project.slug, server.id);
    const images = await reinstallImages(request, path, server);
    const { sshKeys } = await services.sshKeys.list(actor, path.slug, { limit: SSH_KEYS_LISTED, offset: 0 });
    const chosenKeys = state.values.sshKeys ?? server.ssh_keys;
    const billing = billingSummary(server);
    const failed = state.failed;
    return sendPage(
      request,
      reply,
      'server-settings',
      {
        ...serverFrame(project, server, 'settings'),
        problem: failed ? { message: failed.refusal.message, status: failed.refusal.status } : null,
        failedForm: failed?.form ?? null,
        fieldMessages: failed?.refusal.fieldMessages ?? {},
        name: serverName(server),
        canCancel: project.role === 'owner' || project.role === 'admin',
        urls: {
          rename: `${base}/rename`,
          reset: `${base}/reset-password`,
          reinstall: `${base}/reinstall`,
          cancel: `${base}/cancel`,
          sshKeys: `${projectUrl(project.slug)}/ssh-keys`,
        },
        hostname: state.values.hostname ?? server.hostname ?? '',
        images: images.list,
        imagesProblem: images.problem,
        chosenImage: state.values.image ?? server.image.name ?? '',
        sshKeys: sshKeys.map((key) => ({ id: key.id, name: key.name, fingerprint: key.fingerprint, checked: chosenKeys.includes(key.id) })),
        reason: state.values.reason ?? '',
        cancellation: server.billing?.status === PENDING_CANCELLATION ? { nextDue: billing?.nextDue ?? null } : null,
        tokens: { reset: issueFormToken(request), reinstall: issueFormToken(request) },
      },
      failed?.refusal.status ?? 200,
    );
  }

  /** The images the server's product offers, by their display names; the catalogue is billing's, which may be down. */
  async function reinstallImages(request: FastifyRequest, path: ServerPath, server: Server): Promise<{ list: { name: string; text: string }[]; problem: string | null }> {
    const actor = consoleActor(request.consoleUser);
    try {
      const [{ server: record }, products, images] = await Promise.all([
        services.servers.requireServer(actor, path.slug, path.id),
        services.catalogue.products(actor, path.slug),
        services.catalogue.images(actor, path.slug),
      ]);
      const product = products.find((candidate) => candidate.id === record.productId);
      // As the reinstall checks it: the product's images, or any image when the product is not in the catalogue.
      const offered = product ? product.images : images.map((image) => image.name);
      const list = offered.map((name) => ({ name, text: images.find((image) => image.name === name)?.display_name ?? name }));
      if (server.image.name && !list.some((image) => image.name === server.image.name)) list.unshift({ name: server.image.name, text: server.image.display_name ?? server.image.name });
      return { list, problem: null };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { list: [], problem: `The images cannot be listed now. ${refusal.message}` };
    }
  }

  const pathOf = (request: FastifyRequest) => request.params as ServerPath;
  const noProblem: SettingsState = { failed: null, values: {} };

  app.get('/projects/:slug/servers/:id/settings', async (request, reply) => sendSettings(request, reply, pathOf(request), noProblem));

  app.post(
    '/projects/:slug/servers/:id/rename',
    { schema: { body: Type.Object({ hostname: Hostname }) }, attachValidation: true },
    async (request, reply) => {
      const path = pathOf(request);
      const body = (request.body ?? {}) as { hostname?: unknown };
      const hostname = typeof body.hostname === 'string' ? body.hostname : '';
      const values = { hostname };
      const invalid = invalidForm(request, LABELS);
      if (invalid) return sendSettings(request, reply, path, { failed: { form: 'rename', refusal: { ...invalid, message: HOSTNAME_RULE, fieldMessages: { hostname: HOSTNAME_RULE } } }, values });
      try {
        const server = await services.servers.rename(consoleActor(request.consoleUser), path.slug, path.id, hostname);
        return redirectWith(request, reply, `${serverUrl(path.slug, server.id)}/settings`, { kind: 'success', message: `The server is now called ${server.hostname}.` });
      } catch (error) {
        const refusal = refusalOf(error, LABELS);
        if (!refusal) throw error;
        return sendSettings(request, reply, path, { failed: { form: 'rename', refusal }, values });
      }
    },
  );

  app.post('/projects/:slug/servers/:id/reset-password', async (request, reply) => {
    const path = pathOf(request);
    const actor = consoleActor(request.consoleUser);
    const overview = serverUrl(path.slug, path.id);
    const scope = `/projects/${path.slug}/servers/${path.id}/actions/reset_password`;
    let started: { action: Action; replayed: boolean };
    try {
      started = await services.actions.start(actor, path.slug, path.id, 'reset_password', {}, idempotencyOf(request, scope, (request.body as { form_token?: unknown })?.form_token, {}));
    } catch (error) {
      const refusal = refusalOf(error, LABELS);
      if (!refusal) throw error;
      return sendSettings(request, reply, path, { failed: { form: 'reset', refusal: { ...refusal, message: `The root password was not reset. ${refusal.message}` } }, values: {} });
    }
    // The same form sent again answers the first reset: its password may have been shown already, and is not offered again.
    if (!started.replayed) rememberPasswordAction(request, started.action.id);
    const settled = await settledAction(request, path.slug, started.action, RESET_WAIT_MS);
    if (settled.status === 'error') {
      takePasswordAction(request, settled.id);
      return redirectWith(request, reply, overview, { kind: 'error', message: `Resetting the root password failed: ${settled.error?.message ?? 'the provisioning system did not carry it out'}.` });
    }
    if (settled.status !== 'success') {
      return redirectWith(request, reply, overview, { kind: 'success', message: 'Reset root password started. When it has finished, the new password can be shown once on this page.' });
    }
    if (!takePasswordAction(request, settled.id)) return redirectWith(request, reply, overview, { kind: 'error', message: SHOWN_ALREADY });
    return sendPassword(request, reply, path, settled);
  });

  // The password of a finished reset or reinstall this session started, shown once.
  app.post('/projects/:slug/servers/:id/password', { schema: { body: Type.Object({ action_id: Type.String({ pattern: '^[0-9]{1,15}$' }) }) }, attachValidation: true }, async (request, reply) => {
    const path = pathOf(request);
    const overview = serverUrl(path.slug, path.id);
    if (request.validationError) return redirectWith(request, reply, overview, { kind: 'error', message: 'There is no such password to show.' });
    const actionId = Number((request.body as { action_id: string }).action_id);
    const action = await services.actions.get(consoleActor(request.consoleUser), path.slug, actionId);
    const ready = action.resource.id === path.id && action.status === 'success' && typeof action.result.root_password === 'string';
    if (!ready || !takePasswordAction(request, action.id)) return redirectWith(request, reply, overview, { kind: 'error', message: SHOWN_ALREADY });
    return sendPassword(request, reply, path, action);
  });

  async function sendPassword(request: FastifyRequest, reply: FastifyReply, path: ServerPath, action: Action): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const server = await services.servers.get(actor, path.slug, path.id);
    const project = await services.projects.get(actor, path.slug);
    const frame = serverFrame(project, server, 'settings');
    return sendPage(request, reply, 'server-password', {
      ...frame,
      title: `New root password · ${frame.heading}`,
      name: serverName(server),
      password: String(action.result.root_password),
      finished: moment(action.finished_at),
      overview: serverUrl(project.slug, server.id),
      ipv4: server.network.ipv4.find((address) => address.primary)?.address ?? null,
    });
  }

  /** Polls the action (bounded) until it has finished; answers it as it is then. */
  async function settledAction(request: FastifyRequest, slug: string, action: Action, waitMs: number): Promise<Action> {
    const deadline = Date.now() + waitMs;
    let current = action;
    while (current.status !== 'success' && current.status !== 'error' && Date.now() < deadline) {
      await sleep(RESET_POLL_MS);
      current = await services.actions.get(consoleActor(request.consoleUser), slug, action.id);
    }
    return current;
  }

  app.post('/projects/:slug/servers/:id/reinstall', async (request, reply) => {
    const path = pathOf(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const image = typeof form.image === 'string' ? form.image : '';
    const keyTexts = listOf(form.ssh_keys);
    const sshKeys = keyTexts.filter((text) => /^[0-9]{1,9}$/.test(text)).map(Number);
    const values = { image, sshKeys };
    const refuse = (message: string, field: string) =>
      sendSettings(request, reply, path, { failed: { form: 'reinstall', refusal: { status: 400, message, fields: [field], fieldMessages: { [field]: message } } }, values });
    if (image.length === 0 || image.length > 64) return refuse('Image: choose the image to install.', 'image');
    if (sshKeys.length !== keyTexts.length) return refuse('SSH keys: choose keys from the list.', 'ssh_keys');
    // Every key ticked is installed; none ticked installs none (the root password is then the way in).
    const body = { image, ssh_keys: sshKeys };
    const scope = `/projects/${path.slug}/servers/${path.id}/actions/reinstall`;
    try {
      const { action, replayed } = await services.actions.start(consoleActor(request.consoleUser), path.slug, path.id, 'reinstall', body, idempotencyOf(request, scope, form.form_token, body));
      if (!replayed) rememberPasswordAction(request, action.id);
    } catch (error) {
      const refusal = refusalOf(error, LABELS);
      if (!refusal) throw error;
      return sendSettings(request, reply, path, { failed: { form: 'reinstall', refusal: { ...refusal, message: `The reinstall was not started. ${refusal.message}` } }, values });
    }
    return redirectWith(request, reply, serverUrl(path.slug, path.id), {
      kind: 'success',
      message: 'Reinstall started. Its progress is shown under Actions; when it has finished, the new root password can be shown once on this page.',
    });
  });

  app.post(
    '/projects/:slug/servers/:id/cancel',
    { schema: { body: CancelBody }, attachValidation: true, preValidation: async (request) => dropEmptyFields(request.body, ['reason']) },
    async (request, reply) => {
      const path = pathOf(request);
      const form = (request.body ?? {}) as Partial<Record<'when' | 'reason', unknown>>;
      const values = { when: typeof form.when === 'string' ? form.when : undefined, reason: typeof form.reason === 'string' ? form.reason : '' };
      const invalid = invalidForm(request, LABELS);
      if (invalid) return sendSettings(request, reply, path, { failed: { form: 'cancel', refusal: invalid }, values });
      const body = request.body as CancelRequest;
      const actor = consoleActor(request.consoleUser);
      const server = await services.servers.get(actor, path.slug, path.id);
      const name = serverName(server);
      try {
        await services.cancellation.request(actor, path.slug, path.id, { when: body.when, reason: body.reason ?? null });
      } catch (error) {
        const refusal = refusalOf(error, LABELS);
        if (!refusal) throw error;
        const said = refusal.fields.includes('reason') ? { ...refusal, message: REASON_RULE, fieldMessages: { reason: REASON_RULE } } : refusal;
        return sendSettings(request, reply, path, { failed: { form: 'cancel', refusal: { ...said, message: `${name} was not cancelled. ${said.message}` } }, values });
      }
      if (body.when === 'immediate') {
        return redirectWith(request, reply, projectUrl(path.slug), { kind: 'success', message: `${name} is cancelled and deleted, with everything that was on it.` });
      }
      const due = server.billing?.next_due_date;
      return redirectWith(request, reply, `${serverUrl(path.slug, server.id)}/settings`, {
        kind: 'success',
        message: `${name} is cancelled at the end of its term${due ? ` (${due})` : ''}. It runs until then and is deleted afterwards.`,
      });
    },
  );

  await app.register(serverPlanPages, { services });
}
