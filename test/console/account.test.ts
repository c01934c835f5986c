// The console's account area over HTTP like a browser: changing the password
// (the current one asked, the API's rules, throttled, every other session
// signed out), the list of signed-in sessions and signing out everywhere
// else (never an id on the page), and two-factor sign-in with TOTP codes
// computed here with otpauth (RFC 6238) as an authenticator app would:
// turning it on with a code and the password, recovery codes shown once, the second step of
// sign-in, wrong and reused codes refused and throttled, a recovery code
// good once, turning it off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { SESSION_COOKIE } from '../../src/console/console.plugin.ts';
import { SECOND_STEP_MS, SIGN_IN_THROTTLE } from '../../src/modules/console-sessions/index.ts';
import { hashToken } from '../../src/secrets.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText, type ConsoleClient, type PageResult } from '../helpers/console.ts';
import { assertOneHeading, flash, followRedirect, page, PASSWORD, signedInUser } from './console-world.ts';

const NEW_PASSWORD = 'a new and longer passphrase';

async function advanceClock(app: TestApp, seconds: number): Promise<void> {
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
}

function assertSentToSignIn(result: PageResult, label: string): void {
  assert.equal(result.status, 303, `${label}: ${visibleText(result.html)}`);
  assert.match(result.location ?? '', /^\/console\/login(\?|$)/, label);
}

async function changePassword(browser: ConsoleClient, fields: Record<string, string>): Promise<PageResult> {
  await page(browser, '/console/account');
  return browser.post('/console/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD, new_password_again: NEW_PASSWORD, ...fields });
}

/** The code an authenticator app shows now by cloudplane's clock (or `stepsLater` steps of 30 s on). */
function codeFor(app: TestApp, secret: string, stepsLater = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: app.app.clock.now().getTime() + stepsLater * 30_000 });
}

/** Turns two-factor sign-in on as a user would: reads the key off the page, enters the app's code. */
async function turnOnTwoFactor(app: TestApp, browser: ConsoleClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await page(browser, '/console/account/two-factor');
  const secret = /<code id="totp-secret"[^>]*>([^<]+)<\/code>/.exec(setup.html)?.[1]?.replace(/\s+/g, '');
  assert.ok(secret, 'the key is on the page for typing by hand');
  const enabled = await browser.post('/console/account/two-factor/enable', { code: codeFor(app, secret), password: PASSWORD });
  assert.equal(enabled.status, 201, visibleText(enabled.html));
  const recoveryCodes = [...enabled.html.matchAll(/<li class="col"><code>([0-9A-Z-]+)<\/code><\/li>/g)].map((match) => match[1]!);
  return { secret, recoveryCodes };
}

/** Signs in with the password; with two-factor sign-in on, that is the first step only. */
async function passwordStep(app: TestApp, email: string): Promise<ConsoleClient> {
  const browser = consoleClient(app);
  const first = await browser.signIn(email, PASSWORD);
  assert.equal(first.status, 303, visibleText(first.html));
  assert.equal(first.location, '/console/login/code', 'the code is asked next');
  assert.equal((await browser.get('/console/login/code')).status, 200);
  return browser;
}

function sessionId(browser: ConsoleClient): string {
  const id = browser.cookies.get(SESSION_COOKIE);
  assert.ok(id, 'the browser has a session cookie');
  return id;
}

