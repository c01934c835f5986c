// A customer's whole cloud in Debian's Chromium (playwright-core), from an
// empty project: create a server with too little credit, pay its invoice by
// card, watch it come up, rename it, give it a firewall rule (and try the same
// rule twice), enable IPv6 and name an address of its subnet, snapshot it,
// resize it, reinstall it and delete it. Every step is checked through the
// project API as well, every page with axe-core, and every page again at a
// phone's width (390 × 844): nothing scrolls sideways and every button of the
// page can be reached. Screenshots go to test-artifacts/journey-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { newPage, openBrowser, screenshot, type BrowserPage } from '../helpers/browser.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';

const PASSWORD = 'correct horse battery staple';
const WAIT = { timeout: 30_000 };

type Json = any;

/** A list answer: the project API answers some lists as arrays and paged ones as `{ results }`. */
const listOf = (body: Json): Json[] => (Array.isArray(body) ? body : body.results);

/** axe-core on the page as it is now: its serious and critical violations, described. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** At a phone's width: how far the page scrolls sideways, and the buttons and links of the page's main part that are out of reach. */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 0) problems.push(`the page scrolls sideways by ${overflow}px`);
    const width = document.documentElement.clientWidth;
    for (const element of document.querySelectorAll('main button, main a.btn, main input[type="submit"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown (a closed part of the page)
      let scroller: Element | null = element.parentElement;
      let clipped = false;
      while (scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll|hidden)/.test(style.overflowX) && scroller.getBoundingClientRect().right < box.right - 1) clipped = true;
        scroller = scroller.parentElement;
      }
      if (box.right > width + 1 || box.left < -1 || clipped) problems.push(`"${(element.textContent ?? '').trim().slice(0, 40)}" is out of reach (${Math.round(box.left)}–${Math.round(box.right)} of ${width}px)`);
    }
    return problems;
  });
}

interface Journey {
  app: TestApp;
  key: string;
  slug: string;
  desktop: BrowserPage;
  audit: Map<string, string[]>;
  /** Pages to see again at a phone's width, by name. */
  visited: Map<string, string>;
}

/** Checks the page with axe, remembers it for the phone pass, and screenshots it. */
async function checkPage(journey: Journey, name: string): Promise<void> {
  const { page } = journey.desktop;
  // A live part may be mid-swap (htmx polls while something moves): axe reads the page once its requests have settled.
  await page.waitForLoadState('networkidle');
  journey.audit.set(name, await accessibilityProblems(page));
  journey.visited.set(name, new URL(page.url()).pathname + new URL(page.url()).search);
  await screenshot(page, `journey-${name}`);
}

/** Clicks a button whose form asks first, then the dialog's confirm button. */
async function confirmClick(page: Page, button: ReturnType<Page['getByRole']>, confirm: string): Promise<void> {
  await button.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirm }).click();
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function payByCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('status').filter({ hasText: 'The invoice is paid' }).waitFor(WAIT);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: /^Server/ }).getByRole('link', { name }).click();
  await page.waitForLoadState('load');
}

async function latestAction(journey: Journey, serverId: string, type: string): Promise<Json> {
  return eventually(async () => {
    const listed = await journey.app.api(`/projects/${journey.slug}/actions/?resource_id=${serverId}&sort=id:desc`, { key: journey.key });
    const action = listOf(listed.body).find((candidate: Json) => candidate.type === type && candidate.status !== 'running');
    return action ?? null;
  }, 30_000, 100);
}

