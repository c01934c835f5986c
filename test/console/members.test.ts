// A project's members in the console, over HTTP like a browser, each change
// checked on the project API as the member's own key sees it: the owner and
// admins invite an existing user by e-mail, change roles and remove members
// (asked first); the owner rules hold as on the operator's member API (one
// owner always, never removed or demoted directly; making another member the
// owner makes the old one an admin, and only the owner can); a plain member
// only reads; another user's project is a 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, type TestApp } from '../helpers/build.ts';
import { consoleClient, visibleText, type ConsoleClient, type PageResult } from '../helpers/console.ts';
import { addMemberWithKey } from '../helpers/world.ts';
import { assertOneHeading, flash, followRedirect, page, PASSWORD, signedInUser, type ConsoleWorld } from './console-world.ts';

/** The user's role in the project as the project API tells them; null when they are not a member (404). */
async function roleOnApi(app: TestApp, slug: string, key: string): Promise<string | null> {
  const project = await app.api(`/projects/${slug}/`, { key });
  if (project.status === 404) return null;
  assert.equal(project.status, 200, JSON.stringify(project.body));
  return project.body.role;
}

/** The members table as a reader sees it: e-mail → role text. */
function memberRoles(html: string): Record<string, string> {
  const rows = [...html.matchAll(/<tr data-member="\d+">([\s\S]*?)<\/tr>/g)].map((row) => row[1]!);
  return Object.fromEntries(
    rows.map((row) => {
      const email = visibleText(/<td data-label="E-mail"[^>]*>([\s\S]*?)<\/td>/.exec(row)![1]!);
      const role = visibleText(/<td data-label="Role">([\s\S]*?)<\/td>/.exec(row)![1]!);
      return [email, role];
    }),
  );
}

async function signedInMember(app: TestApp, slug: string, role: string): Promise<{ userId: number; key: string; email: string; browser: ConsoleClient }> {
  const member = await addMemberWithKey(app, slug, role, { password: PASSWORD });
  const browser = consoleClient(app);
  assert.equal((await browser.signIn(member.email, PASSWORD)).status, 303);
  return { ...member, browser };
}

async function postOnPage(me: Pick<ConsoleWorld, 'browser' | 'slug'>, path: string, form: Record<string, string>): Promise<PageResult> {
  await page(me.browser, `/console/projects/${me.slug}/members`);
  return me.browser.post(path, form);
}

test('the owner invites an existing user by e-mail with a role; the API sees them as a member with it', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Team' });
  const colleague = await app.createUser({ password: PASSWORD });
  const membersPath = `/console/projects/${me.slug}/members`;

  const listed = await page(me.browser, membersPath);
  assertOneHeading(listed.html);
  assert.match(listed.html, new RegExp(`<a href="${membersPath}" aria-current="page">`), 'Members is the current part of the project');
  assert.deepEqual(memberRoles(listed.html), { [me.email]: 'Owner' });
  assert.equal(await roleOnApi(app, me.slug, colleague.key), null);

  // The e-mail is matched whatever its case.
  const invited = await me.browser.post(membersPath, { email: colleague.email.toUpperCase(), role: 'admin' });
  assert.equal(invited.location, membersPath, visibleText(invited.html));
  const after = await followRedirect(me.browser, invited);
  assert.deepEqual(flash(after.html), { kind: 'success', text: `${colleague.email} is now a member of the project, as Admin.` });
  assert.deepEqual(memberRoles(after.html), { [me.email]: 'Owner', [colleague.email]: 'Admin' });
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'admin');
});

