// Creating a server in the console (issue 30, item 1): the customer picks a
// plan, a location, an image, a billing cycle, SSH keys (or adds one),
// a hostname, user data and a promotion code, and sees the price and the
// stock of each choice before sending. The order goes through
// OrderService.orderServer exactly as the API's POST /projects/{slug}/servers/
// does (same schema, same rules, same words), with the page's one-time form
// token as its Idempotency-Key: a reload of the answer replays the first
// order instead of placing a second one. Stock and prices come from the
// catalogue as GET …/products/ says it; the catalogue cannot price a
// promotion code, so the invoice takes it off.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { hashRequest } from '../../modules/idempotency/index.ts';
import { type OrderOutcome, OrderServerBody, type OrderServerInput } from '../../modules/orders/index.ts';
import type { Project } from '../../modules/projects/index.ts';
import { MAX_SERVER_SSH_KEYS } from '../../modules/servers/index.ts';
import { CreateSshKeyBody } from '../../modules/ssh-keys/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { issueFormToken, redirectWith, renderHtml, sendPage, spendFormToken, type Crumb } from '../console-page.ts';
import { projectNav, projectUrl } from './display.ts';
import { plural } from './labels.ts';
import { orderView, type Catalogue } from './server-new.choices.ts';
import { invalidForm, refusalOf, unconfirmedOrderId, type FieldLabels, type Refusal } from './refusals.ts';

/** The form's labels by the API's field names (and the inline key's), so every refusal names a field as the form does. */
const LABELS: FieldLabels = {
  hostname: 'Hostname',
  product_id: 'Plan',
  location: 'Location',
  image: 'Image',
  billing_cycle: 'Billing cycle',
  ssh_keys: 'SSH keys',
  promo_code: 'Promotion code',
  user_data: 'User data',
  new_key_name: 'New key name',
  new_key_public_key: 'New public key',
  form_token: 'Form',
};
/**
 * What a field must look like, in words, for the schema refusals that
 * otherwise show a regular expression ("hostname must match pattern …").
 */
const FIELD_RULES: Record<string, string> = {
  hostname: 'Hostname: use 2 to 64 letters, digits and hyphens, with dots between parts; no part starts or ends with a hyphen.',
};

/** A refusal whose field must match a pattern says the rule in words instead. */
function inWords(refusal: Refusal): Refusal {
  const fieldMessages = { ...refusal.fieldMessages };
  let message = refusal.message;
  for (const [field, rule] of Object.entries(FIELD_RULES)) {
    if (!fieldMessages[field]?.includes('must match pattern')) continue;
    fieldMessages[field] = rule;
    message = refusal.fields.length === 1 ? rule : message;
  }
  return { ...refusal, message, fieldMessages };
}

/** SshKeyService names the inline key's fields as its own API does. */
const KEY_LABELS: FieldLabels = { name: LABELS.new_key_name!, public_key: LABELS.new_key_public_key! };
const KEY_FIELDS: Record<string, string> = { name: 'new_key_name', public_key: 'new_key_public_key' };

/** Fields a browser sends empty when nothing was chosen: left out, as an API client would. */
const OPTIONAL_FIELDS = ['billing_cycle', 'image', 'promo_code', 'user_data', 'new_key_name', 'new_key_public_key'] as const;