test('changing the password asks for the current one, signs every other session out and keeps this one', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const elsewhere = consoleClient(app);
  assert.equal((await elsewhere.signIn(me.email, PASSWORD)).status, 303);

  const form = await page(me.browser, '/console/account');
  assertOneHeading(form.html);
  assert.match(form.html, /<label class="form-label" for="current_password">Current password<\/label>/);

  const wrong = await changePassword(me.browser, { current_password: 'not my password' });
  assert.equal(wrong.status, 401, visibleText(wrong.html));
  assert.equal(flash(wrong.html)?.text, 'Your password was not changed. Current password: the password is wrong.');
  assert.match(wrong.html, /<input [^>]*id="current_password"[^>]*aria-invalid="true"/);
  assert.equal((await elsewhere.get('/console/account')).status, 200, 'nothing changed: the other session is still in');

  const changed = await changePassword(me.browser, {});
  assert.equal(changed.location, '/console/account');
  assert.deepEqual(flash((await followRedirect(me.browser, changed)).html), { kind: 'success', text: 'Your password was changed. 1 other session was signed out.' });
  assertSentToSignIn(await elsewhere.get('/console/account'), 'the other session');
  assert.equal((await me.browser.get('/console/account')).status, 200, 'this session stays signed in');

  assert.equal((await consoleClient(app).signIn(me.email, PASSWORD)).status, 401, 'the old password no longer works');
  assert.equal((await consoleClient(app).signIn(me.email, NEW_PASSWORD)).status, 303, 'the new one does');
});

test('a new password follows the API’s rules (8 to 200 characters), typed twice; refused, nothing changes', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const cases: [string, Record<string, string>, RegExp][] = [
    ['too short', { new_password: 'short', new_password_again: 'short' }, /New password: use at least 8 characters/],
    ['too long', { new_password: 'x'.repeat(201), new_password_again: 'x'.repeat(201) }, /New password: use at most 200 characters/],
    ['typed differently', { new_password_again: `${NEW_PASSWORD}!` }, /New password again: type the same new password twice/],
    ['the same as now', { new_password: PASSWORD, new_password_again: PASSWORD }, /New password: choose a password other than the current one/],
  ];
  for (const [label, fields, message] of cases) {
    const refused = await changePassword(me.browser, fields);
    assert.equal(refused.status, 400, `${label}: ${visibleText(refused.html)}`);
    assert.match(flash(refused.html)?.text ?? '', message, label);
    assert.doesNotMatch(visibleText(refused.html), /new_password/, `${label}: fields named as the form labels them`);
  }
  // 200 characters is allowed.
  const longest = 'p'.repeat(200);
  assert.equal((await changePassword(me.browser, { new_password: longest, new_password_again: longest })).status, 303);
  assert.equal((await consoleClient(app).signIn(me.email, longest)).status, 303);
});

test('wrong current passwords count as failed sign-ins: past the limit even the right one is refused with 429', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  for (let attempt = 0; attempt < SIGN_IN_THROTTLE.perEmail; attempt += 1) {
    assert.equal((await changePassword(me.browser, { current_password: `guess ${attempt}` })).status, 401);
  }
  const throttled = await changePassword(me.browser, {});
  assert.equal(throttled.status, 429, visibleText(throttled.html));
  assert.ok(Number(throttled.headers.get('retry-after')) > 0);
  assert.match(flash(throttled.html)?.text ?? '', /Too many failed sign-ins; try again in 15 minutes/);
  await advanceClock(app, SIGN_IN_THROTTLE.windowMs / 1000 + 1);
  assert.equal((await consoleClient(app).signIn(me.email, NEW_PASSWORD)).status, 401, 'the password did not change');
  assert.equal((await consoleClient(app).signIn(me.email, PASSWORD)).status, 303);
});

test('the sessions page lists where the user is signed in, marks this one, shows no id, and signs out everywhere else', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const phone = consoleClient(app);
  assert.equal((await phone.signIn(me.email, PASSWORD)).status, 303);
  const stranger = await signedInUser(app);

  const listed = await page(me.browser, '/console/account/sessions');
  assertOneHeading(listed.html);
  const rows = [...listed.html.matchAll(/<tr( class="current-session")?>([\s\S]*?)<\/tr>/g)].filter((row) => row[2]!.includes('<td'));
  assert.equal(rows.length, 2, 'two sessions of this user, none of the other user');
  assert.equal(rows.filter((row) => row[1]).length, 1, 'one marked as this session');
  assert.match(visibleText(rows[0]![2]!), /This session/);
  assert.match(visibleText(rows[0]![2]!), /127\.0\.0\.1/);
  for (const id of [sessionId(me.browser), sessionId(phone)]) {
    assert.ok(!listed.html.includes(id), 'no session id on the page');
    assert.ok(!listed.html.includes(hashToken(id)), 'nor its hash');
  }
  assert.match(listed.html, /<form method="post" action="\/console\/account\/sessions\/sign-out-others"[^>]* data-confirm="Sign out the other session\? Only this browser stays signed in\."/);

  const signedOut = await me.browser.post('/console/account/sessions/sign-out-others', {});
  assert.equal(signedOut.location, '/console/account/sessions');
  const after = await followRedirect(me.browser, signedOut);
  assert.deepEqual(flash(after.html), { kind: 'success', text: 'Signed out everywhere else: 1 other session ended.' });
  assertSentToSignIn(await phone.get('/console/projects'), 'the other session');
  assert.equal((await stranger.browser.get('/console/projects')).status, 200, 'another user’s session is untouched');
  assert.match(visibleText(after.html), /You are signed in only here/);
});