test('an unknown e-mail, a member already there and a role that does not exist are refused on the form; nothing changes', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Refusals' });
  const colleague = await addMemberWithKey(app, me.slug, 'member');
  const membersPath = `/console/projects/${me.slug}/members`;

  const unknown = await postOnPage(me, membersPath, { email: 'nobody-at-all@example.com', role: 'member' });
  assert.equal(unknown.status, 400, visibleText(unknown.html));
  assert.match(flash(unknown.html)?.text ?? '', /^E-mail: no user of this cloud has this e-mail address/);
  assert.match(unknown.html, /<input [^>]*id="invite-email"[^>]*value="nobody-at-all@example.com"[^>]*aria-invalid="true"/);

  const already = await postOnPage(me, membersPath, { email: colleague.email, role: 'admin' });
  assert.equal(already.status, 409, visibleText(already.html));
  assert.equal(flash(already.html)?.text, `${colleague.email} is already a member of the project`);
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'member', 'the role did not change');

  const badRole = await postOnPage(me, membersPath, { email: colleague.email, role: 'superuser' });
  assert.equal(badRole.status, 400);
  assert.match(flash(badRole.html)?.text ?? '', /^Role: choose Owner, Admin, Member/);
});

test('the owner changes roles and removes a member (asked first); the API follows', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Roles' });
  const colleague = await addMemberWithKey(app, me.slug, 'admin');
  const membersPath = `/console/projects/${me.slug}/members`;

  const listed = await page(me.browser, membersPath);
  assert.match(listed.html, new RegExp(`<form method="post" action="${membersPath}/${colleague.userId}/remove"[^>]* data-confirm="Remove ${colleague.email.replace(/[.+]/g, '\\$&')} from the project\\? They lose access to it at once\\."`));
  const demoted = await me.browser.post(`${membersPath}/${colleague.userId}/role`, { role: 'member' });
  assert.equal(demoted.status, 303, visibleText(demoted.html));
  assert.deepEqual(flash((await followRedirect(me.browser, demoted)).html), { kind: 'success', text: `${colleague.email} is now a member of the project.` });
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'member');

  const removed = await postOnPage(me, `${membersPath}/${colleague.userId}/remove`, {});
  assert.equal(removed.status, 303, visibleText(removed.html));
  assert.deepEqual(flash((await followRedirect(me.browser, removed)).html), { kind: 'success', text: `${colleague.email} was removed from the project.` });
  assert.equal(await roleOnApi(app, me.slug, colleague.key), null, 'no longer a member: 404 on the API');

  // Someone who is not a member cannot be changed or removed: 404.
  assert.equal((await postOnPage(me, `${membersPath}/${colleague.userId}/role`, { role: 'admin' })).status, 404);
  assert.equal((await postOnPage(me, `${membersPath}/${colleague.userId}/remove`, {})).status, 404);
  assert.equal((await postOnPage(me, `${membersPath}/not-a-number/remove`, {})).status, 404);
});

test('the owner cannot be removed or demoted; making another member the owner makes the old owner an admin', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Ownership' });
  const colleague = await addMemberWithKey(app, me.slug, 'admin');
  const membersPath = `/console/projects/${me.slug}/members`;

  const listed = await page(me.browser, membersPath);
  assert.doesNotMatch(listed.html, new RegExp(`action="${membersPath}/${me.userId}/`), 'the owner row has no controls');
  assert.match(visibleText(listed.html), /Make another member the owner to change this/);

  const demoteOwner = await postOnPage(me, `${membersPath}/${me.userId}/role`, { role: 'admin' });
  assert.equal(demoteOwner.status, 409, visibleText(demoteOwner.html));
  assert.equal(flash(demoteOwner.html)?.text, 'The owner cannot be demoted; make another member the owner instead');
  const removeOwner = await postOnPage(me, `${membersPath}/${me.userId}/remove`, {});
  assert.equal(removeOwner.status, 409, visibleText(removeOwner.html));
  assert.equal(flash(removeOwner.html)?.text, 'The owner cannot be removed; make another member the owner first');
  assert.equal(await roleOnApi(app, me.slug, me.key), 'owner');

  // The operator's member API keeps the same rules.
  const operatorDemote = await app.admin(`/projects/${me.slug}/members/${me.userId}`, { method: 'PUT', body: { role: 'member' } });
  assert.equal(operatorDemote.status, 409);
  assert.equal(operatorDemote.body.code, 'owner_required');

  const transferred = await postOnPage(me, `${membersPath}/${colleague.userId}/role`, { role: 'owner' });
  assert.equal(transferred.status, 303, visibleText(transferred.html));
  assert.deepEqual(flash((await followRedirect(me.browser, transferred)).html), { kind: 'success', text: `${colleague.email} is now the owner of the project; you are an admin.` });
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'owner');
  assert.equal(await roleOnApi(app, me.slug, me.key), 'admin');
  assert.deepEqual(memberRoles((await page(me.browser, membersPath)).html), { [colleague.email]: 'Owner', [me.email]: 'Admin' });
});