/** The API's body for the order, plus what only the form has: its tokens and the key to add first. */
const OrderForm = Type.Object({
  ...OrderServerBody.properties,
  form_token: Type.String({ minLength: 16, maxLength: 64 }),
  new_key_name: Type.Optional(CreateSshKeyBody.properties.name),
  new_key_public_key: Type.Optional(CreateSshKeyBody.properties.public_key),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

/** What was typed and chosen, as text, to show the form again. */
interface FormValues {
  hostname: string;
  product_id: string;
  location: string;
  image: string;
  billing_cycle: string;
  ssh_keys: string[];
  new_key_name: string;
  new_key_public_key: string;
  promo_code: string;
  user_data: string;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : value === undefined || value === '' ? [] : [value]);

function formValues(source: unknown): FormValues {
  const fields = (source ?? {}) as Record<string, unknown>;
  return {
    hostname: text(fields.hostname),
    product_id: text(fields.product_id),
    location: text(fields.location),
    image: text(fields.image),
    billing_cycle: text(fields.billing_cycle),
    ssh_keys: list(fields.ssh_keys).map(text),
    new_key_name: text(fields.new_key_name),
    new_key_public_key: text(fields.new_key_public_key),
    promo_code: text(fields.promo_code),
    user_data: text(fields.user_data),
  };
}

/**
 * The form's text made into the API's body, before the API's schema checks
 * it: ids that are digits become numbers (anything else stays text, for the
 * schema to refuse in its words), and empty optional fields are left out.
 */
function toApiShape(body: unknown): void {
  if (body === null || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  const number = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);
  for (const name of OPTIONAL_FIELDS) if (fields[name] === '') delete fields[name];
  if (fields.product_id !== undefined) fields.product_id = number(fields.product_id);
  if (fields.ssh_keys !== undefined) fields.ssh_keys = list(fields.ssh_keys).map(number);
}

interface ProjectPath {
  slug: string;
}

export async function serverNewPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  const newUrl = (slug: string) => `${projectUrl(slug)}/servers/new`;

  async function catalogueOf(request: FastifyRequest, slug: string): Promise<Catalogue> {
    const actor = consoleActor(request.consoleUser);
    const [products, images, locations] = await Promise.all([services.catalogue.products(actor, slug), services.catalogue.images(actor, slug), services.catalogue.locations(actor, slug)]);
    return { products, images, locations };
  }

  /** Why this user cannot order here, in words; null when they can. */
  function cannotOrder(project: Project): string | null {
    if (project.status !== 'ready') return 'The project is still being set up: servers can be ordered once it is ready.';
    if (project.role !== 'owner' && project.role !== 'admin') return 'Ordering servers needs the admin or owner role in this project. Ask its owner.';
    return null;
  }

  async function sendForm(request: FastifyRequest, reply: FastifyReply, slug: string, values: FormValues, refusal: Refusal | null): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const breadcrumbs: Crumb[] = [
      { text: 'Projects', url: `${CONSOLE_ROOT}/projects` },
      { text: project.name, url: projectUrl(project.slug) },
      { text: 'Create a server', url: newUrl(project.slug) },
    ];
    const frame = { title: `Create a server in ${project.name}`, heading: 'Create a server', section: 'projects' as const, breadcrumbs, projectNav: projectNav(project, 'servers') };
    const blocked = cannotOrder(project);
    if (blocked) return sendPage(request, reply, 'server-new', { ...frame, blocked, back: projectUrl(project.slug) }, refusal?.status ?? 200);
    const [catalogue, keys] = await Promise.all([catalogueOf(request, slug), services.sshKeys.list(actor, slug, { limit: MAX_SERVER_SSH_KEYS, offset: 0 })]);
    const fieldErrors: Record<string, string> = {};
    for (const [field, message] of Object.entries(refusal?.fieldMessages ?? {})) fieldErrors[field.replace(/\[\d+\]$/, '')] ??= message;
    return sendPage(
      request,
      reply,
      'server-new',
      {
        ...frame,
        blocked: null,
        problem: refusal ? { message: refusal.message, status: refusal.status } : null,
        fieldErrors,
        form: values,
        formToken: issueFormToken(request),
        ...orderView(catalogue, values),
        keys: keys.sshKeys.map((key) => ({ id: key.id, name: key.name, fingerprint: key.fingerprint, checked: values.ssh_keys.includes(String(key.id)) })),
        urls: { submit: newUrl(project.slug), price: `${newUrl(project.slug)}/price`, keys: `${projectUrl(project.slug)}/ssh-keys`, back: projectUrl(project.slug) },
      },
      refusal?.status ?? 200,
    );
  }

  app.get('/projects/:slug/servers/new', async (request, reply) => {
    const { slug } = request.params as ProjectPath;
    // A choice may come in the address (a link to a plan, or the page without scripts): the page starts from it.
    return sendForm(request, reply, slug, formValues(request.query), null);
  });

  // What htmx asks for when a choice changes: the price, and (out of band) each plan's and location's stock for it.
  app.get('/projects/:slug/servers/new/price', async (request, reply) => {
    const { slug } = request.params as ProjectPath;
    const view = orderView(await catalogueOf(request, slug), formValues(request.query));
    return reply.type('text/html; charset=utf-8').send(renderHtml('server-new-price', { ...view, outOfBand: true }));
  });

  app.post(
    '/projects/:slug/servers/new',
    { schema: { body: OrderForm }, attachValidation: true, preValidation: async (request) => toApiShape(request.body) },
    async (request, reply) => {
      const { slug } = request.params as ProjectPath;
      const values = formValues(request.body);
      const invalid = invalidForm(request, LABELS);
      if (invalid) return sendForm(request, reply, slug, values, inWords(invalid));
      const form = request.body as OrderServerInput & { form_token: string; new_key_name?: string; new_key_public_key?: string; _csrf?: string };
      const actor = consoleActor(request.consoleUser);
      const project = await services.projects.get(actor, slug);
      const blocked = cannotOrder(project);
      if (blocked) return sendForm(request, reply, slug, values, { status: 403, message: blocked, fields: [], fieldMessages: {} });

      // The key to add goes in first: the order names it by id.
      const keyIds = [...(form.ssh_keys ?? [])];
      if (form.new_key_name !== undefined || form.new_key_public_key !== undefined) {
        const added = await addInlineKey(request, slug, form.new_key_name, form.new_key_public_key);
        if ('refusal' in added) return sendForm(request, reply, slug, values, added.refusal);
        keyIds.push(added.id);
        // Shown again (should the order be refused) as one of the project's keys, ticked, and no longer to add.
        values.ssh_keys.push(String(added.id));
        values.new_key_name = '';
        values.new_key_public_key = '';
      }

      const { form_token: formToken, new_key_name: _name, new_key_public_key: _key, _csrf, ...order } = form;
      const body: OrderServerInput = { ...order, ...(keyIds.length > 0 ? { ssh_keys: keyIds } : {}) };
      let outcome: OrderOutcome;
      try {
        outcome = await services.orders.orderServer(actor, slug, body, {
          keyId: actor.keyId,
          // The form's token is the order's Idempotency-Key: sent again (a reload, a second click), it answers the first order.
          idempotency: { userId: actor.userId, scope: `POST ${newUrl(slug)}`, key: formToken, requestHash: hashRequest(body) },
        });
      } catch (error) {
        // Billing took the order but did not confirm it: it is recorded and being checked. Ordering again could buy twice.
        if (unconfirmedOrderId(error) !== null) {
          return redirectWith(request, reply, projectUrl(slug), {
            kind: 'error',
            message: `Billing did not confirm the order for ${body.hostname}. It is recorded and being checked: its row below shows where it is. Do not order it again.`,
          });
        }
        const refusal = refusalOf(error, LABELS);
        if (!refusal) throw error;
        const limit = error instanceof AppError ? error.hints.rateLimit : undefined;
        if (limit) {
          // The API counts orders per key; the console counts them per user, and says so.
          const wait = limit.retryAfterSeconds ?? limit.resetSeconds;
          reply.header('retry-after', String(wait));
          refusal.message = `You placed ${limit.limit} orders in the last minute, the most a minute allows; try again in ${plural(wait, 'second')}.`;
        }
        return sendForm(request, reply, slug, values, refusal);
      }
      // The token has done its work; a resent form still finds the order by it (the Idempotency-Key).
      spendFormToken(request, formToken);
      return afterOrder(reply, request, project, body.hostname, outcome);
    },
  );

  /**
   * The inline key, through SshKeyService as the API's POST …/ssh-keys/ adds
   * it. A key already in the project is used as it is: so is the one this
   * same form added before (a reload, or an order refused after the key went in).
   */
  async function addInlineKey(request: FastifyRequest, slug: string, name: string | undefined, publicKey: string | undefined): Promise<{ id: number } | { refusal: Refusal }> {
    const missing = name === undefined ? 'new_key_name' : publicKey === undefined ? 'new_key_public_key' : null;
    if (missing) {
      const message = `${LABELS[missing]}: is required to add a key (or leave both key fields empty)`;
      return { refusal: { status: 400, message, fields: [missing], fieldMessages: { [missing]: message } } };
    }
    const actor = consoleActor(request.consoleUser);
    try {
      return { id: (await services.sshKeys.create(actor, slug, { name: name!, public_key: publicKey! })).id };
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') {
        const existing = await findKeyByData(request, slug, publicKey!);
        if (existing !== null) return { id: existing };
      }
      const refusal = refusalOf(error, KEY_LABELS);
      if (!refusal) throw error;
      const fields = refusal.fields.map((field) => KEY_FIELDS[field] ?? field);
      const fieldMessages = Object.fromEntries(Object.entries(refusal.fieldMessages).map(([field, message]) => [KEY_FIELDS[field] ?? field, message]));
      return { refusal: { ...refusal, fields, fieldMessages } };
    }
  }

  /** The project's key with the same type and key data (comments aside), or null. */
  async function findKeyByData(request: FastifyRequest, slug: string, publicKey: string): Promise<number | null> {
    const keyData = (line: string) => line.trim().split(/\s+/).slice(0, 2).join(' ');
    const wanted = keyData(publicKey);
    const { sshKeys } = await services.sshKeys.list(consoleActor(request.consoleUser), slug, { limit: 1000, offset: 0 });
    return sshKeys.find((key) => keyData(key.public_key) === wanted)?.id ?? null;
  }

  /** Where an order goes next: its invoice when it waits for payment, otherwise the project, where its row shows its progress. */
  function afterOrder(reply: FastifyReply, request: FastifyRequest, project: Project, hostname: string, outcome: OrderOutcome): FastifyReply {
    const { row } = outcome;
    const back = projectUrl(project.slug);
    // The same form again (a reload of the answer): where the first order is now, and that nothing more was ordered.
    const again = outcome.replayed ? 'This form was sent before: nothing more was ordered. ' : '';
    if (row.status === 'awaiting_payment' && row.invoice_id !== null) {
      // The project's owner pays; an admin's order waits for them.
      if (project.role === 'owner') {
        return redirectWith(request, reply, `${CONSOLE_ROOT}/invoices/${row.invoice_id}`, {
          kind: 'success',
          message: `${again}Order placed for ${hostname}. Your credit does not cover it: pay this invoice and the server is set up.`,
        });
      }
      return redirectWith(request, reply, back, { kind: 'success', message: `${again}Order placed for ${hostname}. It waits for the project's owner to pay invoice ${row.invoice_id}.` });
    }
    if (row.status === 'failed' || row.status === 'cancelled') {
      return redirectWith(request, reply, back, { kind: 'error', message: `${again}The order for ${hostname} did not go through; nothing was bought. See the project's orders.` });
    }
    if (outcome.replayed) return redirectWith(request, reply, back, { kind: 'success', message: `${again}The order for ${hostname} is paid; its row below shows its progress.` });
    const payer = project.role === 'owner' ? 'your credit' : "the project owner's credit";
    return redirectWith(request, reply, back, { kind: 'success', message: `Order placed for ${hostname}, paid from ${payer}. The server is being set up; its row below shows its progress.` });
  }
}
