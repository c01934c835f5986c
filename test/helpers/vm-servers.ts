// What the tests against real VMs (test/integration/libvirt-*.test.ts) do
// through the API alike: the operator's catalogue pointed at the test image
// with a plan an emulated VM can hold, an order waited for until its server
// runs, an action waited for until it has finished.
import assert from 'node:assert/strict';
import { eventually } from './build.ts';
import type { Hypervisor } from './hypervisor.ts';
import { BASE_ORDER } from './orders.ts';
import type { World } from './world.ts';

/** A plan small enough for a VM under software emulation. */
export const SMALL_PLAN = { cpu_cores: 1, ram_mb: 256, disk_gb: 1, boot_disk_gb: 1 };
/** Creating a server and booting it under emulation takes seconds, not minutes: a generous bound all the same. */
export const BOOT_BOUND_MS = 120_000;
export const ACTION_BOUND_MS = 120_000;

type Catalogue = { images: { name: string }[]; products: { id: number }[]; isos: { id: number; name?: string | null; file?: string }[] } & Record<string, unknown>;

/**
 * The operator's catalogue with the test image's files on the image orders
 * name (BASE_ORDER's) and SMALL_PLAN on their product; `edit` changes the
 * rest before it is put back.
 */
export async function catalogueWithTestImage(w: World, hypervisor: Hypervisor, edit: (catalogue: Catalogue) => void = () => {}): Promise<void> {
  const catalogue: Catalogue = (await w.app.admin('/catalogue')).body;
  catalogue.images = catalogue.images.map((image) => (image.name === BASE_ORDER.image ? { ...image, files: hypervisor.image } : image));
  catalogue.products = catalogue.products.map((product) => (product.id === BASE_ORDER.product_id ? { ...product, plan: SMALL_PLAN } : product));
  edit(catalogue);
  const replaced = await w.app.admin('/catalogue', { method: 'PUT', body: catalogue });
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
}

/** The order once it has settled (`completed` or `failed`). */
export async function settledOrder(w: World, orderId: number): Promise<any> {
  return eventually(async () => {
    const found = (await w.app.api(`/projects/${w.slug}/orders/${orderId}/`, { key: w.key })).body;
    return found.status === 'completed' || found.status === 'failed' ? found : null;
  }, BOOT_BOUND_MS, 200);
}

/** Orders a server (BASE_ORDER with `body` over it) and waits until it is delivered; its id and its primary IPv4 address. */
export async function orderedServer(w: World, body: Record<string, unknown>): Promise<{ id: string; address: string }> {
  const ordered = await w.app.api(`/projects/${w.slug}/servers/`, { method: 'POST', key: w.key, body: { ...BASE_ORDER, ...body } });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const order = await settledOrder(w, ordered.body.id);
  assert.equal(order.status, 'completed', JSON.stringify(order));
  const server = (await w.app.api(`/projects/${w.slug}/servers/${order.server_id}/`, { key: w.key })).body;
  return { id: server.id, address: server.network.ipv4[0].address };
}

/** The action once it has finished. */
export async function finishedAction(w: World, actionId: number): Promise<any> {
  return eventually(async () => {
    const found = (await w.app.api(`/projects/${w.slug}/actions/${actionId}/`, { key: w.key })).body;
    return found.status === 'running' ? null : found;
  }, ACTION_BOUND_MS, 200);
}

/** Starts an action on the server and waits for it to succeed; its result. */
export async function actionSucceeds(w: World, serverId: string, name: string, body?: Record<string, unknown>): Promise<Record<string, any>> {
  const started = await w.app.api(`/projects/${w.slug}/servers/${serverId}/actions/${name}/`, { method: 'POST', key: w.key, body });
  assert.equal(started.status, 202, `${name}: ${JSON.stringify(started.body)}`);
  const done = await finishedAction(w, started.body.id);
  assert.equal(done.status, 'success', `${name}: ${JSON.stringify(done)}`);
  return done.result;
}
