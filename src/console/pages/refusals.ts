// What a refused form shows: the API's own words for the same refusal, with
// the API's status, so a user of the console and a client of the API learn
// the same thing. Only refusals a user can act on are shown on the form's
// page; a project or server that is not theirs stays a 404 page (never a
// hint that it exists), and a fault on our side stays a 500.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { toProblem } from '../../http/plugins/problem-details.ts';
import { isUpstreamError } from '../../upstreams/errors.ts';
import { statusByCode } from '../../schemas/error-statuses.ts';
import { describeError } from '../console-errors.ts';

export interface Refusal {
  status: number;
  message: string;
  /** The form fields the refusal names, marked invalid on the page. */
  fields: string[];
  /** What the refusal says about each field, as the form labels it: "Public key: the key data is not valid base64". */
  fieldMessages: Record<string, string>;
}

/** A form's labels by the API's field names: `{ public_key: 'Public key' }`. */
export type FieldLabels = Record<string, string>;

function fieldErrors(extra: Record<string, unknown>): { field: string; message: string }[] {
  const errors = Array.isArray(extra.errors) ? (extra.errors as { field?: unknown; message?: unknown }[]) : [];
  return errors
    .filter((entry): entry is { field: string; message?: unknown } => typeof entry.field === 'string')
    .map((entry) => ({ field: entry.field, message: typeof entry.message === 'string' ? entry.message : 'is not valid' }));
}

/** A field's name as the form shows it: its label, or its last part in words ("ssh_keys[0]" → "Ssh keys"). */
function labelOf(field: string, labels: FieldLabels): string {
  if (labels[field]) return labels[field];
  const base = field.replace(/\[\d+\]/g, '').split('.').pop() ?? field;
  if (labels[base]) return labels[base];
  const words = base.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The API's message with its field names replaced by the form's labels: the
 * API says "public_key: the key data is not valid base64", the console
 * "Public key: the key data is not valid base64".
 */
function relabel(message: string, fields: { field: string; message: string }[], labels: FieldLabels): string {
  const names = [...new Set([...fields.map((entry) => entry.field), ...Object.keys(labels)])].sort((a, b) => b.length - a.length);
  let text = message;
  for (const field of names) {
    const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const label = labelOf(field, labels);
    // A name like `port_min` is never an English word: wherever it stands, it names the field.
    // A plain word (`image`, `expiry`) names it only before a colon or opening a sentence.
    const everywhere = /[_.]/.test(field);
    text = everywhere
      ? text.replace(new RegExp(`(?<![\\w.])${escaped}(?![\\w])`, 'g'), label)
      : text
          .replace(new RegExp(`(^|[\\s(])${escaped}:`, 'g'), (_, before: string) => `${before}${label}:`)
          .replace(new RegExp(`(^|;\\s*)${escaped}(?=\\s)`, 'g'), (_, before: string) => `${before}${label}`);
  }
  return text;
}

/**
 * The API's schema patterns a customer meets on a console form, in words: a
 * person cannot act on `must match pattern "^[-A-Za-z0-9_]+$"`.
 */
const PATTERNS_IN_WORDS: Record<string, string> = {
  '^[-A-Za-z0-9_]+$': 'may use only letters, digits, hyphens and underscores',
  '^[A-Za-z0-9][A-Za-z0-9 ._-]*$': 'must start with a letter or digit, then use only letters, digits, spaces, dots, underscores and hyphens',
  '\\S': 'must not be only spaces',
  '^[A-Za-z0-9_-]{1,50}$': 'may use only letters, digits, hyphens and underscores (at most 50)',
};

function patternsInWords(message: string): string {
  // A pattern not listed is left for the page to word (the create page words the hostname's).
  return message.replace(/must match pattern "([^"]*)"/g, (whole: string, pattern: string) => PATTERNS_IN_WORDS[pattern] ?? whole);
}

function refusalFrom(status: number, message: string, extra: Record<string, unknown>, labels: FieldLabels): Refusal {
  const fields = fieldErrors(extra);
  return {
    status,
    message: patternsInWords(relabel(message, fields, labels)),
    fields: fields.map((entry) => entry.field),
    fieldMessages: Object.fromEntries(fields.map((entry) => [entry.field, patternsInWords(`${labelOf(entry.field, labels)}: ${entry.message}`)])),
  };
}

/** The form failed the API's schema for the same request: the API's detail, in the form's words. */
export function invalidForm(request: FastifyRequest, labels: FieldLabels = {}): Refusal | null {
  if (!request.validationError) return null;
  const { body } = toProblem(request.validationError, request);
  const { status, detail, ...extra } = body;
  return refusalFrom(status, detail, extra, labels);
}

/** A refusal to show beside the form, in the form's words; null for what must stay an error page. */
export function refusalOf(error: unknown, labels: FieldLabels = {}): Refusal | null {
  if (error instanceof AppError) {
    if (error.code === 'not_found') return null;
    const { status, message } = describeError(error);
    return status < 500 || isRetryable(error) ? refusalFrom(status, message, error.extra, labels) : null;
  }
  // A system behind the service failed: nothing was changed, and the user may try again.
  if (isUpstreamError(error)) return { ...describeError(error), fields: [], fieldMessages: {} };
  return null;
}

/**
 * The order billing took but did not confirm (the API's 502 with `order_id`):
 * it is recorded and being checked, so the page must not offer to order it
 * again, which could buy twice. Null for any other error.
 */
export function unconfirmedOrderId(error: unknown): number | null {
  return error instanceof AppError && error.code === 'upstream_error' && typeof error.extra.order_id === 'number' ? error.extra.order_id : null;
}

/** A system behind the service failed or is down: nothing was changed, and the same form may be sent again. */
const isRetryable = (error: AppError) => statusByCode[error.code] === 502 || statusByCode[error.code] === 503;

/**
 * A form field left empty is a field not given, as an API client would leave
 * it out (a browser sends every field of a form, empty or not).
 */
export function dropEmptyFields(body: unknown, names: readonly string[]): void {
  if (body === null || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  for (const name of names) if (fields[name] === '') delete fields[name];
}
