// A small Server-Sent Events reader for the tests: opens a stream over real
// HTTP and keeps every event it reads, so a test can wait (bounded) for the
// events it expects and then look at all of them. It parses the wire format
// itself on purpose: the tests check what the service sends, byte for byte,
// not what a client library makes of it.
import { eventually } from './build.ts';

export interface ReceivedEvent {
  /** The `id:` field. */
  id: number;
  /** The `event:` field. */
  event: string;
  /** The `data:` field, parsed: the event as JSON. */
  data: any;
}

export interface SseConnection {
  events: ReceivedEvent[];
  comments: string[];
  /** The response's status and headers. */
  status: number;
  headers: Headers;
  /** Waits (bounded) until `count` events arrived, or `until` holds; answers every event so far. */
  waitFor(until: number | ((events: ReceivedEvent[]) => boolean), timeoutMs?: number): Promise<ReceivedEvent[]>;
  close(): void;
}

export async function openStream(url: string, key: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const connection: SseConnection = {
    events,
    comments,
    status: response.status,
    headers: response.headers,
    async waitFor(until, timeoutMs = 10_000) {
      const holds = typeof until === 'number' ? (seen: ReceivedEvent[]) => seen.length >= until : until;
      await eventually(async () => holds(events), timeoutMs, 5);
      return events;
    },
    close: () => abort.abort(),
  };
  if (!response.ok || !response.body) return connection;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
            }
          }
          if (fields.data !== undefined) events.push({ id: Number(fields.id), event: fields.event ?? 'message', data: JSON.parse(fields.data) });
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return connection;
}