test("a customer's server from order to deletion, all in the console, on a desktop and a phone", { timeout: 300_000 }, async (t) => {
  const app = await build(t);
  const user = await app.createUser({ password: PASSWORD, credit: '0.00' });
  const slug = await app.createReadyProject(user.key, 'Shop');
  const browser: Browser = await openBrowser(t);
  const desktop = await newPage(browser);
  const journey: Journey = { app, key: user.key, slug, desktop, audit: new Map(), visited: new Map() };
  const { page } = desktop;

  // Signing in lands on the overview.
  await page.goto(`${app.baseUrl}/console/login`);
  await signIn(page, user.email);
  await page.waitForURL(/\/console\/overview$/);
  await checkPage(journey, 'overview-empty');

  // The empty project offers to create a server; the price follows the choice.
  await page.goto(`${app.baseUrl}/console/projects/${slug}`);
  await checkPage(journey, 'project-empty');
  await page.getByRole('link', { name: 'Create server' }).first().click();
  await page.waitForURL(/\/servers\/new$/);
  await page.locator('input[name="product_id"]').first().check();
  await page.locator('input[name="location"]').first().check();
  await page.getByLabel('Hostname').fill('web-1');
  await page.getByLabel('New key name').fill('laptop');
  await page.getByLabel('New public key').fill(ed25519Key('laptop'));
  await checkPage(journey, 'create-server');
  await page.getByRole('button', { name: 'Create server' }).click();

  // Too little credit: the order waits for its invoice, which is paid by card here.
  await page.waitForURL(/\/console\/invoices\/\d+/, WAIT);
  const orders = await app.api(`/projects/${slug}/orders/`, { key: user.key });
  assert.equal(listOf(orders.body).length, 1, 'one order, placed once');
  const order = listOf(orders.body)[0];
  assert.equal(order.status, 'awaiting_payment');
  assert.equal(order.request.hostname, 'web-1');
  assert.equal(order.request.ssh_keys.length, 1, 'the key added on the form goes with the order');
  await checkPage(journey, 'invoice');
  await payByCard(page);

  // The new server's row follows its order until it runs, without a reload.
  await page.goto(`${app.baseUrl}/console/projects/${slug}`);
  const serverRow = page.locator('tr', { hasText: 'web-1' }).first();
  await serverRow.locator('[data-state="running"]').waitFor(WAIT);
  const delivered = await eventually(async () => {
    const current = await app.api(`/projects/${slug}/orders/${order.id}/`, { key: user.key });
    return current.body.status === 'completed' ? current.body : null;
  }, 30_000, 100);
  const serverId: string = delivered.server_id;
  assert.equal((await app.api(`/projects/${slug}/servers/${serverId}/`, { key: user.key })).body.status, 'running');
  await checkPage(journey, 'project');

  // Rename.
  await serverRow.getByRole('link', { name: 'web-1' }).click();
  await page.waitForURL(new RegExp(`/servers/${serverId}$`));
  await checkPage(journey, 'server');
  await openTab(page, 'Settings');
  await page.getByLabel('Hostname').fill('web-2');
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('status').filter({ hasText: 'web-2' }).waitFor(WAIT);
  assert.equal((await app.api(`/projects/${slug}/servers/${serverId}/`, { key: user.key })).body.hostname, 'web-2');
  await checkPage(journey, 'server-settings');

  // A firewall rule, and the same rule again.
  await page.getByRole('navigation', { name: /^Project/ }).getByRole('link', { name: 'Firewalls' }).click();
  await page.getByLabel('Name').fill('web');
  await page.getByRole('button', { name: 'Create group' }).click();
  await page.waitForURL(/\/firewalls\/\d+$/, WAIT);
  const addRule = async () => {
    await page.getByLabel('Protocol').selectOption('tcp');
    await page.getByLabel('Port', { exact: true }).fill('22');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.waitForLoadState('load');
  };
  await addRule();
  await addRule();
  await page.getByRole('alert').filter({ hasText: 'This rule already exists' }).waitFor(WAIT);
  const groups = await app.api(`/projects/${slug}/firewall-groups/`, { key: user.key });
  const group = listOf(groups.body).find((candidate: Json) => candidate.name === 'web');
  assert.equal(group.rules.length, 1, 'the duplicate was not added');
  assert.equal(group.rules[0].port_min, 22);
  await page.getByLabel('Server', { exact: true }).selectOption({ label: 'web-2' });
  await page.getByRole('button', { name: 'Attach group' }).click();
  await page.locator('#firewall-servers [data-state="applied"], [data-state="applied"]').first().waitFor(WAIT);
  const attached = await app.api(`/projects/${slug}/servers/${serverId}/`, { key: user.key });
  assert.deepEqual(attached.body.firewall_groups, [group.id]);
  await checkPage(journey, 'firewall');

  // IPv6, and a name for an address inside its subnet.
  await page.goto(`${app.baseUrl}/console/projects/${slug}/servers/${serverId}/networking`);
  await page.getByRole('button', { name: 'Enable IPv6' }).click();
  const subnet: string = await eventually(async () => {
    const current = await app.api(`/projects/${slug}/servers/${serverId}/`, { key: user.key });
    return current.body.network.ipv6[0]?.subnet ?? null;
  }, 30_000, 100);
  await page.getByLabel('Address', { exact: true }).first().waitFor(WAIT);
  const address = subnet.replace(/::\/\d+$/, '::25');
  await page.locator('#ipv6-other-address').fill(address);
  await page.locator('#ipv6-other-ptr').fill('mail.example.com');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('status').waitFor(WAIT);
  const ptr = await app.api(`/projects/${slug}/servers/${serverId}/reverse-dns/${address}/`, { key: user.key });
  assert.equal(ptr.status, 200, JSON.stringify(ptr.body));
  assert.equal(ptr.body.ptr, 'mail.example.com');
  await checkPage(journey, 'server-networking');

  // A snapshot.
  await openTab(page, 'Snapshots & ISO');
  await page.getByLabel('Description').fill('before resize');
  await page.getByRole('button', { name: 'Take snapshot' }).click();
  await page.locator('tr', { hasText: 'before resize' }).locator('[data-state="completed"]').waitFor(WAIT);
  const snapshots = await app.api(`/projects/${slug}/snapshots/`, { key: user.key });
  assert.ok(listOf(snapshots.body).some((snapshot: Json) => snapshot.name === 'before resize' && snapshot.status === 'completed'));
  await checkPage(journey, 'server-snapshots');

  // A bigger plan: the credit does not cover it, so its invoice is paid by card.
  await openTab(page, 'Plan & traffic');
  await page.locator('input[name="product_id"]').first().check();
  await confirmClick(page, page.getByRole('button', { name: 'Order plan change' }), 'Order plan change');
  await page.waitForURL(/\/console\/invoices\/\d+/, WAIT);
  await payByCard(page);
  await eventually(async () => {
    const upgrades = await app.api(`/projects/${slug}/orders/`, { key: user.key });
    return listOf(upgrades.body).some((candidate: Json) => candidate.type === 'upgrade' && candidate.status === 'completed');
  }, 30_000, 100);

  // The overview has the project's actions and servers, and the invoices say what they were for.
  await page.goto(`${app.baseUrl}/console/overview`);
  await checkPage(journey, 'overview');
  await page.goto(`${app.baseUrl}/console/invoices`);
  await checkPage(journey, 'invoices');

  // The same pages at a phone's width.
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.page.goto(`${app.baseUrl}/console/login`);
  await signIn(phone.page, user.email);
  await phone.page.waitForURL(/\/console\/overview$/);
  const phoneIssues: string[] = [];
  for (const [name, path] of journey.visited) {
    await phone.page.goto(`${app.baseUrl}${path}`);
    for (const problem of await phoneProblems(phone.page)) phoneIssues.push(`${name} (${path}): ${problem}`);
    journey.audit.set(`phone ${name}`, await accessibilityProblems(phone.page));
    await screenshot(phone.page, `journey-phone-${name}`);
  }
  assert.deepEqual(phoneIssues, [], 'every page fits a phone and every action on it can be reached');

  // Reinstall, after confirming.
  await page.goto(`${app.baseUrl}/console/projects/${slug}/servers/${serverId}/settings`);
  await confirmClick(page, page.getByRole('button', { name: 'Reinstall' }), 'Reinstall');
  const reinstall = await latestAction(journey, serverId, 'server.reinstall');
  assert.equal(reinstall.status, 'success', JSON.stringify(reinstall));

  // Delete now, after confirming: the server is gone from the API.
  await page.goto(`${app.baseUrl}/console/projects/${slug}/servers/${serverId}/settings`);
  await confirmClick(page, page.getByRole('button', { name: 'Delete now' }), 'Delete now');
  await eventually(async () => (await app.api(`/projects/${slug}/servers/${serverId}/`, { key: user.key })).status === 404, 30_000, 100);

  for (const { outsideRequests, pageErrors } of [desktop, phone]) {
    assert.deepEqual(outsideRequests, [], 'nothing is fetched from outside the machine');
    const errors = pageErrors.filter((text) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text));
    assert.deepEqual(errors, [], 'no script error and no Content-Security-Policy refusal');
  }
  for (const [name, problems] of journey.audit) assert.deepEqual(problems, [], `axe: no serious or critical violation on ${name}`);
  t.diagnostic(`axe checked ${journey.audit.size} page states`);
});
