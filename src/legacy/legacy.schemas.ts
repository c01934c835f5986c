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

/** Every failure a legacy route can answer (401, 403, 404, 409, 413, 415, 422, 429, 502, 503) is the failure envelope. */
export const failureResponses = {
  '4xx': { ...FailureSchema, description: 'Client error (failure envelope; `errors` only on 422)' },
  '5xx': { ...FailureSchema, description: 'Server or upstream error (failure envelope)' },
};

export const success = <Data>(data: Data) => ({ result: 'success' as const, data });
