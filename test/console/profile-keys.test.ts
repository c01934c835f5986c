// The API keys page of the console's account area (DESIGN D16), over HTTP
// like a browser: a key is made with the password asked again and its token
// shown once on a no-store page; sending the same form again (a reload of
// that page) makes no second key; bad input and a wrong password change
// nothing; revoking asks first, stops a key at once on both APIs and only the
// owner can; names are shown as text; last used and legacy access are shown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, eventually, type TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText, type ConsoleClient, type PageResult } from '../helpers/console.ts';
import { flash } from './console-world.ts';

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_TOKEN = /<code id="new-token" class="token">([^<]*)<\/code>/;
const TOKEN_SHAPE = /^cp_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;

async function signedInUser(app: TestApp, options: { legacy?: boolean } = {}) {
  const user = await app.createUser({ password: PASSWORD, ...options });
  const browser = consoleClient(app);
  const signedIn = await browser.signIn(user.email, PASSWORD);
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  return { user, browser };
}

const FORM_TOKEN = /<input type="hidden" name="form_token" value="([^"]+)">/;

/** The form fields as the page would send them, its one-time token included. */
async function keyFormOnPage(browser: ConsoleClient, fields: Record<string, string | null> = {}): Promise<Record<string, string | null>> {
  const profile = await browser.get('/console/profile');
  assert.equal(profile.status, 200, visibleText(profile.html));
  const formToken = FORM_TOKEN.exec(profile.html)?.[1];
  assert.ok(formToken, 'the key form carries a one-time token');
  return { name: 'deploy bot', expires: '30', password: PASSWORD, form_token: formToken, ...fields };
}

/** Opens the API keys page (as a user would, for its form tokens) and sends the create-key form. */
async function submitKeyForm(browser: ConsoleClient, fields: Record<string, string | null> = {}): Promise<PageResult> {
  return browser.post('/console/profile/keys', await keyFormOnPage(browser, fields));
}

function shownToken(page: PageResult): string {
  assert.equal(page.status, 201, visibleText(page.html));
  const token = NEW_TOKEN.exec(page.html)?.[1];
  assert.ok(token, 'the new token is on the page');
  assert.match(token, TOKEN_SHAPE);
  return token;
}

/** The public prefix a user sees in the key table: `cp_<lookup id>`. */
function prefixOf(token: string): string {
  return token.split('_').slice(0, 2).join('_');
}

/** The cells of the key table's row for a key, as a reader sees them; undefined when the key is not listed. */
function keyRow(html: string, prefix: string): { cells: string[]; revokeAction: string | undefined } | undefined {
  const row = html.split('<tr>').find((part) => part.includes(`<code>${prefix}</code>`));
  if (!row) return undefined;
  const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => visibleText(cell[1]!));
  return { cells, revokeAction: /<form method="post" action="([^"]+)"/.exec(row)?.[1] };
}

