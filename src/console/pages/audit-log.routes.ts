// A project's audit log (/console/projects/:slug/audit-log), for its owner
// and admins: every change made in the project through the project API, the
// legacy API, the console and the operator API, newest first, in words (when,
// who, what, outcome; audit-words.ts), 50 a page. The rule of who may read it
// is the audit service's, as for the API's GET …/audit-log/: a member is
// refused (403), and a project the user is not in is a 404. The tab is left
// out of a member's navigation.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { consoleActor } from '../console-actor.ts';
import { CONSOLE_ROOT } from '../console-root.ts';
import { sendPage } from '../console-page.ts';
import { auditRow } from './audit-words.ts';
import { pager, paging, projectNav, projectUrl } from './display.ts';

const ENTRIES_PER_PAGE = 50;

export async function auditLogPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/projects/:slug/audit-log', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const actor = consoleActor(request.consoleUser);
    const project = await services.projects.get(actor, slug);
    const base = `${projectUrl(project.slug)}/audit-log`;
    const paged = paging(request.query, ENTRIES_PER_PAGE);
    const { count, entries } = await services.audit.listForProject(actor, project.slug, {}, { limit: paged.size, offset: paged.offset });
    return sendPage(request, reply, 'audit-log', {
      title: `Audit log of ${project.name}`,
      heading: 'Audit log',
      section: 'projects',
      projectNav: projectNav(project, 'audit-log'),
      breadcrumbs: [
        { text: 'Projects', url: `${CONSOLE_ROOT}/projects` },
        { text: project.name, url: projectUrl(project.slug) },
        { text: 'Audit log', url: base },
      ],
      entries: entries.map(auditRow),
      count,
      pager: pager(base, paged, count),
    });
  });
}
