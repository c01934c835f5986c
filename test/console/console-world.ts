// The fixture the console's project tests share: a user with a password and
// an API key who owns a ready project, signed in to the console. The API key
// is there so a test can check what the console did the way a client sees it.
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText, type ConsoleClient, type PageResult } from '../helpers/console.ts';
import type { World } from '../helpers/world.ts';

export const PASSWORD = 'correct horse battery staple';

export interface ConsoleWorld extends World {
  email: string;
  browser: ConsoleClient;
}

/** A signed-in console client for a new user; `project` names the ready project they own (none when left out). */
export async function signedInUser(app: TestApp, options: { project?: string; credit?: string } = {}): Promise<ConsoleWorld> {
  const user = await app.createUser({ password: PASSWORD, credit: options.credit });
  const slug = options.project === undefined ? '' : await app.createReadyProject(user.key, options.project);
  const browser = consoleClient(app);
  const signedIn = await browser.signIn(user.email, PASSWORD);
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  return { app, slug, key: user.key, userId: user.userId, email: user.email, browser };
}

/** Reads a page that must answer 200. */
export async function page(browser: ConsoleClient, path: string): Promise<PageResult> {
  const result = await browser.get(path);
  assert.equal(result.status, 200, `${path}: ${visibleText(result.html)}`);
  return result;
}

/** The message a redirect left, as the next page shows it. */
export async function followRedirect(browser: ConsoleClient, result: PageResult): Promise<PageResult> {
  assert.equal(result.status, 303, visibleText(result.html));
  assert.ok(result.location, 'a redirect names where to go');
  return browser.get(result.location);
}

/** The text of the page's flash message (success or error), or null. */
export function flash(html: string): { kind: string; text: string } | null {
  const match = /<div class="flash flash-(success|error)[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match ? { kind: match[1]!, text: visibleText(match[2]!) } : null;
}

/** Exactly one <h1> on every page. */
export function assertOneHeading(html: string): void {
  assert.equal(html.match(/<h1[\s>]/g)?.length ?? 0, 1, 'one h1 per page');
}
