// Signing in to the console (DESIGN D15): one answer for a wrong password and
// an unknown e-mail, throttling per e-mail and per client address with
// Retry-After, forgotten after the window; the session cookie's attributes, a
// new session id at every sign-in, idle expiry and signing out; the way back
// after sign-in only inside the console; CSRF on the form; security headers.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { SESSION_COOKIE } from '../../src/console/console.plugin.ts';
import { SIGN_IN_THROTTLE } from '../../src/modules/console-sessions/index.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText, type ConsoleClient, type PageResult } from '../helpers/console.ts';

const PASSWORD = 'correct horse battery';

/** The message the sign-in page shows in its alert. */
function alertText(page: PageResult): string {
  const alert = /<div class="flash flash-error[^"]*" role="alert">([\s\S]*?)<\/div>/.exec(page.html);
  assert.ok(alert, `an alert on the page: ${visibleText(page.html)}`);
  return visibleText(alert[1]!);
}

/** The session cookie's Set-Cookie line in a response, split into its value and attributes. */
function sessionCookie(page: PageResult): { value: string; attributes: string[] } {
  const line = page.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(line, `a session cookie is set: ${JSON.stringify(page.headers.getSetCookie())}`);
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair!.slice(SESSION_COOKIE.length + 1), attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}

/** A second browser that only has a given session cookie value: does that session still open a page? */
async function openWithSession(app: TestApp, sessionId: string): Promise<PageResult> {
  const other = consoleClient(app);
  other.cookies.set(SESSION_COOKIE, sessionId);
  return other.get('/console/profile');
}

function assertSentToSignIn(page: PageResult, label: string): void {
  assert.equal(page.status, 303, `${label}: ${visibleText(page.html)}`);
  assert.match(page.location ?? '', /^\/console\/login(\?|$)/, label);
}

async function failSignIn(browser: ConsoleClient, email: string): Promise<PageResult> {
  const failed = await browser.signIn(email, 'not the password');
  assert.equal(failed.status, 401, visibleText(failed.html));
  return failed;
}

async function advanceClock(app: TestApp, seconds: number): Promise<void> {
  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds } });
  assert.equal(advanced.status, 200, JSON.stringify(advanced.body));
}

test('signing in with the password the operator set opens the console', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  const login = await browser.get('/console/login');
  assert.equal(login.status, 200);
  const signedIn = await browser.post('/console/login', { email: user.email, password: PASSWORD });
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  assert.equal(signedIn.location, '/console/');
  const profile = await browser.get('/console/profile');
  assert.equal(profile.status, 200);
  assert.ok(visibleText(profile.html).includes(user.email));
  // The e-mail is matched whatever its case.
  const again = consoleClient(app);
  assert.equal((await again.signIn(user.email.toUpperCase(), PASSWORD)).status, 303);
});

test('a wrong password and an unknown e-mail get the same 401 and the same message, and no session', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);

  const wrongPassword = await failSignIn(browser, user.email);
  const unknownEmail = await browser.signIn('nobody-here@example.com', PASSWORD);
  assert.equal(unknownEmail.status, wrongPassword.status);
  assert.equal(alertText(unknownEmail), alertText(wrongPassword));
  assert.match(alertText(wrongPassword), /e-mail address or the password is wrong/);
  assertSentToSignIn(await browser.get('/console/profile'), 'still signed out');
  // The e-mail typed is kept in the form; the password never is.
  assert.match(wrongPassword.html, new RegExp(`value="${user.email.replace(/[.+]/g, '\\$&')}"`));
  assert.ok(!wrongPassword.html.includes('not the password'));
});

test(`after ${SIGN_IN_THROTTLE.perEmail} failures for one e-mail, even the right password is refused with 429 and Retry-After`, async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const other = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  for (let attempt = 0; attempt < SIGN_IN_THROTTLE.perEmail; attempt += 1) await failSignIn(browser, user.email);

  const refused = await browser.signIn(user.email, PASSWORD);
  assert.equal(refused.status, 429, visibleText(refused.html));
  const retryAfter = Number(refused.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= SIGN_IN_THROTTLE.windowMs / 1000, `Retry-After ${retryAfter}`);
  assert.match(alertText(refused), /Too many failed sign-ins/);
  assertSentToSignIn(await browser.get('/console/profile'), 'not signed in');

  // The wait in words: "15 minutes", never "15 minute(s)".
  assert.match(alertText(refused), /try again in 15 minutes$/);
  assert.doesNotMatch(refused.html, /minute\(s\)/);

  // The limit is the e-mail's: another user at the same address signs in.
  assert.equal((await consoleClient(app).signIn(other.email, PASSWORD)).status, 303);
});

