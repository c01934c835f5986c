// An audit entry in words, for the project's audit log page: who (the key's
// name, the user's e-mail address, or the provider), through which
// interface and from where; what (the operation, or the method and route
// said as a phrase where the route's words allow it, the route itself kept
// beside); and what came of it. The entries hold route patterns, never the
// URL that was asked for, so a phrase is built from the pattern's words:
// `POST …/firewalls/:id/rules/:ruleId/delete` reads "Delete firewall rule".
import type { AuditEntry } from '../../modules/audit/index.ts';
import { moment, type Moment } from './display.ts';
import { actionLabel, sentence, stateLabel, type StateLabel } from './labels.ts';

/** A row of the audit log table. */
export interface AuditRow {
  when: Moment | null;
  who: { name: string; detail: string };
  what: { text: string; route: string; resource: string | null };
  outcome: { state: StateLabel; detail: string };
}

const INTERFACES: Record<string, string> = {
  project: 'the project API',
  legacy: 'the legacy API',
  console: 'the console',
  operator: 'the operator API',
};

/** Operations the log names itself (sign-ins, keys made) rather than by their route. */
const OPERATIONS: Record<string, string> = {
  sign_in: 'Sign in',
  sign_in_failed: 'Failed sign-in',
  'api_key.created': 'Create API key',
  'console.opened': 'Open server console session',
  'console.closed': 'Close server console session',
};

/** The words of a route's segments that name a thing: singular. */
const NOUNS: Record<string, string> = {
  projects: 'project',
  servers: 'server',
  actions: 'action',
  'firewall-groups': 'firewall group',
  firewalls: 'firewall group',
  firewall: 'firewall',
  rules: 'firewall rule',
  'ssh-keys': 'SSH key',
  keys: 'API key',
  'api-keys': 'API key',
  snapshots: 'snapshot',
  iso: 'ISO',
  orders: 'order',
  'reverse-dns': 'reverse DNS',
  members: 'member',
  invitations: 'invitation',
  webhooks: 'webhook',
  deliveries: 'webhook delivery',
  invoices: 'invoice',
  users: 'user',
  hosts: 'host',
  catalogue: 'catalogue',
  credit: 'credit',
  sessions: 'sessions',
};

/** The words of a route's last segment that say what was done to the thing before it. */
const VERBS: Record<string, string> = {
  actions: 'Run an action on',
  delete: 'Delete',
  remove: 'Remove',
  rename: 'Rename',
  role: 'Change the role of',
  withdraw: 'Withdraw',
  accept: 'Accept',
  decline: 'Decline',
  attach: 'Attach',
  detach: 'Detach',
  mount: 'Mount',
  unmount: 'Unmount',
  restore: 'Restore',
  reinstall: 'Reinstall',
  'reset-password': 'Reset the root password of',
  password: 'Show the new root password of',
  upgrade: 'Change the plan of',
  bandwidth: 'Buy extra traffic for',
  cancel: 'Cancel',
  revoke: 'Revoke',
  pay: 'Pay',
  suspend: 'Suspend',
  unsuspend: 'Lift the suspension of',
  redeliver: 'Redeliver',
  'rotate-secret': 'Rotate the secret of',
  test: 'Test',
};

/** Routes whose words would mislead (a member is invited, not made), by method and the route after the project. */
const PHRASES: Record<string, string> = {
  'POST members': 'Invite member',
  'DELETE members/:user_id': 'Remove member',
  'POST servers/:server_id/console': 'Ask for a server console session',
  'POST servers/:id/console/connect': 'Ask for a server console session',
};

/** What a method does to the thing a route ends with, when no verb says it. */
const METHODS: Record<string, { collection: string; item: string }> = {
  POST: { collection: 'Create', item: 'Change' },
  PUT: { collection: 'Set', item: 'Set' },
  PATCH: { collection: 'Change', item: 'Change' },
  DELETE: { collection: 'Delete', item: 'Delete' },
};

/** The prefixes of the interfaces' routes, and a project's own segments: not part of what was done. */
const PREFIX = /^\/(?:api\/v1|admin\/v1|console)(?=\/)/;

/** A route pattern as a phrase ("Delete firewall rule"), or null when its words do not make one. */
export function routeInWords(method: string, route: string): string | null {
  const segments = route.replace(PREFIX, '').split('/').filter(Boolean);
  if (segments[0] === 'projects' && segments[1]?.startsWith(':') && segments.length > 2) segments.splice(0, 2);
  const phrase = PHRASES[`${method.toUpperCase()} ${segments.join('/')}`];
  if (phrase !== undefined) return phrase;
  const words = segments.filter((segment) => !segment.startsWith(':'));
  const last = words.at(-1);
  if (last === undefined) return null;
  // The project API has a route per action (…/actions/power_off/), whose last word says which.
  if (words.at(-2) === 'actions' && segments.at(-1) === last) return `Server action: ${actionLabel(last)}`;
  const verb = VERBS[last];
  if (verb !== undefined && words.length > 1) {
    const noun = NOUNS[words.at(-2)!];
    return noun === undefined ? null : `${verb} ${noun}`;
  }
  const noun = NOUNS[last];
  const methodWords = METHODS[method.toUpperCase()];
  if (noun === undefined || methodWords === undefined) return null;
  const endsWithId = segments.at(-1)!.startsWith(':');
  return `${endsWithId ? methodWords.item : methodWords.collection} ${noun}`;
}

function who(entry: AuditEntry): AuditRow['who'] {
  const through = `through ${INTERFACES[entry.interface] ?? entry.interface}, from ${entry.client_ip}`;
  const { actor } = entry;
  if (actor.type === 'api_key') {
    const key = actor.api_key_name === null ? `API key ${actor.api_key_id ?? ''}`.trim() : `API key “${actor.api_key_name}”`;
    return { name: key, detail: `${actor.email ? `${actor.email}’s key, ` : ''}${through}` };
  }
  if (actor.type === 'user') return { name: actor.email ?? `User ${actor.user_id ?? ''}`.trim(), detail: through };
  if (actor.type === 'operator') return { name: 'The provider (operator)', detail: through };
  return { name: 'Someone not signed in', detail: through };
}

function what(entry: AuditEntry): AuditRow['what'] {
  const text = (entry.operation && OPERATIONS[entry.operation]) ?? routeInWords(entry.method, entry.route) ?? `${entry.method} ${entry.route}`;
  const resource = entry.resource ? `${sentence(entry.resource.type)} ${entry.resource.name ?? entry.resource.id}` : null;
  return { text, route: `${entry.method} ${entry.route}`, resource };
}

function outcome(entry: AuditEntry): AuditRow['outcome'] {
  // Committed with its change, and the service stopped before it answered.
  if (entry.status === null) return { state: stateLabel('outcome', 'unanswered'), detail: 'The change was made; the service stopped before answering' };
  const kind = entry.status >= 500 ? 'failed' : entry.status >= 400 ? 'refused' : 'done';
  const detail = entry.problem_code ? `${sentence(entry.problem_code)} (HTTP ${entry.status})` : `HTTP ${entry.status}`;
  return { state: stateLabel('outcome', kind), detail };
}

export function auditRow(entry: AuditEntry): AuditRow {
  return { when: moment(entry.created_at), who: who(entry), what: what(entry), outcome: outcome(entry) };
}
