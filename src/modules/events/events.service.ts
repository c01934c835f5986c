// Reading a project's event log: pages for clients that cannot stream, and
// the batches a stream sends. Any member may read, read-only keys included.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { validationError } from '../../errors.ts';
import type { Actor } from '../api-keys/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import { isEventType } from './event-types.ts';
import type { EventHub } from './event-hub.ts';
import { listEventsAfter, type StoredEvent } from './event-log.ts';
import type { Event } from './events.schemas.ts';

export const DEFAULT_EVENT_PAGE_SIZE = 100;
export const MAX_EVENT_PAGE_SIZE = 500;

export interface EventCursor {
  projectId: number;
  slug: string;
  types: string[];
}

export function toEvent(stored: StoredEvent, slug: string): Event {
  return { id: stored.id, type: stored.type, project: slug, resource: stored.resource, data: stored.data, created_at: stored.createdAt };
}

/** `a.b,c.d` into its types; an unknown type is a 400 naming it. */
export function readTypes(types: string | undefined): string[] {
  if (types === undefined || types === '') return [];
  const list = [...new Set(types.split(','))];
  const unknown = list.find((type) => !isEventType(type));
  if (unknown) throw validationError('types', `${unknown} is not an event type`);
  return list;
}

/** What the service needs of an open stream: a way to end it. */
export interface ClosableStream {
  close(): void;
  readonly done: Promise<void>;
}

export interface EventServiceDependencies {
  db: Kysely<Database>;
  access: ProjectAccess;
  /** Says when a project may have new events: the streams and the webhook dispatcher wait on it. */
  hub: EventHub;
}

export class EventService {
  /** Every stream this process is sending, so a closing server can end them (an open stream would hold its close up forever). */
  private readonly streams = new Set<ClosableStream>();

  constructor(private readonly deps: EventServiceDependencies) {}

  /** The process's hub: what a stream or the dispatcher watches, and what a closing server closes. */
  get hub(): EventHub {
    return this.deps.hub;
  }

  /** Checks the actor may read the project's events; what a stream needs to read them. */
  async open(actor: Actor, slug: string, types: string | undefined): Promise<EventCursor> {
    const parsedTypes = readTypes(types);
    const project = await this.deps.access.require(actor, slug);
    return { projectId: project.id, slug: project.slug, types: parsedTypes };
  }

  track(stream: ClosableStream): void {
    this.streams.add(stream);
    void stream.done.then(() => this.streams.delete(stream));
  }

  /** Ends every open stream; clients reconnect (with Last-Event-ID) to another process, or to this one once it is back. */
  closeStreams(): void {
    for (const stream of this.streams) stream.close();
  }

  /** The project's last event id now (0: none yet): where a stream without a cursor starts. */
  async lastId(projectId: number): Promise<number> {
    const row = await this.deps.db.selectFrom('project_event_sequences').select('last_id').where('project_id', '=', projectId).executeTakeFirst();
    return row ? Number(row.last_id) : 0;
  }

  /**
   * The next `limit` events after `afterId` whatever their type, and those of
   * them the cursor's types match: a filtered stream moves its read position
   * past what it skipped, so each wake-up reads only new events instead of
   * everything since the last match.
   */
  async scan(cursor: EventCursor, afterId: number, limit: number): Promise<{ matching: Event[]; scannedTo: number; read: number }> {
    const stored = await listEventsAfter(this.deps.db, cursor.projectId, afterId, { limit });
    const wanted = cursor.types.length === 0 ? null : new Set(cursor.types);
    const matching = stored.filter((event) => wanted === null || wanted.has(event.type)).map((event) => toEvent(event, cursor.slug));
    return { matching, scannedTo: stored.at(-1)?.id ?? afterId, read: stored.length };
  }

  async after(cursor: EventCursor, afterId: number, limit: number): Promise<Event[]> {
    const stored = await listEventsAfter(this.deps.db, cursor.projectId, afterId, { types: cursor.types, limit });
    return stored.map((event) => toEvent(event, cursor.slug));
  }

  /** A page of events after `afterId`, and where the next page starts. */
  async page(actor: Actor, slug: string, query: { after?: string; types?: string; page_size?: string }) {
    const cursor = await this.open(actor, slug, query.types);
    const afterId = query.after === undefined ? 0 : Number(query.after);
    const size = Math.min(MAX_EVENT_PAGE_SIZE, Math.max(1, query.page_size === undefined ? DEFAULT_EVENT_PAGE_SIZE : Number(query.page_size) || DEFAULT_EVENT_PAGE_SIZE));
    const results = await this.after(cursor, afterId, size + 1);
    const page = results.slice(0, size);
    return { results: page, last_id: page.at(-1)?.id ?? afterId, has_more: results.length > size };
  }
}
