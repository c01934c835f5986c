// A signed-in console user who owns a ready project and has an order waiting
// for payment: what the invoice and payment tests start from.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { build, type BuildOptions, type TestApp } from '../helpers/build.ts';
import { consoleClient, type ConsoleClient } from '../helpers/console.ts';
import { BASE_ORDER, orderServer } from '../helpers/orders.ts';
import type { World } from '../helpers/world.ts';

export const PASSWORD = 'a long enough password';
export const CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', processingError: '4000 0000 0000 0119' };
export const GOOD_EXPIRY = '12/39';

export interface Shopper {
  app: TestApp;
  world: World;
  browser: ConsoleClient;
  email: string;
}

export async function signedInShopper(t: TestContext, options: { credit?: string; build?: BuildOptions } = {}): Promise<Shopper> {
  const app = await build(t, options.build);
  const user = await app.createUser({ password: PASSWORD, credit: options.credit ?? '0.00' });
  const slug = await app.createReadyProject(user.key, 'Shop');
  const browser = consoleClient(app);
  const signedIn = await browser.signIn(user.email, PASSWORD);
  assert.equal(signedIn.status, 303);
  return { app, world: { app, slug, key: user.key, userId: user.userId }, browser, email: user.email };
}

/** A server order the owner's credit does not cover: it waits for payment with an invoice. */
export async function orderAwaitingPayment(shopper: Shopper): Promise<{ orderId: number; invoiceId: number; invoiceUrl: string; total: string }> {
  const ordered = await orderServer(shopper.world, BASE_ORDER);
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  return { orderId: ordered.body.id, invoiceId: ordered.body.invoice.id, invoiceUrl: ordered.body.invoice.url, total: ordered.body.invoice.total };
}

/** The invoice page's payment token (one per rendered form). */
export function paymentToken(html: string): string {
  const match = /name="payment_token" value="([^"]+)"/.exec(html);
  assert.ok(match, 'the page has a payment form');
  return match[1]!;
}

export async function orderStatus(shopper: Shopper, orderId: number): Promise<string> {
  const response = await shopper.app.api(`/projects/${shopper.world.slug}/orders/${orderId}/`, { key: shopper.world.key });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.status;
}

export async function creditBalance(shopper: Shopper): Promise<string> {
  const me = await shopper.app.api('/me/', { key: shopper.world.key });
  return me.body.billing_account.credit_balance;
}
