// The shared services name fields as the project API does; the legacy API's
// bodies call some of them differently. A validation failure names the field
// the legacy client sent.
import { AppError } from '../errors.ts';
import { statusOf } from '../schemas/error-statuses.ts';

export async function withLegacyFieldNames<Result>(names: Record<string, string>, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AppError) || statusOf(error) !== 400) throw error;
    const errors = ((error.extra.errors as { field: string; message: string }[] | undefined) ?? []).map((entry) => ({
      field: names[entry.field] ?? entry.field,
      message: entry.message,
    }));
    const detail = errors.length > 0 ? errors.map((entry) => `${entry.field}: ${entry.message}`).join('; ') : error.message;
    throw new AppError('validation_error', detail, { ...error.extra, errors }, error.hints);
  }
}
