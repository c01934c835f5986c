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

export async function openBrowser(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  t.after(() => browser.close());
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

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
