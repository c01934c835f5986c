// The console's words for every state and type, and the one colour each
// meaning has. The API speaks in identifiers (`awaiting_payment`,
// `server.power_off`); a person reads "Awaiting payment" and "Power off".
// Every page takes its words from here, so one state reads the same, in the
// same colour, wherever it is shown.
import type { ActionName } from '../../modules/actions/index.ts';

/**
 * One colour per meaning (Bootstrap's badge tones):
 * success: done or healthy; danger: failed, refused, or money owed;
 * warning: waiting for the customer; info: in progress; secondary: neutral or stopped.
 */
export type Tone = 'success' | 'danger' | 'warning' | 'info' | 'secondary';

export interface StateLabel {
  /** The API's value, kept on the badge as data-state so a test or a script can read it. */
  value: string;
  text: string;
  tone: Tone;
}

type Words = Record<string, [text: string, tone: Tone]>;

const STATES = {
  server: {
    running: ['Running', 'success'],
    stopped: ['Stopped', 'secondary'],
    suspended: ['Suspended', 'danger'],
    setting_up: ['Setting up', 'info'],
    deleting: ['Deleting', 'info'],
  },
  action: {
    running: ['In progress', 'info'],
    unknown: ['Checking', 'info'],
    success: ['Done', 'success'],
    error: ['Failed', 'danger'],
  },
  order: {
    submitting: ['Submitting', 'info'],
    awaiting_payment: ['Awaiting payment', 'warning'],
    provisioning: ['Provisioning', 'info'],
    completed: ['Completed', 'success'],
    cancelled: ['Cancelled', 'secondary'],
    failed: ['Failed', 'danger'],
    unknown: ['Checking', 'info'],
  },
  invoice: {
    unpaid: ['Awaiting payment', 'warning'],
    paid: ['Paid', 'success'],
    cancelled: ['Cancelled', 'secondary'],
  },
  payment: {
    pending: ['Processing', 'info'],
    succeeded: ['Paid', 'success'],
    failed: ['Failed', 'danger'],
    declined: ['Declined', 'danger'],
  },
  project: {
    setting_up: ['Setting up', 'info'],
    ready: ['Ready', 'success'],
    deleting: ['Deleting', 'info'],
  },
  propagation: {
    applied: ['Applied', 'success'],
    pending: ['Applying', 'info'],
    applying: ['Applying', 'info'],
    failed: ['Failed', 'danger'],
  },
  snapshot: {
    creating: ['Creating', 'info'],
    completed: ['Ready', 'success'],
    failed: ['Failed', 'danger'],
  },
  key: {
    active: ['Active', 'success'],
    expired: ['Expired', 'danger'],
    revoked: ['Revoked', 'secondary'],
  },
  cancellation: {
    end_of_term: ['Cancels at end of term', 'warning'],
    immediate: ['Cancelled', 'secondary'],
    cancellation_requested: ['Cancellation requested', 'warning'],
  },
  // What came of a change the audit log records, by the answer's status class (audit-words.ts).
  outcome: {
    done: ['Done', 'success'],
    refused: ['Refused', 'danger'],
    failed: ['Failed', 'danger'],
    unanswered: ['Done, not answered', 'warning'],
  },
  // A plan in a location, as the catalogue has it (the create-server page).
  stock: {
    in_stock: ['In stock', 'success'],
    out_of_stock: ['Out of stock', 'danger'],
    not_offered: ['Not offered here', 'secondary'],
  },
  // Billing cycles (the catalogue's names); the tone is unused: a cycle is not a state.
  cycle: {
    monthly: ['Monthly', 'secondary'],
    quarterly: ['Quarterly', 'secondary'],
    semiannually: ['Every 6 months', 'secondary'],
    annually: ['Annually', 'secondary'],
    biennially: ['Every 2 years', 'secondary'],
    triennially: ['Every 3 years', 'secondary'],
  },
} satisfies Record<string, Words>;

export type StateKind = keyof typeof STATES;

/** A state as a badge shows it; an unknown value reads as itself, in words, and neutral. */
export function stateLabel(kind: StateKind, value: string): StateLabel {
  const words = (STATES[kind] as Words)[value];
  if (words) return { value, text: words[0], tone: words[1] };
  return { value, text: sentence(value), tone: 'secondary' };
}

const ACTIONS: Record<ActionName, string> = {
  power_on: 'Power on',
  power_off: 'Power off',
  shutdown: 'Shutdown',
  reboot: 'Reboot',
  reinstall: 'Reinstall',
  reset_password: 'Reset root password',
  create_snapshot: 'Create snapshot',
  restore_snapshot: 'Restore snapshot',
  mount_iso: 'Mount ISO',
  unmount_iso: 'Unmount ISO',
  enable_ipv6: 'Enable IPv6',
  enable_private_network: 'Enable private network',
};

/** `server.power_off` (or `power_off`) → "Power off". */
export function actionLabel(type: string): string {
  const name = type.startsWith('server.') ? type.slice('server.'.length) : type;
  return (ACTIONS as Record<string, string>)[name] ?? sentence(name);
}

/** A firewall group's direction, with what it means (the firewall pages and a server's networking tab). */
export const FIREWALL_DIRECTIONS: Record<'ingress' | 'egress', { text: string; hint: string }> = {
  ingress: { text: 'Inbound', hint: 'Allows new connections to the servers, from the sources its rules name' },
  egress: { text: 'Outbound', hint: 'Allows connections from the servers, to the destinations its rules name' },
};

export const FIREWALL_PROTOCOLS: Record<'tcp' | 'udp' | 'icmp' | 'any', string> = { tcp: 'TCP', udp: 'UDP', icmp: 'ICMP', any: 'Any protocol' };

const ORDER_TYPES: Record<string, string> = { server: 'New server', upgrade: 'Plan change', bandwidth: 'Extra traffic' };

export const orderTypeLabel = (type: string) => ORDER_TYPES[type] ?? sentence(type);

const ROLES: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const roleLabel = (role: string) => ROLES[role] ?? sentence(role);

/** "some_value" → "Some value": the last resort for a value no table names yet. */
export function sentence(value: string): string {
  const words = value.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "15 minutes", "1 minute": counts in words, never "minute(s)". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
