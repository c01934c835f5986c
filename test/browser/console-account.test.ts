// The account in Debian's Chromium: two-factor sign-in turned on by reading
// the key off the page and typing the code an authenticator app would show
// (computed here with otpauth, RFC 6238), a sign-in that asks for the code,
// wrong codes throttled like passwords; and an API key page that, reloaded
// (the browser sends its POST again), makes no second key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { SIGN_IN_THROTTLE } from '../../src/modules/console-sessions/index.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { newPage, openBrowser, screenshot } from '../helpers/browser.ts';

const PASSWORD = 'correct horse battery staple';

/** The code an authenticator app shows now, by cloudplane's clock. */
function codeFor(app: TestApp, secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: app.app.clock.now().getTime() });
}

async function seriousProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id} at ${page.url()}`);
}

async function passwordStep(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/console/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('two-factor sign-in with a code from an authenticator, wrong codes throttled; a reloaded key page makes no second key', { timeout: 120_000 }, async (t) => {
  const app = await build(t);
  const user = await app.createUser({ password: PASSWORD });
  const browser = await openBrowser(t);
  const { page, pageErrors, outsideRequests } = await newPage(browser);
  const problems: string[] = [];

  await passwordStep(page, app.baseUrl, user.email);
  await page.waitForURL(/\/console\/overview$/);

  // Turning it on: the key is read off the page, the code typed.
  await page.goto(`${app.baseUrl}/console/account/two-factor`);
  const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  assert.match(secret, /^[A-Z2-7]{16,}$/, 'the key is shown for typing by hand');
  problems.push(...(await seriousProblems(page)));
  await screenshot(page, 'account-two-factor-setup');
  await page.getByLabel('Code', { exact: true }).fill(codeFor(app, secret));
  await page.locator('#enable-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByText('recovery codes', { exact: false }).first().waitFor();
  problems.push(...(await seriousProblems(page)));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/console\/login/);

  // Signing in asks for the code after the password; the right one signs in.
  // The code of the step after this one: the one just used to turn it on cannot be used twice.
  await app.admin('/clock/advance', { method: 'POST', body: { seconds: 30 } });
  await passwordStep(page, app.baseUrl, user.email);
  await page.waitForURL(/\/console\/login\/code$/);
  problems.push(...(await seriousProblems(page)));
  await page.getByLabel('Code').fill(codeFor(app, secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/console\/overview$/);

  // Defect 2: the page that shows a new key, reloaded, sends its form again and makes no second key.
  await page.goto(`${app.baseUrl}/console/profile`);
  await page.getByLabel('Name', { exact: true }).fill('deploy');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.locator('#new-token').waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByText('not shown again', { exact: false }).first().waitFor();
  const keys = await app.api('/me/', { key: user.key });
  assert.equal(keys.status, 200);
  const listed = await app.app.services.apiKeys.listForUser(user.userId);
  assert.equal(listed.filter((key) => key.name === 'deploy').length, 1, 'one key, however often the form is sent');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Wrong codes count as failed sign-ins: past the limit even the right code waits.
  await app.admin('/clock/advance', { method: 'POST', body: { seconds: 30 } });
  await passwordStep(page, app.baseUrl, user.email);
  await page.waitForURL(/\/console\/login\/code$/);
  for (let attempt = 0; attempt < SIGN_IN_THROTTLE.perEmail; attempt += 1) {
    await page.getByLabel('Code').fill(String(100000 + attempt));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
  }
  await page.getByLabel('Code').fill(codeFor(app, secret));
  const throttled = page.waitForResponse((response) => response.url().endsWith('/console/login/code') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign in' }).click();
  assert.equal((await throttled).status(), 429);
  await page.getByRole('alert').filter({ hasText: /try again in \d+ minutes?\b/ }).waitFor();
  assert.doesNotMatch((await page.getByRole('alert').textContent()) ?? '', /minute\(s\)/);
  problems.push(...(await seriousProblems(page)));
  await screenshot(page, 'account-code-throttled');

  assert.deepEqual(problems, [], 'axe: no serious or critical violation');
  assert.deepEqual(outsideRequests, []);
  assert.deepEqual(pageErrors.filter((text) => !/status of 4\d\d/.test(text)), [], 'no script error and no CSP refusal');
});
