// A real browser for the tests: Debian's Chromium driven by playwright-core
// (Playwright's own browser download does not work here; npm test installs
// the chromium package). Every request that would leave the machine is
// refused and recorded, so a page that needs the internet fails its test.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/** Screenshots are written here as test artifacts (not committed). */
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

// Without the background-networking switches Chromium keeps calling home, which this closed network refuses.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface BrowserPage {
  page: Page;
  /** Requests to anywhere but 127.0.0.1, refused. */
  outsideRequests: string[];
  /** Console errors and failed page scripts (a CSP refusal shows up here). */
  pageErrors: string[];
}

/** How long a browser gets to close before its process is killed: a wedged Chromium must not hold up the test run. */
const CLOSE_WITHIN_MS = 10_000;

/**
 * A Chromium for this test, closed when it ends. It is launched as a server and
 * connected to, which leaves the test its process: if a graceful close does
 * not end within CLOSE_WITHIN_MS, the process is killed.
 */
export async function openBrowser(t: TestContext): Promise<Browser> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const browser = await chromium.connect(server.wsEndpoint());
  t.after(async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WITHIN_MS)));
    await Promise.race([browser.close().then(() => server.close()), late]);
    clearTimeout(timer);
    // Nothing to do when the graceful close has ended the process.
    await server.kill();
  });
  return browser;
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<BrowserPage> {
  const context = await browser.newContext({ viewport });
  const outsideRequests: string[] = [];
  const pageErrors: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.protocol === 'data:') return route.continue();
    outsideRequests.push(url.href);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, outsideRequests, pageErrors };
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? false });
  return path;
}
