// How actions and orders are shown in tables; the servers and activity
// commands both print them.
import type { Action, Order } from '../../client/index.ts';
import type { Column } from '../output.ts';

export const ACTION_COLUMNS: Column<Action>[] = [
  { header: 'id', value: (action) => action.id },
  { header: 'type', value: (action) => action.type },
  { header: 'status', value: (action) => action.status },
  { header: 'server', value: (action) => action.resource.id },
  { header: 'started', value: (action) => action.started_at, field: 'started_at', optional: true },
  { header: 'finished', value: (action) => action.finished_at, field: 'finished_at', optional: true },
  { header: 'error', value: (action) => action.error?.code, wide: true },
];

export function actionFields(action: Action): [string, unknown][] {
  const fields: [string, unknown][] = [
    ['ID', action.id],
    ['Type', action.type],
    ['Status', action.status],
    ['Server', action.resource.id],
    ['Started', action.started_at],
    ['Finished', action.finished_at],
  ];
  if (action.error) fields.push(['Error', `${action.error.message} (${action.error.code})`]);
  // The result is what the action was for (a root password, a snapshot id, a subnet): each gets its own line.
  for (const [name, value] of Object.entries(action.result ?? {})) fields.push([`Result ${name.replace(/_/g, ' ')}`, value]);
  return fields;
}

export const ORDER_COLUMNS: Column<Order>[] = [
  { header: 'id', value: (order) => order.id },
  { header: 'type', value: (order) => order.type },
  { header: 'status', value: (order) => order.status },
  { header: 'server', value: (order) => order.server_id, field: 'server_id' },
  { header: 'hostname', value: (order) => order.request.hostname, optional: true },
  { header: 'total', value: (order) => (order.invoice ? `${order.invoice.total} ${order.invoice.currency}` : null), optional: true },
  { header: 'created', value: (order) => order.created_at, field: 'created_at', optional: true },
  { header: 'product', value: (order) => order.request.product_id, field: 'product_id', wide: true },
  { header: 'location', value: (order) => order.request.location, wide: true },
  { header: 'updated', value: (order) => order.updated_at, field: 'updated_at', wide: true },
];

export function orderFields(order: Order): [string, unknown][] {
  const request = order.request;
  const fields: [string, unknown][] = [
    ['ID', order.id],
    ['Type', order.type],
    ['Status', order.status],
    ['Server', order.server_id],
    ['Hostname', request.hostname],
    ['Product', request.product_id],
    ['Location', request.location],
    ['Image', request.snapshot_id ? `snapshot ${request.snapshot_id}` : request.image],
    ['Billing cycle', request.billing_cycle],
    ['Upgrade disk', request.upgrade_disk],
    ['Extra traffic', request.size_gb === undefined ? undefined : `${request.size_gb} GB`],
    ['Invoice', order.invoice ? `${order.invoice.id}: ${order.invoice.total} ${order.invoice.currency}, ${order.invoice.status}` : null],
    ['Pay at', order.invoice?.status === 'unpaid' ? order.invoice.url : undefined],
    ['Warnings', order.warnings],
    ['Created', order.created_at],
    ['Updated', order.updated_at],
  ];
  // A field the order's type does not have (an upgrade has no image) is left out rather than shown as "-".
  return fields.filter(([, value]) => value !== undefined);
}
