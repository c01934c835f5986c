// `cloudplane events tail`: follows the project's event stream through the
// client (which reconnects with Last-Event-ID, so a drop loses nothing) and
// prints each event as it comes: a line for people, or with `--output json`
// one JSON object per line (JSON Lines), the event as the API sends it, for
// `jq` and scripts. Ctrl+C (or SIGTERM, or the reader of a pipe going away)
// is how a tail ends: it closes the stream and exits 0.
import { EVENT_TYPES, isEventType, type EventType } from '../../client/index.ts';
import type { Invocation } from '../command-actions.ts';
import { UsageError } from '../failures.ts';
import { openSession } from '../session.ts';
import { describeReconnect, eventLine, typeWidth } from './event-views.ts';

interface TailOptions {
  types?: string[];
  after?: number;
}

export async function tailEvents({ options, globals }: Invocation): Promise<void> {
  const { types, after } = options as TailOptions;
  const unknown = (types ?? []).filter((type) => !isEventType(type));
  if (unknown.length > 0) throw new UsageError(`not an event type: ${unknown.join(', ')} (the types are: ${EVENT_TYPES.join(', ')})`);
  const session = openSession(globals);
  const project = await session.project();

  const stop = new AbortController();
  const end = () => stop.abort();
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  // `… | head -3`: once the reader is gone there is no one to print for.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    end();
  });
  const width = typeWidth(types);
  try {
    const events = session.client.events(project, {
      types: types as EventType[] | undefined,
      after,
      signal: stop.signal,
      onReconnect: (reconnect) => session.status.note(describeReconnect(reconnect)),
    });
    for await (const event of events) {
      process.stdout.write(`${session.output === 'json' ? JSON.stringify(event) : eventLine(event, width)}\n`);
    }
  } finally {
    process.removeListener('SIGINT', end);
    process.removeListener('SIGTERM', end);
  }
}