test('two-factor sign-in: turned on with a code from the app, recovery codes shown once, then sign-in asks for a code', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);

  const setup = await page(me.browser, '/console/account/two-factor');
  assertOneHeading(setup.html);
  assert.match(setup.html, /<img class="qr-code[^"]*" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" width="220" height="220" alt="QR code/);
  const secret = /<code id="totp-secret"[^>]*>([^<]+)<\/code>/.exec(setup.html)![1]!.replace(/\s+/g, '');
  // The QR code is the otpauth:// URI of that key.
  const svg = Buffer.from(/src="data:image\/svg\+xml;base64,([^"]+)"/.exec(setup.html)![1]!, 'base64').toString();
  assert.match(svg, /^<svg /);
  // A reload shows the same key (the app may have read it already).
  assert.ok((await page(me.browser, '/console/account/two-factor')).html.includes(/<code id="totp-secret"[^>]*>([^<]+)<\/code>/.exec(setup.html)![1]!));

  const wrong = await me.browser.post('/console/account/two-factor/enable', { code: codeFor(app, secret, 5), password: PASSWORD });
  assert.equal(wrong.status, 400, visibleText(wrong.html));
  assert.match(flash(wrong.html)?.text ?? '', /Two-factor sign-in is still off\. Code: the code is wrong/);
  // The password is asked too: a session left open cannot tie the account to another phone.
  const noPassword = await me.browser.post('/console/account/two-factor/enable', { code: codeFor(app, secret), password: 'not mine' });
  assert.equal(noPassword.status, 401, visibleText(noPassword.html));
  assert.match(flash(noPassword.html)?.text ?? '', /Two-factor sign-in is still off\. Password: the password is wrong/);
  assert.equal((await app.app.services.signIn.twoFactorState(me.userId)).enabled, false);

  const code = codeFor(app, secret);
  const enabled = await me.browser.post('/console/account/two-factor/enable', { code, password: PASSWORD });
  assert.equal(enabled.status, 201, visibleText(enabled.html));
  assert.equal(flash(enabled.html)?.text, 'Two-factor sign-in is on.');
  const recoveryCodes = [...enabled.html.matchAll(/<li class="col"><code>([0-9A-Z-]+)<\/code><\/li>/g)].map((match) => match[1]!);
  assert.equal(recoveryCodes.length, 10);
  assert.equal(new Set(recoveryCodes).size, 10);
  assert.equal(enabled.headers.get('cache-control'), 'no-store');

  // Sending the form again (a reload of that page) shows no codes and makes none.
  const again = await me.browser.post('/console/account/two-factor/enable', { code, password: PASSWORD });
  assert.equal(again.status, 409, visibleText(again.html));
  for (const recoveryCode of recoveryCodes) assert.ok(!again.html.includes(recoveryCode));
  const onPage = await page(me.browser, '/console/account/two-factor');
  assert.doesNotMatch(onPage.html, /id="totp-secret"/, 'the key is never shown again');
  assert.ok(!onPage.html.includes(secret));
  assert.match(visibleText(onPage.html), /Recovery codes left: 10 of 10/);
  // Stored as hashes only.
  const stored = await app.app.database.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', me.userId).execute();
  assert.equal(stored.length, 10);
  for (const row of stored) assert.ok(!recoveryCodes.some((recoveryCode) => row.code_hash.includes(recoveryCode)));

  // Signing in: the password is the first step; no page opens until the code.
  const browser = await passwordStep(app, me.email);
  assertSentToSignIn(await browser.get('/console/projects'), 'half signed in');
  // The code that turned it on was used in its step already: refused.
  const reused = await browser.post('/console/login/code', { code });
  assert.equal(reused.status, 401, visibleText(reused.html));
  assert.match(flash(reused.html)?.text ?? '', /The code is wrong, was already used, or has expired/);

  await advanceClock(app, 30);
  const next = await browser.post('/console/login/code', { code: codeFor(app, secret) });
  assert.equal(next.status, 303, visibleText(next.html));
  assert.equal(next.location, '/console/');
  assert.equal((await browser.get('/console/projects')).status, 200);
});

