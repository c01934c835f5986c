// The projects section of the console: the user's projects, creating one,
// and a project's page (servers, members, links to its keys and orders).
// Every page acts as the signed-in user through the services the project API
// calls, so the same roles and rules (D1, D2) apply, and a project the user is
// not a member of is a 404 page, as it is a 404 on the API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CreateProjectBody, type Project } from '../../modules/projects/projects.schemas.ts';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { redirectWith, sendPage } from '../console-page.ts';
import { moment, pager, paging, placeName, projectUrl, serverName, serverUrl } from './display.ts';
import { orderPages } from './orders.routes.ts';
import { dropEmptyFields, invalidForm, refusalOf, type Refusal } from './refusals.ts';
import { serverPages } from './servers.routes.ts';
import { sshKeyPages } from './ssh-keys.routes.ts';

const PROJECTS_PER_PAGE = 50;
const SERVERS_PER_PAGE = 50;

interface ProjectForm {
  name: string;
  slug: string;
}

const statusText = (status: string) => status.replace(/_/g, ' ');

export async function projectPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function sendProjectList(request: FastifyRequest, reply: FastifyReply, form: ProjectForm, refusal: Refusal | null): Promise<FastifyReply> {
    const paged = paging(request.query, PROJECTS_PER_PAGE);
    const { count, projects } = await services.projects.list(consoleActor(request.consoleUser), { limit: paged.size, offset: paged.offset });
    return sendPage(
      request,
      reply,
      'projects',
      {
        title: 'Projects',
        section: 'projects',
        projects: projects.map((project: Project) => ({
          name: project.name,
          slug: project.slug,
          url: projectUrl(project.slug),
          role: project.role,
          status: project.status,
          statusText: statusText(project.status),
        })),
        pager: pager('/console/projects', paged, count),
        form,
        refusal,
      },
      refusal?.status ?? 200,
    );
  }

  app.get('/projects', async (request, reply) => sendProjectList(request, reply, { name: '', slug: '' }, null));

  app.post(
    '/projects',
    {
      // The API's own schema for the same request, so the console refuses exactly what the API refuses, in its words.
      schema: { body: CreateProjectBody },
      attachValidation: true,
      preValidation: async (request) => dropEmptyFields(request.body, ['slug']),
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Partial<Record<'name' | 'slug', unknown>>;
      const form = { name: typeof body.name === 'string' ? body.name : '', slug: typeof body.slug === 'string' ? body.slug : '' };
      const invalid = invalidForm(request);
      if (invalid) return sendProjectList(request, reply, form, invalid);
      try {
        const project = await services.projects.create(consoleActor(request.consoleUser), { name: form.name, ...(form.slug ? { slug: form.slug } : {}) });
        return redirectWith(request, reply, projectUrl(project.slug), {
          kind: 'success',
          message: `Project ${project.name} created. It is being set up; servers can be added once it is ready.`,
        });
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return sendProjectList(request, reply, form, refusal);
      }
    },
  );

  app.get('/projects/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const members = await services.members.list(actor, slug);
    // Servers live in a project the provisioning system has confirmed; before that (or while it is deleted) there are none to list.
    const paged = paging(request.query, SERVERS_PER_PAGE);
    const listed = project.status === 'ready' ? await services.servers.list(actor, slug, { limit: paged.size, offset: paged.offset }) : null;
    return sendPage(request, reply, 'project', {
      title: project.name,
      section: 'projects',
      project: { ...project, statusText: statusText(project.status), created: moment(project.created_at), url: projectUrl(project.slug) },
      servers:
        listed?.servers.map((server) => ({
          name: serverName(server),
          url: serverUrl(project.slug, server.id),
          status: server.status,
          ipv4: server.ipv4_primary,
          location: placeName(server.location),
          plan: server.plan.name ?? 'Unknown plan',
        })) ?? null,
      pager: listed ? pager(projectUrl(project.slug), paged, listed.count) : null,
      members,
      links: { sshKeys: `${projectUrl(project.slug)}/ssh-keys`, orders: `${projectUrl(project.slug)}/orders` },
    });
  });

  await app.register(serverPages, { services });
  await app.register(sshKeyPages, { services });
  await app.register(orderPages, { services });
}
