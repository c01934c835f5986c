import { Type, type Static } from 'typebox';
import { Count, Id, Int32, Text, Timestamp } from '../../schemas/common.ts';
import { documentedAs } from '../../schemas/openapi-names.ts';
import { SlugParam } from '../projects/index.ts';
import { EVENT_TYPES } from './event-types.ts';

export const EventSchema = Type.Object(
  {
    id: Id({ description: "Increasing per project, in the order the changes committed: the stream's `id:` and the cursor for `after` and `Last-Event-ID`" }),
    type: Type.String({ enum: [...EVENT_TYPES], description: 'What happened, such as action.finished' }),
    project: SlugParam,
    resource: Type.Object({ type: Text(30), id: Text(64, { description: "The resource's id, as text" }) }),
    data: Type.Unknown({
      description:
        'The resource as the API shows it right after the change: the action, the order, the firewall group or rule, the PTR record, the invoice; for servers, the summary of the server list (read the server itself for the rest)',
    }),
    created_at: Timestamp(),
  },
  { title: 'Event' },
);
export type Event = Static<typeof EventSchema>;

/** `types=a,b` as one comma-separated parameter, checked against the known types. */
export const TypesFilter = Type.Optional(
  Type.String({
    maxLength: 2000,
    pattern: '^[a-z_]+\\.[a-z_]+(,[a-z_]+\\.[a-z_]+)*$',
    description: `Only these event types, comma-separated: ${EVENT_TYPES.join(', ')}`,
  }),
);

export const EventsQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 15, pattern: '^\\d{1,15}$', description: 'Events with a larger id than this one. Without it, a page starts at the oldest event kept and a stream with the next event committed' })),
  types: TypesFilter,
  // Read as text, as the other lists' page_size is (pagination.ts); documented as the integer to send.
  page_size: Type.Optional(
    documentedAs(Type.String({ maxLength: 4, pattern: '^\\d{1,4}$', description: 'Events per page: default 100, at most 500 (pages only)' }), Int32(1, 500)),
  ),
});

export const EventsHeaders = Type.Object({
  accept: Type.Optional(Type.String({ maxLength: 1000, description: '`text/event-stream` for a stream; anything else answers a page of JSON' })),
  'last-event-id': Type.Optional(Type.String({ maxLength: 20, description: 'A stream resumes after this id (as an EventSource sends on reconnecting); wins over `after`' })),
});

export const EventPageSchema = Type.Object(
  {
    results: Type.Array(EventSchema, { maxItems: 500 }),
    last_id: Count({ description: 'Ask again with `after` set to this: the last id of the page, or `after` itself when the page is empty' }),
    has_more: Type.Boolean({ description: 'More events follow at once' }),
  },
  { title: 'EventPage' },
);

export const ProjectEventsParams = Type.Object({ project_slug: SlugParam });
