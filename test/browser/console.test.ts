// The console end to end in a real Chromium (Debian's, driven by
// playwright-core): a customer makes an API key and uses it, orders a server
// their credit does not cover, opens the invoice link signed out, signs in,
// has a card declined, pays with the test card that succeeds, sees the server
// delivered and reboots it from its page. Every page is checked with axe-core
// (no serious or critical violation), at a phone's width too, and
// screenshotted into test-artifacts/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { build, eventually } from '../helpers/build.ts';
import { newPage, openBrowser, screenshot } from '../helpers/browser.ts';
import { BASE_ORDER } from '../helpers/orders.ts';

const PASSWORD = 'correct horse battery staple';

/** axe-core on the page as it is now; the serious and critical violations, described. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Checks the page with axe and at a phone's width, then screenshots it. */
async function checkPage(page: Page, name: string, audit: Map<string, string[]>): Promise<void> {
  // A live part may be mid-swap (htmx polls while an order moves): axe reads the page once its requests have settled.
  await page.waitForLoadState('networkidle');
  audit.set(name, await accessibilityProblems(page));
  await screenshot(page, `console-${name}`);
}

async function signIn(page: Page, email: string): Promise<void> {
  // By keyboard: the fields and the button are reachable and usable without a mouse.
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

test('a customer makes a key, pays an invoice by card and reboots the server, all in the console', { timeout: 180_000 }, async (t) => {
  const started = performance.now();
  const app = await build(t);
  const user = await app.createUser({ password: PASSWORD, credit: '0.00', legacy: true });
  const browser = await openBrowser(t);
  const audit = new Map<string, string[]>();

  // Signing in, then making an API key that is shown once.
  const first = await newPage(browser);
  await first.page.goto(`${app.baseUrl}/console/login`);
  await checkPage(first.page, 'sign-in', audit);
  await signIn(first.page, user.email);
  await first.page.waitForURL(/\/console\/overview$/);
  await first.page.goto(`${app.baseUrl}/console/profile`);
  await checkPage(first.page, 'profile', audit);
  await first.page.getByLabel('Name', { exact: true }).fill('laptop <script>');
  await first.page.getByLabel('Expires', { exact: true }).selectOption({ label: '90 days' });
  await first.page.getByLabel('Read-only').uncheck();
  await first.page.getByLabel('Password').fill(PASSWORD);
  await first.page.getByRole('button', { name: 'Create key' }).click();
  const token = (await first.page.locator('#new-token').textContent())?.trim() ?? '';
  assert.match(token, /^cp_[0-9a-f]{16}_/);
  await checkPage(first.page, 'key-shown-once', audit);
  const me = await app.api('/me/', { key: token });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.email, user.email);
  await first.page.goto(`${app.baseUrl}/console/profile`);
  assert.ok(!(await first.page.content()).includes(token), 'the token is never shown again');
  assert.match((await first.page.locator('body').textContent()) ?? '', /laptop <script>/, 'a key name is shown as text');

  // An order the credit does not cover waits for its invoice to be paid.
  const slug = await app.createReadyProject(token, 'Shop');
  const ordered = await app.api(`/projects/${slug}/servers/`, { method: 'POST', key: token, body: BASE_ORDER });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  assert.equal(ordered.body.status, 'awaiting_payment');
  const invoiceUrl: string = ordered.body.invoice.url;

  // The invoice link, opened signed out, goes through sign-in and back to the invoice.
  const second = await newPage(browser);
  const page = second.page;
  await page.goto(invoiceUrl);
  await page.waitForURL(/\/console\/login\?next=/);
  await signIn(page, user.email);
  await page.waitForURL(invoiceUrl);
  await page.getByRole('heading', { name: `Invoice ${ordered.body.invoice.id}` }).waitFor();
  await checkPage(page, 'invoice', audit);

  const payWith = async (card: string) => {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry').fill('12/39');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
  };
  await payWith('4000 0000 0000 0002');
  await page.getByRole('alert').filter({ hasText: 'declined' }).waitFor();
  assert.equal((await page.locator('#invoice-status').textContent())?.trim(), 'Awaiting payment');
  await checkPage(page, 'payment-declined', audit);

  await payWith('4242 4242 4242 4242');
  await page.getByRole('status').filter({ hasText: 'The invoice is paid' }).waitFor();
  assert.equal((await page.locator('#invoice-status').textContent())?.trim(), 'Paid');
  await checkPage(page, 'payment-result', audit);

  // The order moves on to completed; the invoice page links to the delivered server.
  await eventually(async () => {
    await page.reload();
    return (await page.locator('#order-status').textContent())?.trim() === 'Completed';
  }, 20_000, 200);
  await page.getByRole('link', { name: 'the server' }).click();
  await page.getByRole('heading', { name: BASE_ORDER.hostname }).waitFor();
  await checkPage(page, 'server', audit);

  // Reboot from the server's page: the action list updates by itself until it ends.
  await page.getByRole('button', { name: 'Reboot' }).click();
  const rebootRow = page.locator('tr', { hasText: 'Reboot' }).first();
  await rebootRow.waitFor();
  await rebootRow.filter({ hasText: 'Done' }).waitFor({ timeout: 20_000 });
  await checkPage(page, 'server-after-reboot', audit);
  const serverId = (await app.api(`/projects/${slug}/orders/${ordered.body.id}/`, { key: token })).body.server_id;
  const actions = await app.api(`/projects/${slug}/actions/?resource_id=${serverId}`, { key: token });
  assert.ok(
    actions.body.results.some((action: { type: string; status: string }) => action.type === 'server.reboot' && action.status === 'success'),
    'the API sees the reboot the console started',
  );

  // The other pages, checked the same way.
  for (const [name, path] of [
    ['projects', '/console/projects'],
    ['project', `/console/projects/${slug}`],
    ['orders', `/console/projects/${slug}/orders`],
    ['ssh-keys', `/console/projects/${slug}/ssh-keys`],
    ['invoices', '/console/invoices'],
    ['credit', '/console/billing'],
  ] as const) {
    await page.goto(`${app.baseUrl}${path}`);
    await checkPage(page, name, audit);
  }

  // Readable on a phone: no page scrolls sideways as a whole (wide tables scroll inside their own box).
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.page.goto(`${app.baseUrl}/console/login`);
  await signIn(phone.page, user.email);
  await phone.page.waitForURL(/\/console\/overview$/);
  for (const path of ['/console/projects', `/console/projects/${slug}`, '/console/profile', invoiceUrl.replace(/^https?:\/\/[^/]+/, ''), '/console/billing']) {
    await phone.page.goto(`${app.baseUrl}${path}`);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${path} fits a phone's width (overflows by ${overflow}px)`);
    audit.set(`phone ${path}`, await accessibilityProblems(phone.page));
  }
  await screenshot(phone.page, 'console-phone-credit');

  for (const { outsideRequests, pageErrors } of [first, second, phone]) {
    assert.deepEqual(outsideRequests, [], 'nothing is fetched from outside the machine');
    // The declined card's page answers 402 on purpose; Chromium logs every 4xx page as a failed load.
    const errors = pageErrors.filter((text) => !/^Failed to load resource: the server responded with a status of 402/.test(text));
    assert.deepEqual(errors, [], 'no script error and no Content-Security-Policy refusal');
  }
  for (const [name, problems] of audit) assert.deepEqual(problems, [], `axe: no serious or critical violation on ${name}`);
  t.diagnostic(`axe checked ${audit.size} pages; end-to-end run ${Math.round(performance.now() - started)} ms`);
});
