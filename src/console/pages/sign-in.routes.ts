// Signing in and out. A new session id at every sign-in (the old session is
// destroyed), then back to the page that was asked for.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services.ts';
import { safeNext, sendPage } from '../console-page.ts';

const SignInForm = Type.Object({
  email: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
  next: Type.Optional(Type.String({ maxLength: 2048 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

export async function signInPages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/login', async (request, reply) => {
    const next = safeNext((request.query as { next?: unknown }).next);
    if (request.session.get('userId') !== undefined) return reply.redirect(next, 303);
    return sendPage(request, reply, 'sign-in', { title: 'Sign in', next, email: '', error: null });
  });

  app.post('/login', { schema: { body: SignInForm } }, async (request, reply) => {
    const form = request.body as { email: string; password: string; next?: string };
    const next = safeNext(form.next);
    try {
      const signedIn = await services.signIn.signIn(form.email, form.password, request.ip);
      await request.session.regenerate();
      request.session.set('userId', signedIn.userId);
      // The new session gets its CSRF secret now, not from the first page it
      // shows: two pages opened at once after sign-in would each make one, the
      // last saved would win, and the other page's forms would all be refused.
      reply.generateCsrf();
      // Sign-ins are rare next to page views: a good moment to drop what is over (both are indexed deletes).
      await services.consoleSessions.removeExpired();
      await services.signIn.forgetOldFailures();
      return reply.redirect(next, 303);
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'unauthenticated' && error.code !== 'rate_limited')) throw error;
      if (error.hints.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.hints.retryAfterSeconds));
      const status = error.code === 'rate_limited' ? 429 : 401;
      return sendPage(request, reply, 'sign-in', { title: 'Sign in', next, email: form.email, error: error.message }, status);
    }
  });

  app.post('/logout', async (request, reply) => {
    await request.session.destroy();
    return reply.redirect('/console/login', 303);
  });
}