test('an admin manages members but cannot make an owner or touch the owner; an admin may leave', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Admins' });
  const admin = await signedInMember(app, owner.slug, 'admin');
  const newcomer = await app.createUser();
  const membersPath = `/console/projects/${owner.slug}/members`;
  const asAdmin = { browser: admin.browser, slug: owner.slug };

  const listed = await page(admin.browser, membersPath);
  assert.doesNotMatch(listed.html, /<option value="owner"/, 'only the owner gives the owner role');
  const invited = await postOnPage(asAdmin, membersPath, { email: newcomer.email, role: 'member' });
  assert.equal(invited.status, 303, visibleText(invited.html));
  assert.equal(await roleOnApi(app, owner.slug, newcomer.key), 'member');

  const makeOwner = await postOnPage(asAdmin, `${membersPath}/${newcomer.userId}/role`, { role: 'owner' });
  assert.equal(makeOwner.status, 403, visibleText(makeOwner.html));
  assert.equal(flash(makeOwner.html)?.text, 'Only the owner can make another member the owner');
  assert.equal(await roleOnApi(app, owner.slug, newcomer.key), 'member');
  assert.equal((await postOnPage(asAdmin, `${membersPath}/${owner.userId}/remove`, {})).status, 409, 'nor remove the owner');

  const left = await postOnPage(asAdmin, `${membersPath}/${admin.userId}/remove`, {});
  assert.equal(left.location, '/console/projects', visibleText(left.html));
  assert.deepEqual(flash((await followRedirect(admin.browser, left)).html), { kind: 'success', text: 'You left the project Admins.' });
  assert.equal(await roleOnApi(app, owner.slug, admin.key), null);
  assert.equal((await admin.browser.get(membersPath)).status, 404, 'the project is no longer theirs');
});

test('a plain member sees the members but changes nothing (403); another user’s project is a 404', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Readers' });
  const member = await signedInMember(app, owner.slug, 'member');
  const outsider = await signedInUser(app);
  const newcomer = await app.createUser();
  const membersPath = `/console/projects/${owner.slug}/members`;
  const asMember = { browser: member.browser, slug: owner.slug };

  const listed = await page(member.browser, membersPath);
  assert.deepEqual(memberRoles(listed.html), { [owner.email]: 'Owner', [member.email]: 'Member' });
  assert.doesNotMatch(listed.html, /id="invite-email"/, 'no invite form');
  assert.doesNotMatch(listed.html, /\/remove"/, 'no remove buttons');

  const invite = await postOnPage(asMember, membersPath, { email: newcomer.email, role: 'member' });
  assert.equal(invite.status, 403, visibleText(invite.html));
  assert.match(flash(invite.html)?.text ?? '', /needs the admin role or higher in the project; you are member/);
  assert.equal(await roleOnApi(app, owner.slug, newcomer.key), null);
  assert.equal((await postOnPage(asMember, `${membersPath}/${member.userId}/role`, { role: 'admin' })).status, 403);
  assert.equal(await roleOnApi(app, owner.slug, member.key), 'member');

  assert.equal((await outsider.browser.get(membersPath)).status, 404);
  await page(outsider.browser, '/console/projects');
  assert.equal((await outsider.browser.post(membersPath, { email: outsider.email, role: 'admin' })).status, 404);
  assert.equal(await roleOnApi(app, owner.slug, outsider.key), null);
});