test('a code from the step before or after is accepted (clock drift); two steps off is not', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const { secret } = await turnOnTwoFactor(app, me.browser);
  await advanceClock(app, 120);

  const farOff = await passwordStep(app, me.email);
  assert.equal((await farOff.post('/console/login/code', { code: codeFor(app, secret, 2) })).status, 401);
  const late = await passwordStep(app, me.email);
  assert.equal((await late.post('/console/login/code', { code: codeFor(app, secret, -1) })).status, 303);
  const early = await passwordStep(app, me.email);
  assert.equal((await early.post('/console/login/code', { code: codeFor(app, secret, 1) })).status, 303);
  // Once a later step was used, an earlier code is no good.
  const older = await passwordStep(app, me.email);
  assert.equal((await older.post('/console/login/code', { code: codeFor(app, secret) })).status, 401);
});

test(`wrong codes are throttled like passwords: after ${SIGN_IN_THROTTLE.perEmail}, even the right code is refused with 429`, async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const { secret } = await turnOnTwoFactor(app, me.browser);
  await advanceClock(app, 30);

  const browser = await passwordStep(app, me.email);
  for (let attempt = 0; attempt < SIGN_IN_THROTTLE.perEmail; attempt += 1) {
    const wrong = await browser.post('/console/login/code', { code: String(100000 + attempt) });
    assert.equal(wrong.status, 401, visibleText(wrong.html));
  }
  const throttled = await browser.post('/console/login/code', { code: codeFor(app, secret) });
  assert.equal(throttled.status, 429, visibleText(throttled.html));
  assert.ok(Number(throttled.headers.get('retry-after')) > 0);
  assert.match(flash(throttled.html)?.text ?? '', /Too many failed sign-ins; try again in 15 minutes/);
  assertSentToSignIn(await browser.get('/console/projects'), 'not signed in');
  // The right password does not clear the count of wrong codes: sign-in itself is refused too.
  assert.equal((await consoleClient(app).signIn(me.email, PASSWORD)).status, 429);

  await advanceClock(app, SIGN_IN_THROTTLE.windowMs / 1000 + 1);
  const later = await passwordStep(app, me.email);
  assert.equal((await later.post('/console/login/code', { code: codeFor(app, secret) })).status, 303);
});

test('a recovery code signs in once, in place of the app’s code; new codes replace the old ones', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const { secret, recoveryCodes } = await turnOnTwoFactor(app, me.browser);

  const browser = await passwordStep(app, me.email);
  // Typed in lower case, without dashes: still the code.
  const signedIn = await browser.post('/console/login/code', { code: recoveryCodes[0]!.toLowerCase().replace(/-/g, ' ') });
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  assert.match(visibleText((await page(browser, '/console/account/two-factor')).html), /Recovery codes left: 9 of 10/);

  const twice = await passwordStep(app, me.email);
  assert.equal((await twice.post('/console/login/code', { code: recoveryCodes[0]! })).status, 401, 'used once already');
  assert.equal((await twice.post('/console/login/code', { code: recoveryCodes[1]! })).status, 303, 'another one works');

  await advanceClock(app, 30);
  await page(browser, '/console/account/two-factor');
  const renewed = await browser.post('/console/account/two-factor/recovery-codes', { code: codeFor(app, secret) });
  assert.equal(renewed.status, 201, visibleText(renewed.html));
  const fresh = [...renewed.html.matchAll(/<li class="col"><code>([0-9A-Z-]+)<\/code><\/li>/g)].map((match) => match[1]!);
  assert.equal(fresh.length, 10);
  const old = await passwordStep(app, me.email);
  assert.equal((await old.post('/console/login/code', { code: recoveryCodes[2]! })).status, 401, 'the old codes stopped working');
  assert.equal((await old.post('/console/login/code', { code: fresh[0]! })).status, 303);
});

