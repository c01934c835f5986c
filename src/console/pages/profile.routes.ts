// The API keys page of the account area (/console/profile, kept at its first
// address): the user's API keys, and a form to make a new key (D16). A new
// key's token is rendered in the answer to the form's POST and nowhere else:
// no redirect to a page that could be opened again, and the console sends
// every page with Cache-Control: no-store. The form carries a one-time token,
// so reloading that answer (the browser sends the POST again) makes no
// second key: it says the key was made already and is not shown again.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, type FieldError } from '../../errors.ts';
import type { CheckedConsoleKey, ConsoleKeyExpiry } from '../../modules/api-keys/index.ts';
import type { Services } from '../../services.ts';
import { issueFormToken, redirectWith, sendPage, spendFormToken, type Problem } from '../console-page.ts';
import { accountFrame } from './account.routes.ts';
import { noteForAudit } from '../../routing/audit-notes.ts';

// Generous bounds: the form's own rules (1–100 characters…) are checked by the
// service, so a wrong value comes back as a message on the form, not as a bare 400.
const CreateKeyForm = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 2000 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  expiry_date: Type.Optional(Type.String({ maxLength: 40 })),
  read_only: Type.Optional(Type.String({ maxLength: 20 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  form_token: Type.Optional(Type.String({ maxLength: 200 })),
  _csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

const KeyParams = Type.Object({ keyId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** What the user typed, shown again when the form comes back with an error; never the password. */
interface KeyFormValues {
  name: string;
  expires: string;
  expiry_date: string;
  read_only: boolean;
}

const EMPTY_FORM: KeyFormValues = { name: '', expires: '90', expiry_date: '', read_only: false };

/** The form's labels, so a message names the field as the user sees it. */
const FIELD_LABELS: Record<string, string> = { name: 'Name', expires: 'Expires', expiry_date: 'Expiry date', password: 'Password' };

export async function profilePages(app: FastifyInstance, { services }: { services: Services }): Promise<void> {
  app.get('/profile', async (request, reply) => sendProfile(request, reply, services, EMPTY_FORM, [], 200));

  app.post('/profile/keys', { schema: { body: CreateKeyForm } }, async (request, reply) => {
    const body = request.body as Partial<Record<'name' | 'expires' | 'expiry_date' | 'read_only' | 'password' | 'form_token', string>>;
    const form: KeyFormValues = {
      name: body.name ?? '',
      expires: body.expires ?? '',
      expiry_date: body.expiry_date ?? '',
      // A checkbox is sent only when ticked, whatever its value.
      read_only: body.read_only !== undefined,
    };
    const user = request.consoleUser;
    // The rules first, then the password: a slow hash is spent only on a form that could succeed.
    let settings: CheckedConsoleKey;
    try {
      settings = services.apiKeys.checkConsoleKey({ name: form.name, readOnly: form.read_only, expiry: expiryChoice(form) });
    } catch (error) {
      if (error instanceof AppError && error.code === 'validation_error') {
        return sendProfile(request, reply, services, form, (error.extra.errors as FieldError[] | undefined) ?? [], 400);
      }
      throw error;
    }
    // Asked again so that a session left open (or taken over) cannot mint a key that outlives it.
    let confirmed: boolean;
    try {
      confirmed = await services.signIn.confirmPassword(user.id, body.password ?? '', request.ip);
    } catch (error) {
      // Too many wrong passwords (here or at sign-in): the same wait as signing in.
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      if (error.hints.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.hints.retryAfterSeconds));
      return sendProfile(request, reply, services, form, [{ field: 'password', message: `${error.message}; no key was created` }], 429);
    }
    if (!confirmed) {
      const wrongPassword = { field: 'password', message: 'the password is wrong; no key was created' };
      return sendProfile(request, reply, services, form, [wrongPassword], 401);
    }
    // Last before acting, so a form refused above can be corrected and sent again with its token.
    if (!spendFormToken(request, body.form_token)) {
      if (!body.form_token) {
        return sendProfile(request, reply, services, form, [], 400, { status: 400, message: 'This form is out of date and no key was created. Check the form below and send it again.' });
      }
      return sendProfile(request, reply, services, EMPTY_FORM, [], 409, {
        status: 409,
        message: 'This form was already sent: the key was created then, and its token is not shown again. If you did not copy it, revoke that key below and create a new one.',
      });
    }
    const created = await services.apiKeys.create(user.id, settings);
    request.log.info({ keyId: created.id }, 'API key created in the console');
    noteForAudit(request, { operation: 'api_key.created', resource: { type: 'api_key', id: created.id, name: created.name } });
    // Said in the page's one messages region, as a redirect's message would be.
    request.session.set('flash', { kind: 'success', message: `The key “${created.name}” was created.` });
    return sendPage(request, reply, 'key-created', { title: 'API key created', ...accountFrame('api-keys'), key: created }, 201);
  });

  app.post('/profile/keys/:keyId/revoke', { schema: { params: KeyParams } }, async (request, reply) => {
    const { keyId } = request.params as { keyId: number };
    await services.apiKeys.revokeOwn(request.consoleUser.id, keyId);
    return redirectWith(request, reply, '/console/profile', {
      kind: 'success',
      message: 'The key was revoked: it no longer works on the project API or the legacy API.',
    });
  });
}

/** The select's value as the service's choice; anything else is no choice, which the service refuses. */
function expiryChoice(form: KeyFormValues): ConsoleKeyExpiry | null {
  if (form.expires === 'date') return { date: form.expiry_date };
  return /^\d{1,4}$/.test(form.expires) ? { days: Number(form.expires) } : null;
}

async function sendProfile(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  form: KeyFormValues,
  errors: readonly FieldError[],
  status: number,
  refusal: Problem | null = null,
): Promise<FastifyReply> {
  const user = request.consoleUser;
  // A revoked key can never work again and cannot be revoked twice, so the
  // table lists only the keys that still can (expired ones included, marked).
  const keys = (await services.apiKeys.listForUser(user.id))
    .filter((key) => key.revoked_at === null)
    .map((key) => ({ ...key, expired: services.apiKeys.hasExpired(key) }));
  const fieldErrors = Object.fromEntries(errors.map((error) => [error.field, error.message]));
  const summary = errors.map((error) => `${FIELD_LABELS[error.field] ?? error.field}: ${error.message}.`);
  const problem = refusal ?? (summary.length > 0 ? { status, message: `No key was created. ${summary.join(' ')}` } : null);
  const dateBounds = services.apiKeys.consoleKeyDateBounds();
  return sendPage(
    request,
    reply,
    'profile',
    { title: 'API keys', ...accountFrame('api-keys'), profile: user, keys, form, fieldErrors, problem, dateBounds, formToken: issueFormToken(request) },
    status,
  );
}
