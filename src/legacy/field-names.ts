// The shared services name fields as the project API does; the legacy API's
// bodies call some of them differently. A validation failure names the field
// the legacy client sent.
import { ApiError } from '../http/errors.ts';

export async function withLegacyFieldNames<Result>(names: Record<string, string>, call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const errors = ((error.extra.errors as { field: string; message: string }[] | undefined) ?? []).map((entry) => ({
      field: names[entry.field] ?? entry.field,
      message: entry.message,
    }));
    const detail = errors.length > 0 ? errors.map((entry) => `${entry.field}: ${entry.message}`).join('; ') : error.message;
    throw new ApiError('validation_error', detail, { ...error.extra, errors }, error.headers);
  }
}
