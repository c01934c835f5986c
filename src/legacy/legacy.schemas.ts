// The legacy envelope as schemas: every route answers `{result: "success",
// data}` on success, and its failures are the failure envelope.
import { Type, type TSchema } from 'typebox';
import { headerSchemas, List, MAX_FIELD_ERRORS, Text, UnavailableRetryAfter, type DeclaredResponse, type ResponseHeader } from '../schemas/common.ts';

/** A product `_id`: the catalogue's product id (32 bits) as text (D13). */
export const LegacyProductId = Text(10, { pattern: '^\\d{1,10}$', description: 'Product identifier used to create or upgrade servers' });

export const FailureSchema = Type.Object(
  {
    result: Type.Literal('error'),
    message: Text(8192, { description: 'For people; may change: rely on the status code' }),
    errors: Type.Optional(List(Text(2048), MAX_FIELD_ERRORS, { description: 'Only for validation failures (422)' })),
  },
  { title: 'LegacyError' },
);

export const Success = <Data extends TSchema>(data: Data) => Type.Object({ result: Type.Literal('success'), data });

export const SuccessNull = Success(Type.Null());

/** The statuses legacy routes declare one by one (D13). */
export type FailureStatus = 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

const WHEN: Record<FailureStatus | 500, string> = {
  401: 'No valid API token: missing, unknown, revoked or expired',
  403: 'Access forbidden: the account has not been granted this API, or a read-only token asked for a change',
  404: 'No such server or key of this account',
  409: 'The request conflicts with the state of the server or key',
  422: 'The given data was invalid; `errors` lists each problem',
  429: 'More than 10 order requests a minute with this token (deploys, upgrades, and orders through the project API)',
  502: 'A system behind the API failed or did not answer; send the same request again',
  503: 'A system behind the API is unavailable for now',
  500: 'Something went wrong on our side',
};

const failure = (description: string, headers?: Record<string, ResponseHeader>): DeclaredResponse => ({
  description,
  ...(headers ? { headers: headerSchemas(headers) } : {}),
  content: { 'application/json': { schema: FailureSchema } },
});

/** The failures of a legacy route, each in the failure envelope: the statuses it can answer with, then what any route can. */
export function failureResponses(...statuses: (FailureStatus | readonly [FailureStatus, { description?: string; headers?: Record<string, ResponseHeader> }])[]): Record<string, DeclaredResponse> {
  const declared: Record<string, DeclaredResponse> = {};
  for (const entry of statuses) {
    const [status, options] = typeof entry === 'number' ? [entry, {}] : entry;
    declared[status] = failure(options.description ?? WHEN[status], options.headers ?? (status === 503 ? UnavailableRetryAfter : undefined));
  }
  return {
    ...declared,
    '4xx': failure('Another client error, at the edge: a body too large (413), a URL too long (414), a body that is not JSON (415)'),
    500: failure(WHEN[500]),
  };
}

export const success = <Data>(data: Data) => ({ result: 'success' as const, data });
