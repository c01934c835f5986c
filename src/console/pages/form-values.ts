// Reading what a browser sent: ids from paths and forms, and text fields.
// A browser sends every field of a form as text, so these read leniently and
// leave the judging to the API's schemas and the services.
import { AppError } from '../../errors.ts';

/** An id in a path or a form is plain digits, or it names nothing (404), as on the API. */
export function pathId(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new AppError('not_found', `${what} not found`);
  return Number(text);
}

/** One text field of a form; a missing field (or one that is not text) reads as empty. */
export function textField(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** Several text fields at once, by name. */
export function textFields<Name extends string>(body: unknown, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, textField(body, name)])) as Record<Name, string>;
}
