// Every event type cloudplane records, in one list: the stream's and the
// webhooks' `types` filters are checked against it, and the docs list it.
export const EVENT_TYPES = [
  'action.started',
  'action.finished',
  'order.created',
  'order.status_changed',
  'order.withdrawn',
  'server.created',
  'server.renamed',
  'server.status_changed',
  'server.deleted',
  'server.cancellation_requested',
  'console.opened',
  'firewall_group.created',
  'firewall_group.updated',
  'firewall_group.deleted',
  'firewall_group.attached',
  'firewall_group.detached',
  'firewall_rule.created',
  'firewall_rule.updated',
  'firewall_rule.deleted',
  'firewall.applied',
  'reverse_dns.set',
  'reverse_dns.removed',
  'invoice.paid',
  'webhook.disabled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The kinds of resource an event is about (its `resource.type`). */
export type EventResourceType = 'action' | 'order' | 'server' | 'firewall_group' | 'firewall_rule' | 'reverse_dns' | 'invoice' | 'webhook';

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
