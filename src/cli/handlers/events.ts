// `cloudplane events tail`: follows the project's event stream through the
// client (which reconnects with Last-Event-ID, so a drop loses nothing) and
// prints each event as it comes: a line for people, or with `--output json`
// one JSON object per line (JSON Lines), the event as the API sends it, for
// `jq` and scripts; with yaml one YAML document per event, with -q its id.
// Ctrl+C (or SIGTERM, or the reader of a pipe going away) is how a tail
// ends: it closes the stream and exits 0.
import { EVENT_TYPES, isEventType, type EventType, type ProjectEvent } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { UsageError } from '../failures.ts';
import { yamlText, type OutputFormat } from '../output.ts';
import { openSession } from '../session.ts';
import { describeReconnect, eventLine, typeWidth } from './event-views.ts';

interface TailOptions {
  types?: string[];
  after?: number;
}

/** One event as the format prints it; a stream has no table, so wide is the line too. */
function eventText(format: OutputFormat, event: ProjectEvent, width: number): string {
  if (format.quiet) return String(event.id);
  if (format.kind === 'json') return JSON.stringify(event);
  if (format.kind === 'yaml') return `---\n${yamlText(event)}`;
  return eventLine(event, width);
}

export async function tailEvents({ options, globals }: Invocation): Promise<void> {
  const { types, after } = options as TailOptions;
  const unknown = (types ?? []).filter((type) => !isEventType(type));
  if (unknown.length > 0) throw new UsageError(`not an event type: ${unknown.join(', ')} (the types are: ${EVENT_TYPES.join(', ')})`);
  const session = openSession(globals);
  if (session.output.kind === 'columns') throw new UsageError('events tail prints one line per event, not columns: use -o json or -o yaml to pick fields');
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
      process.stdout.write(`${eventText(session.output, event, width)}\n`);
    }
  } finally {
    process.removeListener('SIGINT', end);
    process.removeListener('SIGTERM', end);
  }
}
