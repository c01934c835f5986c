// The legacy envelope as schemas: every route answers `{result: "success",
// data}` on success, and its failures are the failure envelope.
import { Type, type TSchema } from 'typebox';

export const FailureSchema = Type.Object({
  result: Type.Literal('error'),
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.String(), { description: 'Only for validation failures (422)' })),
});

export const Success = <Data extends TSchema>(data: Data) => Type.Object({ result: Type.Literal('success'), data });

export const SuccessNull = Success(Type.Null());

/** The failure statuses a legacy route can answer. */
export const failureResponses = Object.fromEntries(
  [401, 403, 404, 409, 422, 429, 502, 503].map((status) => [status, FailureSchema]),
) as Record<401 | 403 | 404 | 409 | 422 | 429 | 502 | 503, typeof FailureSchema>;

export const success = <Data>(data: Data) => ({ result: 'success' as const, data });
