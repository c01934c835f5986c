// The console's live parts in Debian's Chromium, driven by the project's
// event stream: the page opens one EventSource, and a change made elsewhere
// (through the API, by the provider) shows on the page at once. The parts
// here poll every 30 s at most, and not at all when nothing is unfinished, so
// a change that shows within a few seconds came by the stream. Then the
// project's audit log page, with axe-core, on a desktop and a phone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startOk, succeeded } from '../helpers/actions.ts';
import { build } from '../helpers/build.ts';
import { newPage, openBrowser, screenshot } from '../helpers/browser.ts';
import { placeServer } from '../helpers/world.ts';

const PASSWORD = 'correct horse battery staple';
/** Far below the 30 s fallback. */
const AT_ONCE = { timeout: 5_000 };

/** axe-core's serious and critical violations on the page as it is now. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a server page and a project page follow changes made elsewhere at once, through one EventSource; the audit log reads well', { timeout: 120_000 }, async (t) => {
  const app = await build(t);
  const user = await app.createUser({ password: PASSWORD });
  const slug = await app.createReadyProject(user.key, 'Live');
  const world = { app, slug, key: user.key, userId: user.userId };
  const server = await placeServer(world, { hostname: 'live-1' });
  const browser = await openBrowser(t);
  const { page, pageErrors, outsideRequests } = await newPage(browser);
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') streams.push(new URL(request.url()).pathname);
  });

  await page.goto(`${app.baseUrl}/console/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console\/overview$/);

  // Nothing is unfinished: the part does not poll, it waits for the stream.
  await page.goto(`${app.baseUrl}/console/projects/${slug}/servers/${server.id}`);
  assert.equal(await page.locator('#server-actions').getAttribute('hx-trigger'), 'live-refresh');
  await page.getByText('No actions yet.').waitFor();

  // A reboot through the API: its row comes and finishes on the page by itself.
  const reboot = await startOk(world, server.id, 'reboot');
  await succeeded(world, reboot.id);
  await page.locator('#server-actions tr', { hasText: 'Reboot' }).locator('[data-state="success"]').waitFor(AT_ONCE);

  // A shutdown through the API: the status badge and the power buttons follow (the fragment's out-of-band parts).
  const shutdown = await startOk(world, server.id, 'shutdown');
  await succeeded(world, shutdown.id);
  await page.locator('#server-status [data-state="stopped"]').waitFor(AT_ONCE);
  await page.getByRole('button', { name: 'Power on' }).waitFor(AT_ONCE);
  await screenshot(page, 'live-server');

  // The project's page: a server the provider places appears in the table.
  await page.goto(`${app.baseUrl}/console/projects/${slug}`);
  assert.equal(await page.locator('#project-servers').getAttribute('hx-trigger'), 'live-refresh');
  await placeServer(world, { hostname: 'live-2' });
  await page.locator('#project-servers tr', { hasText: 'live-2' }).waitFor(AT_ONCE);

  assert.deepEqual(streams, [`/console/projects/${slug}/events`, `/console/projects/${slug}/events`], 'one stream per page with live parts');

  // The audit log has the changes made above; readable, and it fits a phone.
  await page.getByRole('navigation', { name: /^Project/ }).getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL(/\/audit-log$/);
  await page.getByRole('cell', { name: /^Server action: Shutdown/ }).waitFor(AT_ONCE);
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'live-audit-log');
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scrolling');
  assert.deepEqual(await accessibilityProblems(page), []);
  await screenshot(page, 'live-audit-log-phone');
  assert.equal(streams.length, 2, 'a page without live parts opens no stream');
  assert.deepEqual(pageErrors, [], 'no script or CSP error');
  assert.deepEqual(outsideRequests, []);
});
