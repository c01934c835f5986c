// A project's members in the console, over HTTP like a browser, each change
// checked on the project API as the member's own key sees it: the owner and
// admins invite an e-mail address as an admin or a member, and the person
// joins only by accepting the invitation in their own console (overview or
// projects page), or declines it; the invite answer is the same whether or not
// anyone has the address; invitations can be withdrawn and expire; nobody is
// ever made the owner in the console (invite or change of role); the owner
// rules hold as on the operator's member API (one owner always, never removed
// or demoted); an admin may leave; a plain member only reads; another user's
// project is a 404.
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

const SEVEN_DAYS = 7 * 24 * 60 * 60;

/** The pending invitations on a members page: e-mail → role text. */
function pendingInvitations(html: string): Record<string, string> {
  const rows = [...html.matchAll(/<tr data-invitation="\d+">([\s\S]*?)<\/tr>/g)].map((row) => row[1]!);
  return Object.fromEntries(
    rows.map((row) => [
      visibleText(/<td data-label="E-mail"[^>]*>([\s\S]*?)<\/td>/.exec(row)![1]!),
      visibleText(/<td data-label="Role">([\s\S]*?)<\/td>/.exec(row)![1]!),
    ]),
  );
}

/** The invitations a signed-in user sees on a page (overview or projects): id and what the item says. */
function receivedInvitations(html: string): { id: string; text: string }[] {
  return [...html.matchAll(/<li [^>]*data-invitation="(\d+)">([\s\S]*?)<\/li>/g)].map((item) => ({ id: item[1]!, text: visibleText(item[2]!) }));
}

/** A user with a password and an API key, signed in to the console, in no project. */
async function signedInOutsider(app: TestApp, email?: string): Promise<{ userId: number; key: string; email: string; browser: ConsoleClient }> {
  const user = await app.createUser({ password: PASSWORD, ...(email ? { email } : {}) });
  const browser = consoleClient(app);
  assert.equal((await browser.signIn(user.email, PASSWORD)).status, 303);
  return { ...user, browser };
}

/** Answers an invitation as the signed-in user, from the page the forms are on. */
async function answer(browser: ConsoleClient, id: string, how: 'accept' | 'decline', from = 'overview'): Promise<PageResult> {
  await page(browser, `/console/${from}`);
  return browser.post(`/console/invitations/${id}/${how}`, { from });
}

test('the owner invites a user by e-mail; they join with that role only once they accept it in their console', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Team' });
  const colleague = await signedInOutsider(app);
  const membersPath = `/console/projects/${me.slug}/members`;

  const listed = await page(me.browser, membersPath);
  assertOneHeading(listed.html);
  assert.match(listed.html, new RegExp(`<a href="${membersPath}" aria-current="page">`), 'Members is the current part of the project');
  assert.deepEqual(memberRoles(listed.html), { [me.email]: 'Owner' });
  assert.match(visibleText(listed.html), /They see the invitation in their console/);

  // The e-mail is matched whatever its case.
  const invited = await me.browser.post(membersPath, { email: ` ${colleague.email.toUpperCase()} `, role: 'admin' });
  assert.equal(invited.location, membersPath, visibleText(invited.html));
  const after = await followRedirect(me.browser, invited);
  assert.deepEqual(flash(after.html), { kind: 'success', text: `Invitation sent to ${colleague.email}; they join once they accept it.` });
  assert.deepEqual(memberRoles(after.html), { [me.email]: 'Owner' }, 'nobody joined yet');
  assert.deepEqual(pendingInvitations(after.html), { [colleague.email]: 'Admin' });
  assert.match(after.html, /<form method="post" action="[^"]*\/invitations\/\d+\/withdraw"[^>]* data-confirm="Withdraw the invitation to /);
  assert.equal(await roleOnApi(app, me.slug, colleague.key), null, 'not a member before accepting');

  // The invitee sees it on the overview and on the projects page.
  const overview = await page(colleague.browser, '/console/overview');
  const [invitation] = receivedInvitations(overview.html);
  assert.ok(invitation, 'the invitation is on the overview');
  assert.match(invitation.text, new RegExp(`^Team ?, as Admin, from ${me.email.replace(/[.+]/g, '\\$&')}`));
  assert.equal(receivedInvitations((await page(colleague.browser, '/console/projects')).html)[0]?.id, invitation.id);

  const accepted = await answer(colleague.browser, invitation.id, 'accept', 'projects');
  assert.equal(accepted.location, `/console/projects/${me.slug}`, visibleText(accepted.html));
  assert.deepEqual(flash((await followRedirect(colleague.browser, accepted)).html), { kind: 'success', text: 'You joined the project Team, as Admin.' });
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'admin');
  assert.deepEqual(receivedInvitations((await page(colleague.browser, '/console/overview')).html), [], 'the invitation is gone');

  const members = await page(me.browser, membersPath);
  assert.deepEqual(memberRoles(members.html), { [me.email]: 'Owner', [colleague.email]: 'Admin' });
  assert.deepEqual(pendingInvitations(members.html), {});
  assert.equal((await answer(colleague.browser, invitation.id, 'accept')).status, 404, 'an invitation is accepted once');
});