async function keyCount(app: TestApp, userId: number): Promise<number> {
  return (await app.app.services.apiKeys.listForUser(userId)).length;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

test('a key made on the profile page is shown once on a no-store page, works on the API, and is not shown again', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);

  const account = await browser.get('/console/account');
  assert.equal(account.status, 200);
  assert.match(visibleText(account.html), new RegExp(user.email.replace(/[.+]/g, '\\$&')));
  assert.match(visibleText(account.html), /Test User \d+/, 'the name is shown');

  const before = app.app.clock.now().getTime();
  const created = await submitKeyForm(browser, { name: 'deploy bot' });
  const token = shownToken(created);
  assert.equal(created.headers.get('cache-control'), 'no-store');
  assert.equal(occurrences(created.html, token), 1, 'the token is on the page exactly once');
  assert.match(created.html, /<button type="button" class="[^"]*" data-copy="new-token">Copy<\/button>/);
  assert.match(created.html, /<h1>API key created<\/h1>/);
  assert.equal(flash(created.html)?.text, 'The key “deploy bot” was created.');
  assert.match(created.html, /<span id="new-token-copied" role="status"><\/span>/);
  assert.match(visibleText(created.html), /will not be shown again/);
  assert.match(created.html, /href="\/console\/profile"/);

  const me = await app.api('/me/', { key: token });
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.equal(me.body.id, user.userId);

  const [stored] = await app.app.services.apiKeys.listForUser(user.userId);
  assert.equal(stored!.name, 'deploy bot');
  assert.equal(stored!.prefix, prefixOf(token));
  const expiresIn = Date.parse(stored!.expires_at!) - before;
  assert.ok(expiresIn >= 30 * DAY_MS && expiresIn < 30 * DAY_MS + 60_000, `30 days from now, got ${stored!.expires_at}`);

  const afterwards = await browser.get('/console/profile');
  assert.equal(afterwards.status, 200);
  assert.ok(!afterwards.html.includes(token), 'the profile page never shows the token');
  const secret = token.slice(prefixOf(token).length + 1);
  assert.ok(!afterwards.html.includes(secret), 'nor its secret part');
  const row = keyRow(afterwards.html, prefixOf(token));
  assert.ok(row, 'the new key is listed by its prefix');
  const [name, prefix, readOnly, , expires, lastUsed] = row.cells;
  assert.equal(name, 'deploy bot');
  assert.equal(prefix, prefixOf(token));
  assert.equal(readOnly, 'no');
  assert.match(expires!, new RegExp(stored!.expires_at!.slice(0, 10)));
  assert.ok(lastUsed === 'never' || /UTC/.test(lastUsed!), lastUsed);
});

test('expiry: 90 or 365 days, or 00:00 UTC on a date up to two years ahead; a 100-character name is allowed', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const now = app.app.clock.now();

  for (const days of [90, 365]) {
    const token = shownToken(await submitKeyForm(browser, { name: `${days} days`, expires: String(days) }));
    const key = (await app.app.services.apiKeys.listForUser(user.userId)).find((listed) => listed.prefix === prefixOf(token))!;
    const expiresIn = Date.parse(key.expires_at!) - now.getTime();
    assert.ok(expiresIn >= days * DAY_MS && expiresIn < days * DAY_MS + 60_000, `${days} days: ${key.expires_at}`);
  }

  const twoYearsAhead = new Date(now);
  twoYearsAhead.setUTCFullYear(twoYearsAhead.getUTCFullYear() + 2);
  const tomorrow = new Date(now.getTime() + DAY_MS);
  for (const day of [tomorrow, twoYearsAhead].map((date) => date.toISOString().slice(0, 10))) {
    const token = shownToken(await submitKeyForm(browser, { name: `until ${day}`, expires: 'date', expiry_date: day }));
    const key = (await app.app.services.apiKeys.listForUser(user.userId)).find((listed) => listed.prefix === prefixOf(token))!;
    assert.equal(key.expires_at, `${day}T00:00:00.000Z`);
  }

  const longest = 'n'.repeat(100);
  const token = shownToken(await submitKeyForm(browser, { name: longest }));
  assert.equal((await app.api('/me/', { key: token })).status, 200);
});

test('a wrong password shows the form again with the reason and creates nothing', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const keysBefore = await keyCount(app, user.userId);

  for (const password of ['not the password', '']) {
    const refused = await submitKeyForm(browser, { name: 'laptop', password });
    assert.equal(refused.status, 401, visibleText(refused.html));
    assert.match(visibleText(refused.html), /Password: the password is wrong/);
    assert.doesNotMatch(refused.html, /id="new-token"/);
    assert.match(refused.html, /<input [^>]*id="name" name="name" type="text"[^>]* value="laptop"/, 'what was typed is kept');
    assert.match(refused.html, /<input [^>]*id="password"[^>]*aria-invalid="true"/);
  }
  assert.equal(await keyCount(app, user.userId), keysBefore);
});

test('wrong passwords on the key form count as failed sign-ins: the sixth is refused like a sign-in, even when right', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    assert.equal((await submitKeyForm(browser, { name: 'guess', password: `guess ${attempt}` })).status, 401);
  }
  const throttled = await submitKeyForm(browser, { name: 'guess' });
  assert.equal(throttled.status, 429, visibleText(throttled.html));
  assert.ok(Number(throttled.headers.get('retry-after')) > 0);
  assert.match(visibleText(throttled.html), /Too many failed sign-ins/);
  assert.equal(await keyCount(app, user.userId), 1, 'only the key the operator made');
});

