// What every page of one server shares: its place in the project (the
// project's navigation and the breadcrumb), its name as the heading, and the
// server's own tabs (views/server-tabs.eta). The overview, graphs, plan and
// settings pages (servers.routes.ts, server-manage.routes.ts), the console
// (server-console.routes.ts) and the networking and snapshot pages of other
// files all start from serverFrame, so the tabs and the breadcrumb read the
// same on each.
import type { Crumb } from '../console-page.ts';
import { projectNav, projectUrl, serverName, serverUrl, tabLinks, type NavLink, type ProjectNav, type Tab } from './display.ts';

/** The server's pages, in the order its tabs show them. */
export type ServerTab = 'overview' | 'graphs' | 'console' | 'networking' | 'snapshots' | 'plan' | 'settings';

const SERVER_TABS: Tab<ServerTab>[] = [
  { tab: 'overview', text: 'Overview', path: '', icon: 'hdd' },
  { tab: 'graphs', text: 'Graphs', path: '/graphs', icon: 'graph-up' },
  { tab: 'console', text: 'Console', path: '/console', icon: 'terminal' },
  { tab: 'networking', text: 'Networking', path: '/networking', icon: 'diagram-3' },
  { tab: 'snapshots', text: 'Snapshots & ISO', path: '/snapshots', icon: 'camera' },
  { tab: 'plan', text: 'Plan & traffic', path: '/plan', icon: 'arrow-up-circle' },
  { tab: 'settings', text: 'Settings', path: '/settings', icon: 'gear' },
];

export type ServerTabLink = NavLink;

/** The tabs of the server's pages, `active` marked as the current page. */
export function serverTabs(slug: string, serverId: string, active: ServerTab): ServerTabLink[] {
  return tabLinks(serverUrl(slug, serverId), SERVER_TABS, active);
}

/** What the layout and server-tabs.eta need for a page of this server. */
export interface ServerFrame {
  title: string;
  heading: string;
  section: 'projects';
  projectNav: ProjectNav;
  breadcrumbs: Crumb[];
  serverTabs: ServerTabLink[];
}

/**
 * The frame of a server's page: heading the server's name, the breadcrumb
 * Projects › project › server (› the tab, except on the overview). Spread it
 * into sendPage's data and include `server-tabs` first in the body.
 */
export function serverFrame(project: { slug: string; name: string; role?: string }, server: { id: string; hostname: string | null }, active: ServerTab): ServerFrame {
  const name = serverName(server);
  const base = serverUrl(project.slug, server.id);
  const tab = SERVER_TABS.find((entry) => entry.tab === active)!;
  const breadcrumbs: Crumb[] = [
    { text: 'Projects', url: '/console/projects' },
    { text: project.name, url: projectUrl(project.slug) },
    { text: name, url: base },
  ];
  if (active !== 'overview') breadcrumbs.push({ text: tab.text, url: `${base}${tab.path}` });
  return {
    title: active === 'overview' ? name : `${tab.text} · ${name}`,
    heading: name,
    section: 'projects',
    projectNav: projectNav(project, 'servers'),
    breadcrumbs,
    serverTabs: serverTabs(project.slug, server.id, active),
  };
}
