// The parts of a page that update by themselves (the server's actions and
// status, a project's servers, its orders). Each is an htmx fragment that
// asks for itself again on `live-refresh`, which console.js fires at once
// when the project's stream (project-events.routes.ts) brings an event the
// part follows: its types in `data-live-events`, and in `data-live-server`
// the server it is about, if it is about one. Polling stays as the fallback
// for a browser that cannot hold the stream: slow while events report what
// the part waits for, at the old pace while they cannot (a project being set
// up has no event).
import type { EventType } from '../../modules/events/index.ts';
import type { Actor } from '../../modules/api-keys/index.ts';
import type { Services } from '../../services.ts';
import { projectUrl } from './display.ts';

/** The event console.js sends a live part to make it ask for itself. */
const LIVE_REFRESH = 'live-refresh';
/** The fallback while events report what a part waits for: the stream is the main path. */
const FALLBACK_POLL = 'every 30s';
/** While no event can say it has changed: the part's pace from before the stream. */
const UNREPORTED_POLL = 'every 2s';

/** What a live part waits for: something events report, something they cannot, or nothing. */
export type LiveWait = 'reported' | 'unreported' | null;

/** The `hx-trigger` of a live part: always the stream's refresh, plus polling while it waits for something. */
export function liveTrigger(wait: LiveWait): string {
  if (wait === 'reported') return `${LIVE_REFRESH}, ${FALLBACK_POLL}`;
  if (wait === 'unreported') return `${LIVE_REFRESH}, ${UNREPORTED_POLL}`;
  return LIVE_REFRESH;
}

/** The events each live part follows. */
const LIVE_PART_EVENTS = {
  /** A server's overview: its actions, and its status with the power buttons (only the server's own, by `data-live-server`). */
  serverActions: ['action.started', 'action.finished', 'server.status_changed'],
  /** A project's servers, led by its server orders in progress. */
  projectServers: ['action.started', 'action.finished', 'order.created', 'order.status_changed', 'server.created', 'server.renamed', 'server.status_changed', 'server.deleted'],
  /** A project's orders, with the names of their servers. */
  projectOrders: ['order.created', 'order.status_changed', 'server.renamed'],
} satisfies Record<string, EventType[]>;

export type LivePart = keyof typeof LIVE_PART_EVENTS;

/** The `data-live-events` value of a part: the types it follows, space-separated. */
export const followedEvents = (part: LivePart) => LIVE_PART_EVENTS[part].join(' ');

/** Where a page's EventSource reads from, and after which event (the layout puts both on `<body>`). */
export interface PageEventStream {
  url: string;
  after: number;
}

/**
 * For a page with live parts: its project's stream, starting after the last
 * event committed before the page read anything. Call it before reading what
 * the page shows, so that an event committed in between is sent (and
 * refreshes its part) instead of falling between the page and the stream.
 */
export async function pageEventStream(services: Services, actor: Actor, slug: string): Promise<PageEventStream> {
  const cursor = await services.events.open(actor, slug, undefined);
  return { url: `${projectUrl(cursor.slug)}/events`, after: await services.events.lastId(cursor.projectId) };
}