test('a bad name or expiry shows the profile page with 400 and a message naming the field, and creates nothing', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const keysBefore = await keyCount(app, user.userId);
  const now = app.app.clock.now();
  const yesterday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const today = now.toISOString().slice(0, 10);
  const beyondTwoYears = new Date(now.getTime() + 2 * 366 * DAY_MS + DAY_MS).toISOString().slice(0, 10);

  const cases: [string, Record<string, string | null>, RegExp][] = [
    ['an empty name', { name: '' }, /Name: enter a name of 1 to 100 characters/],
    ['a name of spaces only', { name: '   ' }, /Name: enter a name/],
    ['no name field', { name: null }, /Name: enter a name/],
    ['a 101-character name', { name: 'n'.repeat(101) }, /Name: use at most 100 characters/],
    ['no expiry', { expires: null }, /Expires: choose how long the key lasts/],
    ['an empty expiry', { expires: '' }, /Expires: choose how long the key lasts/],
    ['a lifetime that is not offered', { expires: '45' }, /Expires: choose 30, 90, 365 days or a date/],
    ['a lifetime beyond two years', { expires: '1000' }, /Expires: choose 30, 90, 365 days/],
    ['"On a date" without a date', { expires: 'date', expiry_date: '' }, /Expiry date: enter the date/],
    ['"On a date" with no date field', { expires: 'date', expiry_date: null }, /Expiry date: enter the date/],
    ['a date that does not exist', { expires: 'date', expiry_date: '2030-02-30' }, /Expiry date: enter a real date/],
    ['a date in another format', { expires: 'date', expiry_date: '01/02/2030' }, /Expiry date: enter a real date/],
    ['a past date', { expires: 'date', expiry_date: yesterday }, /Expiry date: must be a date in the future/],
    ['today', { expires: 'date', expiry_date: today }, /Expiry date: must be a date in the future/],
    ['a date beyond two years', { expires: 'date', expiry_date: beyondTwoYears }, /Expiry date: must be within 2 years/],
  ];
  for (const [label, fields, message] of cases) {
    const refused = await submitKeyForm(browser, fields);
    assert.equal(refused.status, 400, `${label}: ${visibleText(refused.html)}`);
    assert.match(visibleText(refused.html), message, label);
    assert.match(refused.html, /<h1>API keys<\/h1>/, `${label}: the API keys page again`);
    assert.doesNotMatch(refused.html, /id="new-token"/, label);
  }
  // A wrong name and a wrong expiry are both reported at once.
  const both = await submitKeyForm(browser, { name: '', expires: '45' });
  assert.equal(both.status, 400);
  assert.match(visibleText(both.html), /Name: .*Expires: /);

  assert.equal(await keyCount(app, user.userId), keysBefore);
});

test('a key made read-only with the box can read but is refused every change', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const token = shownToken(await submitKeyForm(browser, { name: 'monitoring', read_only: 'yes' }));

  assert.equal((await app.api('/me/', { key: token })).status, 200);
  const change = await app.api('/projects/', { method: 'POST', key: token, body: { name: 'x' } });
  assert.equal(change.status, 403, JSON.stringify(change.body));
  assert.equal(change.body.code, 'read_only_key');
  assert.equal((await app.api('/projects/', { key: user.key })).body.count, 0, 'no project was made');

  const row = keyRow((await browser.get('/console/profile')).html, prefixOf(token));
  assert.equal(row?.cells[2], 'yes');
  // Without the box the key may change things.
  const writable = shownToken(await submitKeyForm(browser, { name: 'deployer' }));
  assert.equal(keyRow((await browser.get('/console/profile')).html, prefixOf(writable))?.cells[2], 'no');
});

