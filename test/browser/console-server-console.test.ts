// A server's Console tab in Debian's Chromium (playwright-core), on the
// simulator's serial console: sign in, open the tab, Connect, press Enter for
// the login prompt, log in as root with the password a reset made, and ask
// the shell its hostname, all through xterm.js and the WebSocket. Then a
// reload connects again, a second tab of the same server takes the session
// over (the first says so), the terminal's size reaches the server and
// follows the window, and a server that stops ends the session and refuses
// the next Connect in the service's words. axe-core on the tab at a desktop's
// and a phone's width, no sideways scrolling at 390 px, and no script error
// and no CSP refusal anywhere (xterm.js's own styles included).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startOk, succeeded, waitFor } from '../helpers/actions.ts';
import { build, eventually } from '../helpers/build.ts';
import { newPage, openBrowser, screenshot, type BrowserPage } from '../helpers/browser.ts';
import { BASE_ORDER, orderServer, waitForOrder } from '../helpers/orders.ts';

const PASSWORD = 'correct horse battery staple';
const HOSTNAME = 'shell-1';
/** The simulator answers at once; this bounds each wait for the terminal to show something. */
const TERMINAL_WAIT_MS = 10_000;

/** axe-core's serious and critical violations on the page as it is now. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/console/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console\/overview$/);
}

/** The terminal's rows as drawn (xterm.js's DOM renderer), one line each, trailing blanks dropped. */
async function terminalLines(page: Page): Promise<string[]> {
  const rows = await page.locator('#server-terminal .xterm-rows > div').allTextContents();
  return rows.map((row) => row.replace(/\u00a0/g, ' ').trimEnd());
}

/** Waits (bounded) until the terminal shows a line that matches; answers all its lines. */
async function waitForLine(page: Page, pattern: RegExp): Promise<string[]> {
  return eventually(async () => {
    const lines = await terminalLines(page);
    return lines.some((line) => pattern.test(line)) ? lines : null;
  }, TERMINAL_WAIT_MS, 50).catch(async (error: Error) => {
    throw new Error(`${error.message}: no line matching ${pattern} in ${JSON.stringify(await terminalLines(page))}`);
  });
}

/** How many lines match: to tell a new prompt from one already there. */
async function countLines(page: Page, pattern: RegExp): Promise<number> {
  return (await terminalLines(page)).filter((line) => pattern.test(line)).length;
}

/** Types a line into the terminal (it has the focus once connected) and presses Enter. */
async function typeLine(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const statusText = async (page: Page) => ((await page.locator('#server-console-status').textContent()) ?? '').trim();

/** Presses Connect and waits until the session is open. */
async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByRole('status').filter({ hasText: 'Connected. Press Enter for the login prompt.' }).waitFor({ timeout: TERMINAL_WAIT_MS });
  await page.getByRole('button', { name: 'Disconnect' }).waitFor();
}

/** Logs in as root on a connected terminal showing the login prompt. */
async function logIn(page: Page, password: string): Promise<void> {
  await waitForLine(page, new RegExp(`^${HOSTNAME} login:$`));
  await typeLine(page, 'root');
  await waitForLine(page, /^Password:$/);
  await typeLine(page, password);
  await waitForLine(page, new RegExp(`^root@${HOSTNAME}:~#$`));
}

/** What `stty size` says on a logged-in terminal: the size the page last sent. */
async function sttySize(page: Page): Promise<{ rows: number; columns: number }> {
  const before = await countLines(page, /^\d+ \d+$/);
  await typeLine(page, 'stty size');
  const lines = await eventually(async () => {
    const now = await terminalLines(page);
    return now.filter((line) => /^\d+ \d+$/.test(line)).length > before ? now : null;
  }, TERMINAL_WAIT_MS, 50);
  const [rows, columns] = lines.filter((line) => /^\d+ \d+$/.test(line)).at(-1)!.split(' ').map(Number) as [number, number];
  return { rows, columns };
}

