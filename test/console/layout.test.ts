// Every console page has one frame (views/layout.eta): the breadcrumb, then
// the one heading, then one place for messages. A message left by a redirect
// and the refusal of a form that comes back both sit in that place, under the
// heading; before, the first sat above the breadcrumb and the second under
// the heading. Counts read in words ("15 minutes", never "minute(s)").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { ed25519Key } from '../helpers/ssh-keys.ts';
import { plural } from '../../src/console/pages/labels.ts';
import { assertOneHeading, flash, followRedirect, page, signedInUser } from './console-world.ts';

/** Where the parts of the frame are on the page, in order; -1 for one that is missing. */
function framePositions(html: string) {
  const messages = html.indexOf('<div id="messages">');
  const afterMessages = html.indexOf('</div>\n', html.indexOf('<div class="flash', messages));
  return {
    breadcrumb: html.indexOf('aria-label="Breadcrumb"'),
    heading: html.indexOf('<h1'),
    messages,
    message: html.indexOf('<div class="flash'),
    messagesEnd: afterMessages,
    count: html.match(/class="flash /g)?.length ?? 0,
  };
}

function assertMessageUnderHeading(html: string, label: string): void {
  assertOneHeading(html);
  const at = framePositions(html);
  assert.equal(at.count, 1, `${label}: one message`);
  assert.ok(at.breadcrumb >= 0 && at.breadcrumb < at.heading, `${label}: the breadcrumb comes first`);
  assert.ok(at.heading < at.messages, `${label}: the heading comes before the messages`);
  assert.ok(at.messages < at.message && at.message < at.messagesEnd, `${label}: the message is in the messages' place`);
}

test('a message after a redirect and a refused form sit in the same place, under the heading', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Frame' });
  const keysPath = `/console/projects/${me.slug}/ssh-keys`;
  await page(me.browser, keysPath);

  const added = await followRedirect(me.browser, await me.browser.post(keysPath, { name: 'laptop', public_key: ed25519Key('me@laptop') }));
  assert.equal(flash(added.html)?.kind, 'success');
  assertMessageUnderHeading(added.html, 'after a redirect');

  const refused = await me.browser.post(keysPath, { name: 'broken', public_key: 'ssh-ed25519 not-base64!' });
  assert.equal(refused.status, 400);
  assert.equal(flash(refused.html)?.kind, 'error');
  assert.match(flash(refused.html)?.text ?? '', /^Public key: /, 'the field as the form names it');
  assertMessageUnderHeading(refused.html, 'after a refused form');
});

test('counts are written in words: one minute, 15 minutes', () => {
  assert.equal(plural(1, 'minute'), '1 minute');
  assert.equal(plural(15, 'minute'), '15 minutes');
});

/** A request as htmx makes it for a live part of `page`, with the client's cookies. */
async function poll(app: { baseUrl: string }, cookies: Map<string, string>, path: string, page: string): Promise<Response> {
  return fetch(`${app.baseUrl}${path}`, {
    redirect: 'manual',
    headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'hx-request': 'true', 'hx-current-url': `${app.baseUrl}${page}` },
  });
}

test('a page polling by itself does not keep an unattended session signed in; the poll that finds it over sends the page to sign-in', async (t) => {
  const app = await build(t);
  const idleSeconds = app.app.services.consoleSessions.idleMs / 1000;
  const advance = async (seconds: number) => assert.equal((await app.admin('/clock/advance', { method: 'POST', body: { seconds } })).status, 200);

  // A person using the console stays signed in past the idle time, as each page view starts it again.
  const active = await signedInUser(app);
  for (let step = 0; step < 2; step += 1) {
    await advance(Math.ceil(idleSeconds * 0.6));
    await page(active.browser, '/console/projects');
  }

  // A tab polling a live part does not.
  const away = await signedInUser(app);
  for (let step = 0; step < 2; step += 1) {
    await advance(Math.ceil(idleSeconds * 0.6));
    const polled = await poll(app, away.browser.cookies, '/console/overview/live', '/console/invoices?page=2');
    if (step === 0) assert.equal(polled.status, 200, 'the poll is answered while the session lasts');
    else {
      assert.equal(polled.status, 401, 'the session is over');
      assert.equal(polled.headers.get('hx-redirect'), `/console/login?next=${encodeURIComponent('/console/invoices?page=2')}`, 'htmx takes the whole page to sign-in, and back after');
    }
  }
  const after = await away.browser.get('/console/projects');
  assert.equal(after.status, 303);
  assert.match(after.location ?? '', /^\/console\/login/);
});