test('revoking a key stops it at once on the project API and on the legacy API', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app, { legacy: true });
  const token = shownToken(await submitKeyForm(browser, { name: 'old laptop' }));
  // Both APIs have just accepted (and this process cached) the key.
  assert.equal((await app.api('/me/', { key: token })).status, 200);
  assert.equal((await app.legacy('/api/v1/keys', { key: token })).status, 200);

  const profile = await browser.get('/console/profile');
  const row = keyRow(profile.html, prefixOf(token));
  assert.ok(row?.revokeAction, 'the key has a revoke form');
  assert.match(profile.html, /<button type="submit" class="[^"]*">Revoke<span class="visually-hidden"> key old laptop<\/span><\/button>/);
  // Revoking asks first (console.js opens the question before the form is sent).
  assert.match(profile.html, /<form method="post" action="\/console\/profile\/keys\/\d+\/revoke"[^>]* data-confirm="Revoke the key old laptop\? It stops working at once, on both APIs\. This cannot be undone\."/);
  const revoked = await browser.post(row.revokeAction, {});
  assert.equal(revoked.status, 303, visibleText(revoked.html));
  assert.equal(revoked.location, '/console/profile');

  assert.equal((await app.api('/me/', { key: token })).status, 401);
  const legacy = await app.legacy('/api/v1/keys', { key: token });
  assert.equal(legacy.status, 401, JSON.stringify(legacy.body));
  assert.equal(legacy.body.result, 'error');

  const after = await browser.get('/console/profile');
  assert.match(visibleText(after.html), /The key was revoked/);
  assert.equal(keyRow(after.html, prefixOf(token)), undefined, 'a revoked key is no longer listed');
  // The user's other key is untouched.
  assert.equal((await app.api('/me/', { key: user.key })).status, 200);
  // Sending the same form again changes nothing and is no error.
  assert.equal((await browser.post(row.revokeAction, {})).status, 303);
});

test("another user's key cannot be revoked from the console: 404, and it keeps working", async (t) => {
  const app = await build(t, { worker: false });
  const { browser } = await signedInUser(app);
  const other = await app.createUser({ password: PASSWORD });
  await browser.get('/console/profile');

  for (const keyId of [other.keyId, 999_999]) {
    const refused = await browser.post(`/console/profile/keys/${keyId}/revoke`, {});
    assert.equal(refused.status, 404, visibleText(refused.html));
  }
  assert.equal((await app.api('/me/', { key: other.key })).status, 200);
  const [otherKey] = await app.app.services.apiKeys.listForUser(other.userId);
  assert.equal(otherKey!.revoked_at, null);
});

