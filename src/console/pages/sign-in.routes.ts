// Signing in and out. A new session id at every sign-in (the old session is
// destroyed), then back to the page that was asked for.
//
// With two-factor sign-in on, the password is the first step only: the
// session is replaced and holds who is signing in (never `userId`, so no page
// behind sign-in opens) until a code from the authenticator app, or a
// recovery code, is given within a few minutes; then it is replaced again,
// signed in. Wrong codes are throttled like wrong passwords.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import { type SignedInFrom, SignInRefused, USER_AGENT_KEPT } from '../../modules/console-sessions/index.ts';
import { noteForAudit } from '../../routing/audit-notes.ts';
import type { Services } from '../../services.ts';
import { redirectWith, safeNext, sendPage } from '../console-page.ts';

declare module 'fastify' {
  interface Session {
    /** Where this session was signed in from, for the user's list of sessions. */
    signedInFrom?: SignedInFrom;
    /** The password was right; a code is still to come (two-factor sign-in). */
    secondStep?: { userId: number; until: string; next: string };
  }
}

const SignInForm = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
  next: Type.Optional(Type.String({ maxLength: 2048 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

const CodeForm = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 100 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

const SIGN_IN_PATH = '/console/login';
const CODE_PATH = '/console/login/code';

export async function signInPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  /** The session becomes a new, signed-in one (never the id it had before), and goes where it was going. */
  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, userId: number, next: string): Promise<FastifyReply> {
    await request.session.regenerate();
    request.session.set('userId', userId);
    request.session.set('signedInFrom', { address: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_KEPT) });
    // The new session gets its CSRF secret now, not from the first page it
    // shows: two pages opened at once after sign-in would each make one, the
    // last saved would win, and the other page's forms would all be refused.
    reply.generateCsrf();
    noteForAudit(request, { operation: 'sign_in' });
    // Sign-ins are rare next to page views: a good moment to drop what is over (both are indexed deletes).
    await services.consoleSessions.removeExpired();
    await services.signIn.forgetOldFailures();
    return reply.redirect(next, 303);
  }

  function refusedPage(request: FastifyRequest, reply: FastifyReply, error: unknown, page: (status: number, message: string) => FastifyReply): FastifyReply {
    if (!(error instanceof AppError) || (error.code !== 'unauthenticated' && error.code !== 'rate_limited')) throw error;
    const userId = error instanceof SignInRefused ? error.userId : request.session.get('secondStep')?.userId;
    noteForAudit(request, { operation: 'sign_in_failed', problemCode: error.code, ...(userId != null ? { userId } : {}) });
    if (error.hints.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.hints.retryAfterSeconds));
    return page(error.code === 'rate_limited' ? 429 : 401, error.message);
  }

  app.get('/login', async (request, reply) => {
    const next = safeNext((request.query as { next?: unknown }).next);
    if (request.session.get('userId') !== undefined) return reply.redirect(next, 303);
    return sendPage(request, reply, 'sign-in', { title: 'Sign in', next, email: '' });
  });

  app.post('/login', { schema: { body: SignInForm } }, async (request, reply) => {
    const form = request.body as { email: string; password: string; next?: string };
    const next = safeNext(form.next);
    try {
      const signedIn = await services.signIn.signIn(form.email, form.password, request.ip);
      if (signedIn.secondStepUntil === null) return await finishSignIn(request, reply, signedIn.userId, next);
      // Half signed in: a new session that knows who, and nothing more, until the code.
      await request.session.regenerate();
      request.session.set('secondStep', { userId: signedIn.userId, until: signedIn.secondStepUntil, next });
      reply.generateCsrf();
      noteForAudit(request, { operation: 'sign_in_code_required', userId: signedIn.userId });
      return reply.redirect(CODE_PATH, 303);
    } catch (error) {
      return refusedPage(request, reply, error, (status, message) =>
        sendPage(request, reply, 'sign-in', { title: 'Sign in', next, email: form.email, problem: { message, status } }, status),
      );
    }
  });

  app.get('/login/code', async (request, reply) => {
    if (request.session.get('userId') !== undefined) return reply.redirect('/console/', 303);
    if (!request.session.get('secondStep')) return reply.redirect(SIGN_IN_PATH, 303);
    return sendPage(request, reply, 'sign-in-code', { title: 'Two-factor sign-in', heading: 'Enter your code' });
  });

  app.post('/login/code', { schema: { body: CodeForm } }, async (request, reply) => {
    const pending = request.session.get('secondStep');
    if (!pending) return reply.redirect(SIGN_IN_PATH, 303);
    const { code = '' } = request.body as { code?: string };
    const codePage = (status: number, message: string) =>
      sendPage(request, reply, 'sign-in-code', { title: 'Two-factor sign-in', heading: 'Enter your code', problem: { message, status } }, status);
    try {
      if (await services.signIn.completeSignIn(pending.userId, code, pending.until, request.ip)) return await finishSignIn(request, reply, pending.userId, pending.next);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthenticated') {
        // Too late: the half-done sign-in is over, and the password is asked again.
        noteForAudit(request, { operation: 'sign_in_failed', problemCode: error.code, userId: pending.userId });
        request.session.set('secondStep', undefined);
        return redirectWith(request, reply, `${SIGN_IN_PATH}?next=${encodeURIComponent(pending.next)}`, { kind: 'error', message: error.message });
      }
      return refusedPage(request, reply, error, codePage);
    }
    noteForAudit(request, { operation: 'sign_in_failed', problemCode: 'unauthenticated', userId: pending.userId });
    return codePage(401, 'The code is wrong, was already used, or has expired. Enter the code your app shows now, or one of your recovery codes.');
  });

  app.post('/logout', async (request, reply) => {
    await request.session.destroy();
    return reply.redirect(SIGN_IN_PATH, 303);
  });
}