test('the second step lasts a few minutes: after that the password is asked again', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const { secret } = await turnOnTwoFactor(app, me.browser);
  const browser = await passwordStep(app, me.email);
  await advanceClock(app, SECOND_STEP_MS / 1000 + 1);
  const late = await browser.post('/console/login/code', { code: codeFor(app, secret) });
  assert.equal(late.status, 303, visibleText(late.html));
  assert.match(late.location ?? '', /^\/console\/login\?next=/);
  assert.match(flash((await browser.get(late.location!)).html)?.text ?? '', /took too long/);
  assertSentToSignIn(await browser.get('/console/projects'), 'not signed in');
  // Without a password step first, the code page sends to sign-in.
  assertSentToSignIn(await consoleClient(app).get('/console/login/code'), 'no password given');
});

test('turning two-factor sign-in off needs the password and a code; then the password alone signs in', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  const { secret } = await turnOnTwoFactor(app, me.browser);
  await advanceClock(app, 30);

  const onPage = await page(me.browser, '/console/account/two-factor');
  assert.match(onPage.html, /<form method="post" action="\/console\/account\/two-factor\/disable"[^>]* data-confirm="Turn off two-factor sign-in\?/);
  const wrongPassword = await me.browser.post('/console/account/two-factor/disable', { password: 'nope', code: codeFor(app, secret) });
  assert.equal(wrongPassword.status, 401);
  assert.match(flash(wrongPassword.html)?.text ?? '', /Two-factor sign-in is still on\. Password: the password is wrong/);
  const wrongCode = await me.browser.post('/console/account/two-factor/disable', { password: PASSWORD, code: '000000' });
  assert.equal(wrongCode.status, 401);
  assert.equal((await app.app.services.signIn.twoFactorState(me.userId)).enabled, true);

  const disabled = await me.browser.post('/console/account/two-factor/disable', { password: PASSWORD, code: codeFor(app, secret) });
  assert.equal(disabled.status, 303, visibleText(disabled.html));
  assert.match(flash((await followRedirect(me.browser, disabled)).html)?.text ?? '', /Two-factor sign-in is off/);
  const stored = await app.app.database.db.selectFrom('recovery_codes').select('id').where('user_id', '=', me.userId).execute();
  assert.deepEqual(stored, []);

  const signedIn = await consoleClient(app).signIn(me.email, PASSWORD);
  assert.equal(signedIn.status, 303);
  assert.equal(signedIn.location, '/console/');
});

test('the account pages are in the account section, with one heading each, and /console/profile is its API keys page', async (t) => {
  const app = await build(t, { worker: false });
  const me = await signedInUser(app);
  for (const [path, heading] of [
    ['/console/account', 'Account'],
    ['/console/account/sessions', 'Sessions'],
    ['/console/account/two-factor', 'Two-factor sign-in'],
    ['/console/profile', 'API keys'],
  ] as const) {
    const shown = await page(me.browser, path);
    assertOneHeading(shown.html);
    assert.match(shown.html, new RegExp(`<h1>${heading}</h1>`), path);
    assert.match(shown.html, /<a href="\/console\/account" aria-current="page">/, `${path}: Account is the current section`);
    assert.match(shown.html, new RegExp(`<a class="nav-link active" href="${path}" aria-current="page">`), `${path}: its tab is current`);
  }
});
