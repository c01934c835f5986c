import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build } from '../helpers/build.ts';
import { consoleClient, visibleText } from '../helpers/console.ts';

test('signing in with the password the operator set opens the console', async (t) => {
  const app = await build(t);
  const user = await app.createUser({ password: 'correct horse battery' });
  const browser = consoleClient(app);
  const login = await browser.get('/console/login');
  assert.equal(login.status, 200);
  assert.match(login.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  const signedIn = await browser.post('/console/login', { email: user.email, password: 'correct horse battery' });
  assert.equal(signedIn.status, 303, visibleText(signedIn.html));
  assert.equal(signedIn.location, '/console/');
  const profile = await browser.get('/console/profile');
  assert.equal(profile.status, 404);
});
