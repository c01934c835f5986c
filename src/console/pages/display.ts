// How the services' values read on a console page: times in UTC, plans and
// places in words, and links to the project's pages. Templates only place
// what these return (escaped), so no template builds a URL or a date itself.
import type { Action } from '../../modules/actions/index.ts';
import type { Server, ServerSummary } from '../../modules/servers/index.ts';
import { CONSOLE_ROOT } from '../console-root.ts';

/** A moment as a <time> element shows it: the machine value and what a reader sees. */
export interface Moment {
  iso: string;
  text: string;
}

/** "2024-05-01T12:34:56.789Z" → "2024-05-01 12:34 UTC": every reader sees the same clock as the API. */
export function moment(iso: string | null): Moment | null {
  if (iso === null) return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return { iso, text: match ? `${match[1]} ${match[2]} UTC` : iso };
}

export const projectUrl = (slug: string) => `${CONSOLE_ROOT}/projects/${encodeURIComponent(slug)}`;

/** The parts of a project, as its navigation lists them. */
export type ProjectTab = 'servers' | 'firewalls' | 'ssh-keys' | 'orders' | 'members' | 'audit-log' | 'settings';

/** A part of a page's navigation: its words, where it is below the base, its icon. */
export interface Tab<Name extends string> {
  tab: Name;
  text: string;
  path: string;
  icon: string;
}

/** A link of a navigation as the templates draw it. */
export interface NavLink {
  text: string;
  url: string;
  icon: string;
  current: boolean;
}

/** The links of a navigation under `base`, `active` marked as the current page. */
export function tabLinks<Name extends string>(base: string, tabs: readonly Tab<Name>[], active: Name): NavLink[] {
  return tabs.map((entry) => ({ text: entry.text, url: `${base}${entry.path}`, icon: entry.icon, current: entry.tab === active }));
}

const PROJECT_TABS: Tab<ProjectTab>[] = [
  { tab: 'servers', text: 'Servers', path: '', icon: 'hdd-stack' },
  { tab: 'firewalls', text: 'Firewalls', path: '/firewalls', icon: 'shield-lock' },
  { tab: 'ssh-keys', text: 'SSH keys', path: '/ssh-keys', icon: 'key' },
  { tab: 'orders', text: 'Orders', path: '/orders', icon: 'receipt' },
  { tab: 'members', text: 'Members', path: '/members', icon: 'people' },
  { tab: 'audit-log', text: 'Audit log', path: '/audit-log', icon: 'clock-history' },
];

/** The parts only a project's owner and admins may open (the audit log): left out of a member's navigation. */
const ADMIN_TABS = new Set<ProjectTab>(['audit-log']);

export interface ProjectNav {
  name: string;
  url: string;
  links: NavLink[];
}

/** The navigation shown above every page of a project; `active` is the part the page belongs to. Without a role, the parts every member may open. */
export function projectNav(project: { slug: string; name: string; role?: string }, active: ProjectTab): ProjectNav {
  const base = projectUrl(project.slug);
  const administers = project.role === 'owner' || project.role === 'admin';
  return {
    name: project.name,
    url: base,
    links: tabLinks(base, administers ? PROJECT_TABS : PROJECT_TABS.filter((entry) => !ADMIN_TABS.has(entry.tab)), active),
  };
}
export const serverUrl = (slug: string, serverId: string) => `${projectUrl(slug)}/servers/${encodeURIComponent(serverId)}`;

/** "Falkenstein (DE, fsn1)"; whatever part is known. */
export function placeName(location: Server['location']): string {
  const country = [location.country_code, location.code].filter(Boolean).join(', ');
  if (location.city) return country ? `${location.city} (${country})` : location.city;
  return country || 'Unknown';
}

/** "CX22 · 2 vCPU · 4 GB RAM · 40 GB disk"; the name alone when the sizes are unknown. */
export function planDescription(plan: Server['plan']): string {
  const parts = [plan.name ?? 'Unknown plan'];
  if (plan.cpu_cores !== null) parts.push(`${plan.cpu_cores} vCPU`);
  if (plan.ram_mb !== null) parts.push(plan.ram_mb % 1024 === 0 ? `${plan.ram_mb / 1024} GB RAM` : `${plan.ram_mb} MB RAM`);
  if (plan.disk_gb !== null) parts.push(`${plan.disk_gb} GB disk`);
  return parts.join(' · ');
}

/** A server's name on a page; a server imported without one goes by its id. */
export const serverName = (server: Pick<ServerSummary, 'hostname' | 'id'>) => server.hostname ?? server.id;

export interface ActionRow {
  id: number;
  /** As the API names it (`server.reboot`), so what the console shows and what a client reads agree. */
  type: string;
  status: Action['status'];
  started: Moment | null;
  finished: Moment | null;
  error: string | null;
}

export function actionRow(action: Action): ActionRow {
  return {
    id: action.id,
    type: action.type,
    status: action.status,
    started: moment(action.started_at),
    finished: moment(action.finished_at),
    error: action.error?.message ?? null,
  };
}

/** Pages of a long list: `?page=2`; anything else is the first page. */
export interface Paging {
  page: number;
  size: number;
  offset: number;
}

export function paging(query: unknown, size: number): Paging {
  const text = (query as { page?: unknown } | undefined)?.page;
  const page = typeof text === 'string' && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
  return { page, size, offset: (page - 1) * size };
}

/** The links to the pages around this one, for a list of `count` items. */
export function pager(base: string, paged: Paging, count: number): { previous: string | null; next: string | null; summary: string } | null {
  const pages = Math.max(1, Math.ceil(count / paged.size));
  if (pages === 1 && paged.page === 1) return null;
  return {
    previous: paged.page > 1 ? `${base}?page=${Math.min(paged.page - 1, pages)}` : null,
    next: paged.page < pages ? `${base}?page=${paged.page + 1}` : null,
    summary: `Page ${paged.page} of ${pages}`,
  };
}
