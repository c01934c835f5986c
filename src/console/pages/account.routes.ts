// The account area of the console (section 'account'): the profile and a
// new password, the sessions signed in (and signing out all the others), and
// two-factor sign-in with an authenticator app (TOTP) and recovery codes. The
// API keys page (/console/profile, profile.routes.ts) is part of the same area.
//
// Every check of a password or a code goes through SignInService, so wrong
// ones here count against the same throttle as wrong ones at sign-in. A
// secret is shown only while it is being set up, and recovery codes only in
// the answer that made them: a reload of that answer makes nothing again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { Type } from 'typebox';
import { AppError, type FieldError } from '../../errors.ts';
import {
  groupedSecret,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  type SessionListing,
  TOTP_ISSUER,
  totpUri,
} from '../../modules/console-sessions/index.ts';
import { PASSWORD_LENGTH } from '../../modules/users/index.ts';
import type { Services } from '../../services.ts';
import { redirectWith, sendPage, type Crumb, type Problem } from '../console-page.ts';
import { moment } from './display.ts';

declare module 'fastify' {
  interface Session {
    /** The authenticator secret offered while two-factor sign-in is being set up; gone once it is on. */
    totpSetup?: string;
  }
}

export const ACCOUNT_URL = '/console/account';
const SESSIONS_URL = `${ACCOUNT_URL}/sessions`;
const TWO_FACTOR_URL = `${ACCOUNT_URL}/two-factor`;

/** The account area's own navigation: which of its pages this is. */
export type AccountTab = 'profile' | 'two-factor' | 'sessions' | 'api-keys';

const ACCOUNT_TABS: { tab: AccountTab; text: string; url: string }[] = [
  { tab: 'profile', text: 'Profile and password', url: ACCOUNT_URL },
  { tab: 'two-factor', text: 'Two-factor sign-in', url: TWO_FACTOR_URL },
  { tab: 'sessions', text: 'Sessions', url: SESSIONS_URL },
  { tab: 'api-keys', text: 'API keys', url: '/console/profile' },
];

/** The data every account page passes its template for the area's navigation and breadcrumb. */
export function accountFrame(active: AccountTab): { section: 'account'; accountNav: { text: string; url: string; current: boolean }[]; breadcrumbs: Crumb[] } {
  const current = ACCOUNT_TABS.find((entry) => entry.tab === active)!;
  const breadcrumbs = [{ text: 'Account', url: ACCOUNT_URL }];
  if (active !== 'profile') breadcrumbs.push({ text: current.text, url: current.url });
  return { section: 'account', accountNav: ACCOUNT_TABS.map((entry) => ({ text: entry.text, url: entry.url, current: entry.tab === active })), breadcrumbs };
}

const PASSWORD_LABELS: Record<string, string> = { current_password: 'Current password', new_password: 'New password', new_password_again: 'New password again' };

