// A project's SSH keys (D6): the list, adding a key and deleting one (asked
// first), through SshKeyService as the API's /ssh-keys/ routes call it. A
// refused form comes back with the API's words (its field names replaced by
// the form's labels) and status and what was typed, so nothing is lost.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CreateSshKeyBody } from '../../modules/ssh-keys/index.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { redirectWith, sendPage } from '../console-page.ts';
import { moment, pager, paging, projectNav, projectUrl } from './display.ts';
import { invalidForm, refusalOf, type Refusal } from './refusals.ts';
import { pathId } from './form-values.ts';

const KEYS_PER_PAGE = 50;

interface KeyForm {
  name: string;
  public_key: string;
}

const EMPTY_FORM: KeyForm = { name: '', public_key: '' };

/** The form's labels by the API's field names: a refusal names fields as the form shows them. */
const KEY_LABELS = { name: 'Name', public_key: 'Public key' };

const keyId = (text: string) => pathId(text, 'SSH key');

export async function sshKeyPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function sendKeyList(request: FastifyRequest, reply: FastifyReply, slug: string, form: KeyForm, refusal: Refusal | null): Promise<FastifyReply> {
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const base = `${projectUrl(project.slug)}/ssh-keys`;
    const paged = paging(request.query, KEYS_PER_PAGE);
    const { count, sshKeys } = await services.sshKeys.list(actor, slug, { limit: paged.size, offset: paged.offset });
    return sendPage(
      request,
      reply,
      'ssh-keys',
      {
        title: `SSH keys of ${project.name}`,
        heading: 'SSH keys',
        section: 'projects',
        projectNav: projectNav(project, 'ssh-keys'),
        breadcrumbs: [
          { text: 'Projects', url: '/console/projects' },
          { text: project.name, url: projectUrl(project.slug) },
          { text: 'SSH keys', url: base },
        ],
        keys: sshKeys.map((key) => ({ id: key.id, name: key.name, fingerprint: key.fingerprint, created: moment(key.created_at), deleteUrl: `${base}/${key.id}/delete` })),
        addUrl: base,
        pager: pager(base, paged, count),
        form,
        problem: refusal ? { message: refusal.message, status: refusal.status } : null,
        fieldErrors: refusal?.fieldMessages ?? {},
        invalidFields: refusal?.fields ?? [],
      },
      refusal?.status ?? 200,
    );
  }

  app.get('/projects/:slug/ssh-keys', async (request, reply) => sendKeyList(request, reply, (request.params as { slug: string }).slug, EMPTY_FORM, null));

  app.post('/projects/:slug/ssh-keys', { schema: { body: CreateSshKeyBody }, attachValidation: true }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const body = (request.body ?? {}) as Partial<Record<keyof KeyForm, unknown>>;
    const form = { name: typeof body.name === 'string' ? body.name : '', public_key: typeof body.public_key === 'string' ? body.public_key : '' };
    const invalid = invalidForm(request, KEY_LABELS);
    if (invalid) return sendKeyList(request, reply, slug, form, invalid);
    try {
      const key = await services.sshKeys.create(consoleActor(request.consoleUser), slug, form);
      return redirectWith(request, reply, `${projectUrl(slug)}/ssh-keys`, { kind: 'success', message: `Key ${key.name} added (${key.fingerprint}).` });
    } catch (error) {
      const refusal = refusalOf(error, KEY_LABELS);
      if (!refusal) throw error;
      return sendKeyList(request, reply, slug, form, refusal);
    }
  });

  app.post('/projects/:slug/ssh-keys/:id/delete', async (request, reply) => {
    const { slug, id } = request.params as { slug: string; id: string };
    const actor = consoleActor(request.consoleUser);
    const key = await services.sshKeys.get(actor, slug, keyId(id));
    try {
      await services.sshKeys.delete(actor, slug, key.id);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return sendKeyList(request, reply, slug, EMPTY_FORM, { ...refusal, message: `Key ${key.name} was not deleted. ${refusal.message}` });
    }
    return redirectWith(request, reply, `${projectUrl(slug)}/ssh-keys`, { kind: 'success', message: `Key ${key.name} deleted.` });
  });
}