test('an invite answers the same for an unknown e-mail, a known one and a member; inviting twice keeps one invitation', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Same' });
  const colleague = await app.createUser();
  const member = await addMemberWithKey(app, me.slug, 'member');
  const membersPath = `/console/projects/${me.slug}/members`;

  const answers = [];
  for (const email of ['nobody-at-all@example.com', colleague.email, member.email]) {
    const sent = await postOnPage(me, membersPath, { email, role: 'member' });
    assert.equal(sent.status, 303, visibleText(sent.html));
    assert.equal(sent.location, membersPath);
    const text = flash((await followRedirect(me.browser, sent)).html)?.text ?? '';
    answers.push(text.replace(email, '<e-mail>'));
  }
  assert.deepEqual(new Set(answers), new Set(['Invitation sent to <e-mail>; they join once they accept it.']), 'the same answer each time');
  assert.equal(await roleOnApi(app, me.slug, colleague.key), null);
  assert.equal(await roleOnApi(app, me.slug, member.key), 'member', 'the member is unchanged');

  const again = await postOnPage(me, membersPath, { email: colleague.email.toUpperCase(), role: 'admin' });
  assert.equal(again.status, 303);
  assert.deepEqual(pendingInvitations((await page(me.browser, membersPath)).html), {
    [colleague.email]: 'Admin',
    [member.email]: 'Member',
    'nobody-at-all@example.com': 'Member',
  }, 'one invitation per address, the latest role');
});

test('bad input on the invite form is refused on the form; nothing is recorded', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Refusals' });
  const colleague = await app.createUser();
  const membersPath = `/console/projects/${me.slug}/members`;

  const empty = await postOnPage(me, membersPath, { email: '  ', role: 'member' });
  assert.equal(empty.status, 400, visibleText(empty.html));
  assert.match(flash(empty.html)?.text ?? '', /^E-mail: enter the e-mail address/);
  const malformed = await postOnPage(me, membersPath, { email: 'not-an-address', role: 'member' });
  assert.equal(malformed.status, 400);
  assert.match(malformed.html, /<input [^>]*id="invite-email"[^>]*value="not-an-address"[^>]*aria-invalid="true"/);

  const badRole = await postOnPage(me, membersPath, { email: colleague.email, role: 'superuser' });
  assert.equal(badRole.status, 400);
  assert.match(flash(badRole.html)?.text ?? '', /^Role: choose Admin or Member/);
  assert.deepEqual(pendingInvitations((await page(me.browser, membersPath)).html), {});
});

