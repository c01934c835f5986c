// `cloudplane me` and `cloudplane projects list | describe | create | rename | delete`.
import type { Project } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { resolveProjectSlug } from '../names.ts';
import { printList, printNote, printRecord } from '../output.ts';
import { openSession, type Session } from '../session.ts';

/** The record DESIGN D1 gives a project; `status` says whether it is set up yet. */
type ProjectRecord = Project & { status?: string; created_at?: string };

function projectFields(project: ProjectRecord): [string, unknown][] {
  return [
    ['Slug', project.slug],
    ['Name', project.name],
    ['Your role', project.role],
    ['Status', project.status],
    ['Created', project.created_at],
  ];
}

function printProject(session: Session, project: ProjectRecord): void {
  printRecord(session.output, project, projectFields(project));
}

export async function showMe({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const me = await session.client.call(session.client.raw.GET('/me/'));
  const account = me.billing_account;
  printRecord(session.output, me, [
    ['ID', me.id],
    ['Name', `${me.first_name} ${me.last_name}`.trim()],
    ['E-mail', me.email],
    ['Credit', account?.exists ? `${account.credit_balance} ${account.currency}` : '(no billing account)'],
    ['Projects', me.projects.map((project) => `${project.slug} (${project.role})`)],
  ]);
}

export async function listProjects({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const projects = (await session.client.listAll('/projects/')) as ProjectRecord[];
  printList(session.output, projects, [
    { header: 'slug', value: (project) => project.slug },
    { header: 'name', value: (project) => project.name },
    { header: 'role', value: (project) => project.role },
    { header: 'status', value: (project) => project.status, optional: true },
    { header: 'created', value: (project) => project.created_at, field: 'created_at', wide: true },
  ]);
}

export async function describeProject({ args: [named], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project_slug = named === undefined ? await session.project() : await resolveProjectSlug(session, named);
  printProject(session, await session.client.call(session.client.raw.GET('/projects/{project_slug}/', { params: { path: { project_slug } } })));
}

export async function createProject({ args: [name], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const { slug } = options as { slug?: string };
  const project = await session.client.call(session.client.raw.POST('/projects/', { body: { name: name!, ...(slug ? { slug } : {}) } }));
  printProject(session, project);
  printNote(session.output, `work in it with --project ${project.slug}`);
}

export async function renameProject({ args: [named, name], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const slug = await resolveProjectSlug(session, named!);
  printProject(session, await session.client.call(session.client.raw.PATCH('/projects/{project_slug}/', { params: { path: { project_slug: slug } }, body: { name: name! } })));
}

export async function deleteProject({ args: [named], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const slug = await resolveProjectSlug(session, named!);
  await session.client.call(session.client.raw.DELETE('/projects/{project_slug}/', { params: { path: { project_slug: slug } } }));
  printNote(session.output, `project ${slug} deleted`);
}