test(`${SIGN_IN_THROTTLE.perAddress} failures from one address over different e-mails lock that address out for every e-mail`, async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  for (let attempt = 1; attempt < SIGN_IN_THROTTLE.perAddress; attempt += 1) await failSignIn(browser, `guess-${attempt}@example.com`);
  // One short of the limit, a right password still gets in.
  assert.equal((await consoleClient(app).signIn(user.email, PASSWORD)).status, 303);

  await failSignIn(browser, `guess-${SIGN_IN_THROTTLE.perAddress}@example.com`);
  const refused = await consoleClient(app).signIn(user.email, PASSWORD);
  assert.equal(refused.status, 429, visibleText(refused.html));
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
});

test('a wait under a minute reads "1 minute", in the singular', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  for (let attempt = 0; attempt < SIGN_IN_THROTTLE.perEmail; attempt += 1) await failSignIn(browser, user.email);
  await advanceClock(app, SIGN_IN_THROTTLE.windowMs / 1000 - 30);

  const refused = await browser.signIn(user.email, PASSWORD);
  assert.equal(refused.status, 429, visibleText(refused.html));
  assert.ok(Number(refused.headers.get('retry-after')) <= 30, `Retry-After ${refused.headers.get('retry-after')}`);
  assert.match(alertText(refused), /try again in 1 minute$/);
});

test('failed sign-ins are forgotten once the 15-minute window has passed', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  for (let attempt = 0; attempt < SIGN_IN_THROTTLE.perEmail; attempt += 1) await failSignIn(browser, user.email);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 429);

  await advanceClock(app, SIGN_IN_THROTTLE.windowMs / 1000 + 1);
  const signedIn = await browser.signIn(user.email, PASSWORD);
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  assert.equal((await browser.get('/console/profile')).status, 200);
});

test('the session cookie is HttpOnly, SameSite=Lax, limited to /console and not Secure over http', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const cookie = sessionCookie(await consoleClient(app).signIn(user.email, PASSWORD));
  assert.ok(cookie.attributes.includes('httponly'), cookie.attributes.join('; '));
  assert.ok(cookie.attributes.includes('samesite=lax'), cookie.attributes.join('; '));
  assert.ok(cookie.attributes.includes('path=/console'), cookie.attributes.join('; '));
  assert.ok(!cookie.attributes.includes('secure'), cookie.attributes.join('; '));
});

test('under an https public URL the session cookie is Secure, and signing in works', async (t) => {
  const app = await build(t, { worker: false, config: { publicUrl: 'https://console.example' } });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  const signedIn = await browser.signIn(user.email, PASSWORD);
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  const cookie = sessionCookie(signedIn);
  assert.ok(cookie.attributes.includes('secure'), cookie.attributes.join('; '));
  assert.ok(cookie.attributes.includes('httponly'));
  assert.ok(cookie.attributes.includes('samesite=lax'));
  assert.ok(cookie.attributes.includes('path=/console'));
  assert.equal((await browser.get('/console/profile')).status, 200);
});

test('every sign-in starts a new session id, and the one before stops working', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  const login = await browser.get('/console/login');
  const beforeSignIn = sessionCookie(login).value;

  const first = sessionCookie(await browser.post('/console/login', { email: user.email, password: PASSWORD })).value;
  assert.notEqual(first, beforeSignIn);
  assert.equal((await openWithSession(app, first)).status, 200);

  // Signing in again from a signed-in page (its form token) replaces the session once more.
  await browser.get('/console/profile');
  const second = sessionCookie(await browser.post('/console/login', { email: user.email, password: PASSWORD })).value;
  assert.notEqual(second, first);
  assertSentToSignIn(await openWithSession(app, first), 'the earlier session');
  assertSentToSignIn(await openWithSession(app, beforeSignIn), 'the session from before sign-in');
  assert.equal((await openWithSession(app, second)).status, 200);
});

test('pages opened at once right after sign-in all carry form tokens that work', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 303);
  // Like tabs restored at once: each page renders a token before any has saved the session.
  const pages = await Promise.all(Array.from({ length: 6 }, () => browser.get('/console/projects')));
  const tokens = pages.map((page) => /name="_csrf" value="([^"]+)"/.exec(page.html)?.[1]);
  // Each token sends a form the console refuses for its content (no name), which changes nothing:
  // a refused token would answer 403 instead.
  for (const token of tokens) {
    assert.ok(token, 'every page has a form token');
    const sent = await browser.post('/console/projects', { _csrf: token, name: '' });
    assert.equal(sent.status, 400, visibleText(sent.html));
  }
});

test('a session unused for 12 hours by cloudplane’s clock is over; each request starts the 12 hours again', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 303);

  await advanceClock(app, 11 * 60 * 60);
  assert.equal((await browser.get('/console/profile')).status, 200, 'still open after 11 hours');
  await advanceClock(app, 11 * 60 * 60);
  assert.equal((await browser.get('/console/profile')).status, 200, 'the last request renewed it');

  await advanceClock(app, 12 * 60 * 60 + 1);
  const expired = await browser.get('/console/profile');
  assertSentToSignIn(expired, 'idle for 12 hours and a second');
  assert.equal(expired.location, '/console/login?next=%2Fconsole%2Fprofile');
});