test('nobody is made the owner in the console: not by invitation, not by a change of role; the operator still can', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Billing' });
  const victim = await signedInOutsider(app);
  const colleague = await addMemberWithKey(app, me.slug, 'admin');
  const membersPath = `/console/projects/${me.slug}/members`;

  const listed = await page(me.browser, membersPath);
  assert.doesNotMatch(listed.html, /<option value="owner"/, 'the owner role is never offered');
  assert.match(visibleText(listed.html), /ownership cannot be handed over in the console \(ask the provider\)/);

  const inviteOwner = await postOnPage(me, membersPath, { email: victim.email, role: 'owner' });
  assert.equal(inviteOwner.status, 400, visibleText(inviteOwner.html));
  assert.equal(flash(inviteOwner.html)?.text, 'Role: ownership cannot be handed over in the console; ask the provider');
  assert.deepEqual(pendingInvitations((await page(me.browser, membersPath)).html), {}, 'no invitation recorded');
  assert.deepEqual(receivedInvitations((await page(victim.browser, '/console/overview')).html), []);
  assert.equal(await roleOnApi(app, me.slug, victim.key), null);

  const makeOwner = await postOnPage(me, `${membersPath}/${colleague.userId}/role`, { role: 'owner' });
  assert.equal(makeOwner.status, 400, visibleText(makeOwner.html));
  assert.equal(flash(makeOwner.html)?.text, 'Role: ownership cannot be handed over in the console; ask the provider');
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'admin');
  assert.equal(await roleOnApi(app, me.slug, me.key), 'owner');

  // The provider (operator API) can still hand over ownership; the old owner becomes an admin.
  const handedOver = await app.admin(`/projects/${me.slug}/members/${colleague.userId}`, { method: 'PUT', body: { role: 'owner' } });
  assert.equal(handedOver.status, 200, JSON.stringify(handedOver.body));
  assert.equal(await roleOnApi(app, me.slug, colleague.key), 'owner');
  assert.equal(await roleOnApi(app, me.slug, me.key), 'admin');
});

test('the invitee declines; a withdrawn invitation cannot be accepted', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Answers' });
  const first = await signedInOutsider(app);
  const second = await signedInOutsider(app);
  const membersPath = `/console/projects/${me.slug}/members`;
  for (const email of [first.email, second.email]) assert.equal((await postOnPage(me, membersPath, { email, role: 'member' })).status, 303);

  const [declining] = receivedInvitations((await page(first.browser, '/console/overview')).html);
  const declined = await answer(first.browser, declining!.id, 'decline');
  assert.equal(declined.location, '/console/overview');
  assert.deepEqual(flash((await followRedirect(first.browser, declined)).html), { kind: 'success', text: 'You declined the invitation to the project Answers.' });
  assert.equal((await answer(first.browser, declining!.id, 'accept')).status, 404, 'a declined invitation is gone');
  assert.equal(await roleOnApi(app, me.slug, first.key), null);

  const listed = await page(me.browser, membersPath);
  assert.deepEqual(pendingInvitations(listed.html), { [second.email]: 'Member' });
  const withdrawUrl = new RegExp(`<form method="post" action="([^"]+/withdraw)"`).exec(listed.html)![1]!;
  const withdrawn = await me.browser.post(withdrawUrl, {});
  assert.equal(withdrawn.status, 303, visibleText(withdrawn.html));
  assert.deepEqual(flash((await followRedirect(me.browser, withdrawn)).html), { kind: 'success', text: `The invitation to ${second.email} was withdrawn.` });
  assert.equal((await postOnPage(me, withdrawUrl, {})).status, 404, 'withdrawn once');

  assert.deepEqual(receivedInvitations((await page(second.browser, '/console/projects')).html), []);
  const id = /\/invitations\/(\d+)\/withdraw/.exec(withdrawUrl)![1]!;
  assert.equal((await answer(second.browser, id, 'accept')).status, 404);
  assert.equal(await roleOnApi(app, me.slug, second.key), null);
});