test('a key name is shown as text: markup in it never reaches the page as markup', async (t) => {
  const app = await build(t, { worker: false });
  const { browser } = await signedInUser(app);
  const name = '<script>alert(1)</script>';

  const created = await submitKeyForm(browser, { name });
  const token = shownToken(created);
  assert.ok(!created.html.includes(name), 'not raw on the page that shows the token');
  assert.match(created.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);

  const profile = await browser.get('/console/profile');
  assert.ok(!profile.html.includes(name), 'not raw in the key table');
  assert.equal(keyRow(profile.html, prefixOf(token))?.cells[0], name, 'a reader sees the name as typed');

  // Typed into a form that comes back with an error, it stays text in the field.
  const refused = await submitKeyForm(browser, { name: `"><script>alert(2)</script>`, password: 'wrong' });
  assert.equal(refused.status, 401);
  assert.ok(!refused.html.includes('<script>alert(2)'), 'not raw in the form shown again');
  assert.match(refused.html, /value="&quot;&gt;&lt;script&gt;alert\(2\)/);
});

test('last used reads "never" until the key is used, then when; written again after a minute', async (t) => {
  const app = await build(t, { worker: false });
  const { browser } = await signedInUser(app);
  const token = shownToken(await submitKeyForm(browser, { name: 'ci' }));
  const lastUsed = async () => keyRow((await browser.get('/console/profile')).html, prefixOf(token))?.cells[5];
  assert.equal(await lastUsed(), 'never');

  assert.equal((await app.api('/me/', { key: token })).status, 200);
  // The write does not hold the request up, so it lands just after.
  const firstUse = await eventually(async () => {
    const shown = await lastUsed();
    return shown !== 'never' ? shown : null;
  });
  assert.match(firstUse, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);

  // An hour later by cloudplane's clock, a use is written again.
  await app.admin('/clock/advance', { method: 'POST', body: { seconds: 3600 } });
  assert.equal((await app.api('/me/', { key: token })).status, 200);
  const laterUse = await eventually(async () => {
    const shown = await lastUsed();
    return shown !== firstUse ? shown : null;
  });
  assert.ok(laterUse > firstUse, `${laterUse} after ${firstUse}`);
});

test('the page says whether the same keys work on the legacy API', async (t) => {
  const app = await build(t, { worker: false });
  const withAccess = await signedInUser(app, { legacy: true });
  const withoutAccess = await signedInUser(app, { legacy: false });

  const granted = visibleText((await withAccess.browser.get('/console/profile')).html);
  assert.match(granted, /the same keys work on the legacy API/);
  assert.doesNotMatch(granted, /granted by the provider/);

  const notGranted = visibleText((await withoutAccess.browser.get('/console/profile')).html);
  assert.match(notGranted, /Legacy API access is granted by the provider/);
  assert.doesNotMatch(notGranted, /the same keys work on the legacy API/);
});

test('forms without their CSRF token are refused with 403 and change nothing', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const keysBefore = await keyCount(app, user.userId);

  for (const csrf of [null, 'not-the-token']) {
    const refused = await submitKeyForm(browser, { _csrf: csrf });
    assert.equal(refused.status, 403, visibleText(refused.html));
    assert.doesNotMatch(refused.html, /id="new-token"/);
  }
  assert.equal(await keyCount(app, user.userId), keysBefore);

  const profile = await browser.get('/console/profile');
  const row = keyRow(profile.html, prefixOf(user.key));
  assert.ok(row?.revokeAction);
  assert.equal((await browser.post(row.revokeAction, { _csrf: null })).status, 403);
  assert.equal((await app.api('/me/', { key: user.key })).status, 200, 'the key still works');
});

test('sending the key form again (reloading the "API key created" page) makes no second key and shows no token', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const form = await keyFormOnPage(browser, { name: 'reloaded' });
  const token = shownToken(await browser.post('/console/profile/keys', form));
  const keysAfterFirst = await keyCount(app, user.userId);

  // The browser sends the very same POST again, as a reload of the answer does.
  const again = await browser.post('/console/profile/keys', form);
  assert.equal(again.status, 409, visibleText(again.html));
  assert.doesNotMatch(again.html, /id="new-token"/);
  assert.ok(!again.html.includes(token), 'the first token is not shown again');
  assert.match(flash(again.html)?.text ?? '', /already sent: the key was created then, and its token is not shown again/);
  assert.equal(await keyCount(app, user.userId), keysAfterFirst, 'no second key');
  const named = (await app.app.services.apiKeys.listForUser(user.userId)).filter((key) => key.name === 'reloaded');
  assert.equal(named.length, 1);

  // A form without its token makes nothing either; a fresh form from the page works.
  const noToken = await browser.post('/console/profile/keys', { ...form, form_token: null });
  assert.equal(noToken.status, 400, visibleText(noToken.html));
  assert.equal(await keyCount(app, user.userId), keysAfterFirst);
  shownToken(await submitKeyForm(browser, { name: 'second on purpose' }));
  assert.equal(await keyCount(app, user.userId), keysAfterFirst + 1);
});

test('a form refused for its content keeps its token: corrected and sent again, it makes the key once', async (t) => {
  const app = await build(t, { worker: false });
  const { user, browser } = await signedInUser(app);
  const form = await keyFormOnPage(browser, { name: 'fixed later' });
  const keysBefore = await keyCount(app, user.userId);
  assert.equal((await browser.post('/console/profile/keys', { ...form, password: 'wrong' })).status, 401);
  assert.equal((await browser.post('/console/profile/keys', { ...form, name: '' })).status, 400);
  shownToken(await browser.post('/console/profile/keys', form));
  assert.equal(await keyCount(app, user.userId), keysBefore + 1);
});
