// How `events tail` shows an event on one line: when, its id, its type, what
// it is about, and what happened in a few words. One line per event, columns
// padded rather than fitted (a stream has no "whole table" to measure), so it
// reads in a terminal and greps in a log.
import { EVENT_TYPES, type EventReconnect, type ProjectEvent } from '../../client/index.ts';

/** Ids stay aligned up to a million events. */
const ID_WIDTH = 6;
/** Wide enough for a server's resource (`server 3f9c2a1b7d4e8f60`). */
const RESOURCE_WIDTH = 23;

type Fields = Record<string, unknown>;

function fieldsOf(data: unknown): Fields {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Fields) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}

/** What happened, in a few words: the status an action, order or server reached, who opened a console, a name, an amount. */
export function eventSummary(event: ProjectEvent): string {
  const data = fieldsOf(event.data);
  const status = text(data.status);
  const [family] = event.type.split('.');
  switch (family) {
    case 'action': {
      const error = fieldsOf(data.error);
      const failure = text(error.message) ? `: ${text(error.message)} (${text(error.code) ?? 'error'})` : '';
      return `${text(data.type) ?? 'action'} on ${text(fieldsOf(data.resource).id) ?? '?'}: ${status ?? '?'}${failure}`;
    }
    case 'order': {
      const server = text(data.server_id) ? ` (server ${text(data.server_id)})` : '';
      return `${text(data.type) ?? ''} order: ${status ?? '?'}${server}`.trim();
    }
    case 'server': {
      const hostname = text(data.hostname) ?? '?';
      if (event.type === 'server.status_changed') return `${hostname}: ${text(data.previous_status) ?? '?'} → ${status ?? '?'}`;
      if (event.type === 'server.renamed') return `renamed to ${hostname}`;
      if (event.type === 'server.deleted') return `${hostname}: deleted`;
      if (event.type === 'server.cancellation_requested') return `${hostname}: cancellation requested`;
      return `${hostname}: ${status ?? '?'}`;
    }
    case 'console': {
      // console.opened: a session of the server's console (the resource) opened, by whom and through what.
      const through = data.interface === 'console' ? 'in the web console' : `with API key ${text(data.api_key_id) ?? '?'}`;
      return `session ${text(data.console_session_id) ?? '?'} opened by user ${text(data.user_id) ?? '?'} ${through}`;
    }
    case 'invoice':
      return [text(data.total), text(data.currency), status].filter(Boolean).join(' ');
    case 'reverse_dns':
      return `${text(data.address) ?? '?'} → ${text(data.ptr) ?? '(none)'} on ${text(data.server_id) ?? '?'}`;
    case 'firewall_group':
      if (event.type === 'firewall_group.attached' || event.type === 'firewall_group.detached') {
        return `${event.type === 'firewall_group.attached' ? 'attached to' : 'detached from'} ${text(data.server_id) ?? '?'}`;
      }
      return text(data.name) ?? '';
    case 'firewall_rule':
      return [text(data.protocol), text(data.comment)].filter(Boolean).join(': ') + (text(data.group_id) ? ` (group ${text(data.group_id)})` : '');
    case 'firewall': {
      // firewall.applied: the server (the resource) now enforces these groups.
      const groups = Array.isArray(data.firewall_groups) ? data.firewall_groups.map(String) : [];
      return `${status ?? 'applied'}: ${groups.length > 0 ? `groups ${groups.join(', ')}` : 'no groups'}`;
    }
    default:
      // A webhook, or a kind this version does not know: its name or address, its status and why.
      return [text(data.name) ?? text(data.url), status, text(data.disabled_reason)].filter(Boolean).join(': ');
  }
}

/** The width of the type column: the longest type that can be shown. */
export function typeWidth(types: readonly string[] | undefined): number {
  return Math.max(...(types?.length ? types : EVENT_TYPES).map((type) => type.length));
}

/** `2030-01-01T12:00:00.000Z  41  action.finished  action 17  server.reboot on 3f9c…: success` */
export function eventLine(event: ProjectEvent, width: number): string {
  const resource = `${event.resource.type} ${event.resource.id}`;
  return [event.created_at, String(event.id).padEnd(ID_WIDTH), event.type.padEnd(width), resource.padEnd(RESOURCE_WIDTH), eventSummary(event)].join('  ').trimEnd();
}

/** "event stream interrupted (the service ended the stream); reconnecting in 2 s, after event 41" */
export function describeReconnect(reconnect: EventReconnect): string {
  const seconds = reconnect.delayMs < 1000 ? (reconnect.delayMs / 1000).toFixed(1) : String(Math.round(reconnect.delayMs / 1000));
  const from = reconnect.lastEventId === undefined ? 'from the next event' : `after event ${reconnect.lastEventId}`;
  return `event stream interrupted (${reconnect.reason}); reconnecting in ${seconds} s, ${from}`;
}