test('an expired invitation cannot be accepted, and another user cannot accept an invitation not for them', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Expiry' });
  const invitee = await signedInOutsider(app);
  const thief = await signedInOutsider(app);
  const membersPath = `/console/projects/${me.slug}/members`;
  assert.equal((await postOnPage(me, membersPath, { email: invitee.email, role: 'admin' })).status, 303);
  const [invitation] = receivedInvitations((await page(invitee.browser, '/console/overview')).html);
  assert.ok(invitation);

  assert.deepEqual(receivedInvitations((await page(thief.browser, '/console/overview')).html), [], 'not shown to anyone else');
  assert.equal((await answer(thief.browser, invitation.id, 'accept')).status, 404);
  assert.equal((await answer(thief.browser, invitation.id, 'decline')).status, 404);
  assert.equal(await roleOnApi(app, me.slug, thief.key), null);
  assert.equal((await answer(invitee.browser, 'not-a-number', 'accept')).status, 404);

  const advanced = await app.admin('/clock/advance', { method: 'POST', body: { seconds: SEVEN_DAYS + 60 } });
  assert.equal(advanced.status < 300, true, JSON.stringify(advanced.body));
  // Sign in again: the session's own lifetime is not what is tested here.
  const later = consoleClient(app);
  assert.equal((await later.signIn(invitee.email, PASSWORD)).status, 303);
  assert.deepEqual(receivedInvitations((await page(later, '/console/overview')).html), [], 'an expired invitation is not shown');
  assert.equal((await answer(later, invitation.id, 'accept')).status, 404);
  assert.equal(await roleOnApi(app, me.slug, invitee.key), null);
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

test('the owner cannot be removed or demoted', async (t) => {
  const app = await build(t);
  const me = await signedInUser(app, { project: 'Ownership' });
  const membersPath = `/console/projects/${me.slug}/members`;

  const listed = await page(me.browser, membersPath);
  assert.doesNotMatch(listed.html, new RegExp(`action="${membersPath}/${me.userId}/`), 'the owner row has no controls');

  const demoteOwner = await postOnPage(me, `${membersPath}/${me.userId}/role`, { role: 'admin' });
  assert.equal(demoteOwner.status, 409, visibleText(demoteOwner.html));
  assert.equal(flash(demoteOwner.html)?.text, 'The owner cannot be demoted; only the provider can hand over ownership');
  const removeOwner = await postOnPage(me, `${membersPath}/${me.userId}/remove`, {});
  assert.equal(removeOwner.status, 409, visibleText(removeOwner.html));
  assert.equal(flash(removeOwner.html)?.text, 'The owner cannot be removed; only the provider can hand over ownership');
  assert.equal(await roleOnApi(app, me.slug, me.key), 'owner');

  // The operator's member API keeps the same rules.
  const operatorDemote = await app.admin(`/projects/${me.slug}/members/${me.userId}`, { method: 'PUT', body: { role: 'member' } });
  assert.equal(operatorDemote.status, 409);
  assert.equal(operatorDemote.body.code, 'owner_required');
});

test('an admin invites and manages members but cannot make an owner or touch the owner; an admin may leave', async (t) => {
  const app = await build(t);
  const owner = await signedInUser(app, { project: 'Admins' });
  const admin = await signedInMember(app, owner.slug, 'admin');
  const newcomer = await signedInOutsider(app);
  const membersPath = `/console/projects/${owner.slug}/members`;
  const asAdmin = { browser: admin.browser, slug: owner.slug };

  const listed = await page(admin.browser, membersPath);
  assert.doesNotMatch(listed.html, /<option value="owner"/, 'nobody gives the owner role in the console');
  const invited = await postOnPage(asAdmin, membersPath, { email: newcomer.email, role: 'member' });
  assert.equal(invited.status, 303, visibleText(invited.html));
  const [invitation] = receivedInvitations((await page(newcomer.browser, '/console/projects')).html);
  assert.equal((await answer(newcomer.browser, invitation!.id, 'accept')).status, 303);
  assert.equal(await roleOnApi(app, owner.slug, newcomer.key), 'member');

  const makeOwner = await postOnPage(asAdmin, `${membersPath}/${newcomer.userId}/role`, { role: 'owner' });
  assert.equal(makeOwner.status, 400, visibleText(makeOwner.html));
  assert.equal(flash(makeOwner.html)?.text, 'Role: ownership cannot be handed over in the console; ask the provider');
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