const PasswordForm = Type.Object({
  current_password: Type.Optional(Type.String({ maxLength: 1024 })),
  new_password: Type.Optional(Type.String({ maxLength: 1024 })),
  new_password_again: Type.Optional(Type.String({ maxLength: 1024 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

const CodeForm = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Field messages in the form's words, and the one summary for the messages region. */
function problemOf(errors: readonly FieldError[], labels: Record<string, string>, status: number): { problem: Problem; fieldErrors: Record<string, string> } {
  const fieldErrors = Object.fromEntries(errors.map((error) => [error.field, `${labels[error.field] ?? error.field}: ${error.message}`]));
  return { problem: { status, message: Object.values(fieldErrors).map((line) => `${line}.`).join(' ') }, fieldErrors };
}

/** A throttled check (too many wrong passwords or codes): the wait, as a refusal of the form. */
function throttled(reply: FastifyReply, error: unknown, field: string): FieldError {
  if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
  if (error.hints.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.hints.retryAfterSeconds));
  return { field, message: error.message };
}

/** "Firefox on Linux": enough to tell one's sessions apart, from the browser's User-Agent. */
function describeBrowser(userAgent: string): string {
  if (userAgent === '') return 'An unknown browser';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/^curl\//, 'curl'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? 'A browser';
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  return system ? `${browser as string} on ${system as string}` : (browser as string);
}

function sessionRow(session: SessionListing) {
  return {
    current: session.current,
    browser: session.signedInFrom ? describeBrowser(session.signedInFrom.userAgent) : 'An unknown browser',
    userAgent: session.signedInFrom?.userAgent ?? '',
    address: session.signedInFrom?.address ?? 'unknown',
    signedIn: moment(session.createdAt),
    lastSeen: moment(session.lastSeenAt),
  };
}

/** "1 other session", "3 other sessions". */
const otherSessions = (count: number) => `${count} other session${count === 1 ? '' : 's'}`;

export async function accountPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  async function sendProfile(request: FastifyRequest, reply: FastifyReply, problem: Problem | null, fieldErrors: Record<string, string>, status: number): Promise<FastifyReply> {
    const user = request.consoleUser;
    const twoFactor = await services.signIn.twoFactorState(user.id);
    return sendPage(
      request,
      reply,
      'account',
      {
        title: 'Account',
        ...accountFrame('profile'),
        profile: { email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), since: moment(user.created_at) },
        twoFactor,
        passwordLength: PASSWORD_LENGTH,
        fieldErrors,
        problem,
      },
      status,
    );
  }

  app.get('/account', async (request, reply) => sendProfile(request, reply, null, {}, 200));

  app.post('/account/password', { schema: { body: PasswordForm } }, async (request, reply) => {
    const body = request.body as Partial<Record<'current_password' | 'new_password' | 'new_password_again', string>>;
    const user = request.consoleUser;
    let changed: boolean;
    try {
      changed = await services.signIn.changePassword(user.id, { current: body.current_password ?? '', next: body.new_password ?? '', repeated: body.new_password_again ?? '' }, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.code === 'validation_error') {
        const { problem, fieldErrors } = problemOf((error.extra.errors as FieldError[] | undefined) ?? [], PASSWORD_LABELS, 400);
        return sendProfile(request, reply, { ...problem, message: `Your password was not changed. ${problem.message}` }, fieldErrors, 400);
      }
      const { problem, fieldErrors } = problemOf([throttled(reply, error, 'current_password')], PASSWORD_LABELS, 429);
      return sendProfile(request, reply, { ...problem, message: `Your password was not changed. ${problem.message}` }, fieldErrors, 429);
    }
    if (!changed) {
      const { problem, fieldErrors } = problemOf([{ field: 'current_password', message: 'the password is wrong' }], PASSWORD_LABELS, 401);
      return sendProfile(request, reply, { ...problem, message: `Your password was not changed. ${problem.message}` }, fieldErrors, 401);
    }
    // Whoever else had the old password is out: every other session of the user ends.
    const ended = await services.consoleSessions.endOtherSessions(user.id, request.session.sessionId);
    request.log.info({ userId: user.id, endedSessions: ended }, 'console password changed');
    return redirectWith(request, reply, ACCOUNT_URL, {
      kind: 'success',
      message: `Your password was changed.${ended > 0 ? ` ${otherSessions(ended)} ${ended === 1 ? 'was' : 'were'} signed out.` : ''}`,
    });
  });

  app.get('/account/sessions', async (request, reply) => {
    const sessions = await services.consoleSessions.listForUser(request.consoleUser.id, request.session.sessionId);
    return sendPage(request, reply, 'account-sessions', {
      title: 'Sessions',
      ...accountFrame('sessions'),
      sessions: sessions.map(sessionRow),
      others: sessions.filter((session) => !session.current).length,
    });
  });

  app.post('/account/sessions/sign-out-others', async (request, reply) => {
    const ended = await services.consoleSessions.endOtherSessions(request.consoleUser.id, request.session.sessionId);
    return redirectWith(request, reply, SESSIONS_URL, {
      kind: 'success',
      message: ended === 0 ? 'You were signed in nowhere else.' : `Signed out everywhere else: ${otherSessions(ended)} ended.`,
    });
  });

  async function sendTwoFactor(request: FastifyRequest, reply: FastifyReply, problem: Problem | null, fieldErrors: Record<string, string>, status: number): Promise<FastifyReply> {
    const user = request.consoleUser;
    const state = await services.signIn.twoFactorState(user.id);
    let setup = null;
    if (!state.enabled) {
      // The same secret until it is confirmed, so a reload shows the QR code the app may already have read.
      const secret = request.session.get('totpSetup') ?? newTotpSecret();
      request.session.set('totpSetup', secret);
      const uri = totpUri(secret, user.email);
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      setup = { qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret: groupedSecret(secret), issuer: TOTP_ISSUER, account: user.email };
    }
    return sendPage(
      request,
      reply,
      'account-two-factor',
      { title: 'Two-factor sign-in', ...accountFrame('two-factor'), state, setup, enabledAt: moment(state.enabledAt), codeCount: RECOVERY_CODE_COUNT, fieldErrors, problem },
      status,
    );
  }

  function sendRecoveryCodes(request: FastifyRequest, reply: FastifyReply, codes: string[], renewed: boolean): FastifyReply {
    // Said in the page's one messages region, as a redirect's message would be.
    request.session.set('flash', { kind: 'success', message: renewed ? 'New recovery codes were made; the old ones no longer work.' : 'Two-factor sign-in is on.' });
    return sendPage(request, reply, 'account-recovery-codes', { title: 'Your recovery codes', ...accountFrame('two-factor'), codes, renewed }, 201);
  }

  const CODE_LABELS = { code: 'Code', password: 'Password' };
  const refuseCode = (request: FastifyRequest, reply: FastifyReply, prefix: string, errors: FieldError[], status: number) => {
    const { problem, fieldErrors } = problemOf(errors, CODE_LABELS, status);
    return sendTwoFactor(request, reply, { ...problem, message: `${prefix} ${problem.message}` }, fieldErrors, status);
  };
  const WRONG_CODE: FieldError = { field: 'code', message: 'the code is wrong, was already used, or has expired' };

  app.get('/account/two-factor', async (request, reply) => sendTwoFactor(request, reply, null, {}, 200));

  app.post('/account/two-factor/enable', { schema: { body: CodeForm } }, async (request, reply) => {
    const { code = '', password = '' } = request.body as { code?: string; password?: string };
    const secret = request.session.get('totpSetup');
    const state = await services.signIn.twoFactorState(request.consoleUser.id);
    if (state.enabled || !secret) {
      // A reload of the answer that showed the recovery codes: nothing is made again, and they are not shown again.
      const message = state.enabled
        ? 'Two-factor sign-in is already on. Recovery codes are shown only once, when they are made; make new ones below if you have lost them.'
        : 'The setup expired; scan the new QR code and enter the code it shows.';
      return sendTwoFactor(request, reply, { status: 409, message }, {}, 409);
    }
    let enabled: Awaited<ReturnType<typeof services.signIn.enableTwoFactor>>;
    try {
      enabled = await services.signIn.enableTwoFactor(request.consoleUser.id, secret, { password, code }, request.ip);
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return sendTwoFactor(request, reply, { status: 409, message: error.message }, {}, 409);
      return refuseCode(request, reply, 'Two-factor sign-in is still off.', [throttled(reply, error, 'password')], 429);
    }
    if (enabled.outcome !== 'enabled') {
      const wrongPassword = enabled.outcome === 'wrong_password';
      return refuseCode(request, reply, 'Two-factor sign-in is still off.', [wrongPassword ? { field: 'password', message: 'the password is wrong' } : WRONG_CODE], wrongPassword ? 401 : 400);
    }
    request.session.set('totpSetup', undefined);
    request.log.info({ userId: request.consoleUser.id }, 'two-factor sign-in turned on');
    return sendRecoveryCodes(request, reply, enabled.recoveryCodes, false);
  });

  app.post('/account/two-factor/recovery-codes', { schema: { body: CodeForm } }, async (request, reply) => {
    const { code = '' } = request.body as { code?: string };
    let codes: string[] | null;
    try {
      codes = await services.signIn.renewRecoveryCodes(request.consoleUser.id, code, request.ip);
    } catch (error) {
      return refuseCode(request, reply, 'No new recovery codes were made.', [throttled(reply, error, 'code')], 429);
    }
    if (!codes) return refuseCode(request, reply, 'No new recovery codes were made.', [WRONG_CODE], 401);
    return sendRecoveryCodes(request, reply, codes, true);
  });

  app.post('/account/two-factor/disable', { schema: { body: CodeForm } }, async (request, reply) => {
    const { code = '', password = '' } = request.body as { code?: string; password?: string };
    let outcome: Awaited<ReturnType<typeof services.signIn.disableTwoFactor>>;
    try {
      outcome = await services.signIn.disableTwoFactor(request.consoleUser.id, password, code, request.ip);
    } catch (error) {
      return refuseCode(request, reply, 'Two-factor sign-in is still on.', [throttled(reply, error, 'code')], 429);
    }
    if (outcome === 'wrong_password') return refuseCode(request, reply, 'Two-factor sign-in is still on.', [{ field: 'password', message: 'the password is wrong' }], 401);
    if (outcome === 'wrong_code') return refuseCode(request, reply, 'Two-factor sign-in is still on.', [WRONG_CODE], 401);
    request.log.info({ userId: request.consoleUser.id }, 'two-factor sign-in turned off');
    return redirectWith(request, reply, TWO_FACTOR_URL, { kind: 'success', message: 'Two-factor sign-in is off: your password alone signs you in. Your recovery codes no longer work.' });
  });
}