test('the Console tab: log in on the serial console, reconnect, a second tab takes over, the size follows the window; axe at desktop and phone width', { timeout: 180_000 }, async (t) => {
  const app = await build(t);
  const user = await app.createUser({ password: PASSWORD, credit: '100.00' });
  const slug = await app.createReadyProject(user.key, 'Shell');
  const world = { app, slug, key: user.key, userId: user.userId };
  const ordered = await orderServer(world, { ...BASE_ORDER, hostname: HOSTNAME });
  assert.equal(ordered.status, 201, JSON.stringify(ordered.body));
  const serverId: string = (await waitForOrder(world, ordered.body.id, ['completed'])).server_id;
  const reset = await waitFor(world, (await startOk(world, serverId, 'reset_password')).id, ['success']);
  const password = String(reset.result.root_password);
  const tabUrl = `${app.baseUrl}/console/projects/${slug}/servers/${serverId}/console`;
  const browser = await openBrowser(t);
  const audit = new Map<string, string[]>();
  const pages: BrowserPage[] = [];

  // Sign in, open the server, then its Console tab.
  const first = await newPage(browser);
  pages.push(first);
  const { page } = first;
  await signIn(page, app.baseUrl, user.email);
  await page.goto(`${app.baseUrl}/console/projects/${slug}/servers/${serverId}`);
  await page.getByRole('navigation', { name: 'Server' }).getByRole('link', { name: 'Console' }).click();
  await page.waitForURL(tabUrl);
  await page.getByText('Press Enter for the login prompt.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Disconnect' }).isVisible(), false, 'nothing to disconnect yet');
  audit.set('console tab', await accessibilityProblems(page));

  // Connect; Enter brings the login prompt again; root logs in with the reset's password; the shell knows its name.
  await connect(page);
  await waitForLine(page, new RegExp(`^Debian GNU/Linux 12 ${HOSTNAME} ttyS0$`));
  const prompts = await countLines(page, /login:$/);
  assert.ok(prompts >= 1, 'the prompt as soon as it is attached');
  await page.keyboard.press('Enter');
  await eventually(async () => (await countLines(page, /login:$/)) > prompts, TERMINAL_WAIT_MS, 50);
  await logIn(page, password);
  assert.ok(!(await terminalLines(page)).some((line) => line.includes(password)), 'the password is not echoed');
  await typeLine(page, 'hostname');
  const afterHostname = await waitForLine(page, new RegExp(`^${HOSTNAME}$`));
  assert.ok(afterHostname.includes(`root@${HOSTNAME}:~# hostname`), JSON.stringify(afterHostname));
  // The rows are drawn in a fixed-width font, as xterm.js computed it (its styles reached the page despite the CSP).
  const rowsStyle = await page.locator('#server-terminal .xterm-rows').evaluate((rows) => ({ whiteSpace: getComputedStyle(rows).whiteSpace, font: getComputedStyle(rows).fontFamily }));
  assert.equal(rowsStyle.whiteSpace, 'pre');
  assert.match(rowsStyle.font, /monospace/);
  const evidence = await screenshot(page, 'console-tab-connected');
  t.diagnostic(`screenshot of the connected Console tab: ${evidence}`);
  audit.set('console tab, connected', await accessibilityProblems(page));

  // The terminal's size reached the server: as many rows as it draws.
  const drawnRows = await page.locator('#server-terminal .xterm-rows > div').count();
  const desktopSize = await sttySize(page);
  assert.equal(desktopSize.rows, drawnRows, `stty size ${JSON.stringify(desktopSize)}`);

  // A reload ends the session; Connect opens a new one, at the login prompt again.
  await page.reload();
  await connect(page);
  await waitForLine(page, new RegExp(`^${HOSTNAME} login:$`));
  assert.ok(!(await terminalLines(page)).some((line) => line.includes('root@')), 'a new session, not the old one');

  // A second tab of the same server connects: the first is told it was taken over, and may connect again.
  const secondTab = await page.context().newPage();
  const secondErrors: string[] = [];
  secondTab.on('console', (message) => message.type() === 'error' && secondErrors.push(message.text()));
  secondTab.on('pageerror', (error) => secondErrors.push(error.message));
  await secondTab.goto(tabUrl);
  await connect(secondTab);
  await waitForLine(secondTab, new RegExp(`^${HOSTNAME} login:$`));
  await page.getByRole('status').filter({ hasText: 'The session ended. Another console session of this server took over.' }).waitFor({ timeout: TERMINAL_WAIT_MS });
  await page.getByRole('button', { name: 'Connect' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Disconnect' }).isVisible(), false);
  audit.set('console tab, taken over', await accessibilityProblems(page));

  // On a phone: no sideways scrolling, axe passes, the terminal fits the screen and follows the window.
  const phone = await newPage(browser, { width: 390, height: 844 });
  pages.push(phone);
  await signIn(phone.page, app.baseUrl, user.email);
  await phone.page.goto(tabUrl);
  await connect(phone.page);
  await logIn(phone.page, password);
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the tab fits a phone's width (overflows by ${overflow}px)`);
  audit.set('phone console tab, connected', await accessibilityProblems(phone.page));
  const phoneEvidence = await screenshot(phone.page, 'console-tab-phone', { fullPage: true });
  t.diagnostic(`screenshot of the Console tab at 390 px: ${phoneEvidence}`);
  const phoneSize = await sttySize(phone.page);
  assert.ok(phoneSize.columns < desktopSize.columns && phoneSize.columns >= 20, `narrower on a phone: ${JSON.stringify(phoneSize)} against ${JSON.stringify(desktopSize)}`);
  await phone.page.setViewportSize({ width: 900, height: 844 });
  const widerSize = await sttySize(phone.page);
  assert.ok(widerSize.columns > phoneSize.columns, `refitted to the wider window: ${JSON.stringify(widerSize)} after ${JSON.stringify(phoneSize)}`);
  await phone.page.setViewportSize({ width: 390, height: 844 });
  await eventually(async () => (await sttySize(phone.page)).columns === phoneSize.columns, TERMINAL_WAIT_MS, 100);

  // The server stops: the session ends saying why, and Connect is refused in the service's words.
  await succeeded(world, (await startOk(world, serverId, 'power_off')).id);
  await phone.page.getByRole('status').filter({ hasText: 'The session ended. The server is stopped.' }).waitFor({ timeout: TERMINAL_WAIT_MS });
  await phone.page.getByRole('button', { name: 'Connect' }).click();
  await eventually(async () => /^The console did not open\. The server is stopped: its console opens only while it is running\.$/.test(await statusText(phone.page)), TERMINAL_WAIT_MS, 50);
  assert.equal(await phone.page.getByRole('button', { name: 'Connect' }).isEnabled(), true, 'Connect is back');
  audit.set('phone console tab, refused', await accessibilityProblems(phone.page));

  for (const { outsideRequests, pageErrors } of pages) {
    assert.deepEqual(outsideRequests, [], 'nothing is fetched from outside the machine');
    // The refused Connect answers 409 on purpose; Chromium logs every 4xx answer as a failed load.
    assert.deepEqual(pageErrors.filter((text) => !/^Failed to load resource: the server responded with a status of 409/.test(text)), [], 'no script error and no Content-Security-Policy refusal');
  }
  assert.deepEqual(secondErrors, [], 'no script error and no Content-Security-Policy refusal in the second tab');
  for (const [name, problems] of audit) assert.deepEqual(problems, [], `axe: no serious or critical violation on ${name}`);
  t.diagnostic(`axe checked ${audit.size} states of the Console tab`);
});
