// A small client of the project API written the way a user of the published
// OpenAPI document would: types generated from the document by
// openapi-typescript, calls made with openapi-fetch. The test that uses it
// type-checks it against the document the service serves, so a route and its
// documentation cannot drift apart without breaking the build.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import createClient from 'openapi-fetch';
import type { paths } from './generated/project-api.ts';

type Order = Awaited<ReturnType<typeof getOrder>>;

export interface TypedClientOptions {
  /** The servers entry of the document: http://host:port/api/v1 */
  baseUrl: string;
  key: string;
  project: string;
  /** How long to poll an order or action before giving up. */
  deadlineMs: number;
}

function clientFor(options: TypedClientOptions) {
  return createClient<paths>({ baseUrl: options.baseUrl, headers: { authorization: `Bearer ${options.key}` } });
}

async function getOrder(options: TypedClientOptions, orderId: number) {
  const { data, error } = await clientFor(options).GET('/projects/{project_slug}/orders/{order_id}/', {
    params: { path: { project_slug: options.project, order_id: orderId } },
  });
  if (!data) throw new Error(`order ${orderId}: ${error?.code} ${error?.detail}`);
  return data;
}

/** Polls until `settled` says yes, at most `deadlineMs`, waiting a little longer each time. */
async function pollUntil<Value>(read: () => Promise<Value>, settled: (value: Value) => boolean, deadlineMs: number): Promise<Value> {
  const deadline = Date.now() + deadlineMs;
  let wait = 20;
  for (;;) {
    const value = await read();
    if (settled(value)) return value;
    if (Date.now() > deadline) throw new Error(`not settled within ${deadlineMs} ms: ${JSON.stringify(value)}`);
    await sleep(wait);
    wait = Math.min(wait * 2, 500);
  }
}

/** Orders a server, polls its order until delivered, reboots it and polls the action until it ends. */
export async function orderPollAndReboot(options: TypedClientOptions, hostname: string): Promise<{ order: Order; action: { id: number; status: string; type: string } }> {
  const client = clientFor(options);
  const ordered = await client.POST('/projects/{project_slug}/servers/', {
    params: { path: { project_slug: options.project }, header: { 'idempotency-key': randomUUID() } },
    body: { hostname, product_id: 1, location: 'fsn1', image: 'debian-12' },
  });
  if (!ordered.data) throw new Error(`ordering failed: ${ordered.error?.code} ${ordered.error?.detail}`);
  const order = await pollUntil(
    () => getOrder(options, ordered.data.id),
    (current) => ['completed', 'failed', 'cancelled'].includes(current.status),
    options.deadlineMs,
  );
  if (order.status !== 'completed' || !order.server_id) throw new Error(`order ended ${order.status}`);

  const serverPath = { project_slug: options.project, server_id: order.server_id };
  const started = await client.POST('/projects/{project_slug}/servers/{server_id}/actions/reboot/', {
    params: { path: serverPath, header: { 'idempotency-key': randomUUID() } },
  });
  if (!started.data) throw new Error(`reboot refused: ${started.error?.code} ${started.error?.detail}`);
  const action = await pollUntil(
    async () => {
      const { data, error } = await client.GET('/projects/{project_slug}/actions/{action_id}/', {
        params: { path: { project_slug: options.project, action_id: String(started.data.id) } },
      });
      if (!data) throw new Error(`action ${started.data.id}: ${error?.code}`);
      return data;
    },
    (current) => current.status === 'success' || current.status === 'error',
    options.deadlineMs,
  );
  return { order, action };
}