/** A user signed in, with a page read (its form token is the signed-in session's), and the session id. */
async function signedInOnAPage(t: TestContext) {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  const session = sessionCookie(await browser.signIn(user.email, PASSWORD)).value;
  await browser.get('/console/profile');
  return { app, user, browser, session };
}

test('signing out ends the session: its cookie no longer opens a page', async (t) => {
  const { app, browser, session } = await signedInOnAPage(t);

  const signedOut = await browser.post('/console/logout', {});
  assert.equal(signedOut.status, 303, visibleText(signedOut.html));
  assert.equal(signedOut.location, '/console/login');
  assertSentToSignIn(await browser.get('/console/profile'), 'the same browser');
  assertSentToSignIn(await openWithSession(app, session), 'the old cookie value');
});

test('a request still answering when another tab signs out does not sign the session back in', async (t) => {
  const { app, user, browser, session } = await signedInOnAPage(t);
  const sessions = app.app.services.consoleSessions;
  // A page request read the session, then the other tab signed out before that request saved it back.
  const readByThePage = await sessions.load(session);
  assert.equal((readByThePage as { userId?: number }).userId, user.userId);
  assert.equal((await browser.post('/console/logout', {})).status, 303);
  await sessions.save(session, user.userId, readByThePage);

  assert.equal(await sessions.load(session), null);
  assertSentToSignIn(await openWithSession(app, session), 'the signed-out session');
  // Its row stays ended while others sign in and old rows are cleared.
  assert.equal((await consoleClient(app).signIn(user.email, PASSWORD)).status, 303);
  await sessions.save(session, user.userId, readByThePage);
  assertSentToSignIn(await openWithSession(app, session), 'after another sign-in');
});

test('a signed-out request for a page goes to sign-in and comes back to that page', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const browser = consoleClient(app);
  const asked = await browser.get('/console/profile');
  assert.equal(asked.status, 303);
  assert.equal(asked.location, '/console/login?next=%2Fconsole%2Fprofile');

  const login = await browser.get(asked.location);
  assert.match(login.html, /<input type="hidden" name="next" value="\/console\/profile">/);
  const signedIn = await browser.post('/console/login', { email: user.email, password: PASSWORD, next: '/console/profile' });
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  assert.equal(signedIn.location, '/console/profile');
});

test('after sign-in, a next outside the console goes to /console/ instead (no open redirect)', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });
  const elsewhere = ['https://evil.example', '//evil.example', '/api/v1/me', '/\\evil.example', '/console/../api/v1/me', 'javascript:alert(1)', '/consolex'];
  for (const next of elsewhere) {
    const browser = consoleClient(app);
    const login = await browser.get(`/console/login?next=${encodeURIComponent(next)}`);
    assert.match(login.html, /<input type="hidden" name="next" value="\/console\/">/, `the form carries /console/ for ${next}`);
    const signedIn = await browser.post('/console/login', { email: user.email, password: PASSWORD, next });
    assert.equal(signedIn.status, 303, `${next}: ${visibleText(signedIn.html)}`);
    assert.equal(signedIn.location, '/console/', next);
  }
});

test('a sign-in form without its CSRF token is refused with 403 and signs nobody in', async (t) => {
  const app = await build(t, { worker: false });
  const user = await app.createUser({ password: PASSWORD });

  // A browser that never read the form (a form on another site posting here).
  const stranger = consoleClient(app);
  const noSession = await stranger.post('/console/login', { email: user.email, password: PASSWORD });
  assert.equal(noSession.status, 403, visibleText(noSession.html));

  const browser = consoleClient(app);
  await browser.get('/console/login');
  for (const csrf of [null, 'not-the-token']) {
    const refused = await browser.post('/console/login', { email: user.email, password: PASSWORD, _csrf: csrf });
    assert.equal(refused.status, 403, visibleText(refused.html));
  }
  assertSentToSignIn(await browser.get('/console/profile'), 'not signed in');
});

test('the sign-in page has a strict Content-Security-Policy, cannot be framed and limits the Referer', async (t) => {
  const app = await build(t, { worker: false });
  const login = await consoleClient(app).get('/console/login');
  assert.equal(login.status, 200);
  const policy = login.headers.get('content-security-policy') ?? '';
  assert.match(policy, /script-src 'self'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.ok(!policy.includes('unsafe-inline'), policy);
  assert.ok(!policy.includes('unsafe-eval'), policy);
  assert.equal(login.headers.get('x-frame-options'), 'DENY');
  assert.ok(login.headers.get('referrer-policy'), 'a Referrer-Policy is sent');
  assert.equal(login.headers.get('cache-control'), 'no-store');
  // Nothing inline for the policy to have to allow.
  assert.doesNotMatch(login.html, /<script(?![^>]*\bsrc=)[^>]*>/);
  assert.doesNotMatch(login.html, /\sstyle="/);
});
