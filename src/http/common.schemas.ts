// Schemas shared by every route: the problem-details body and the error
// responses each route declares (so the OpenAPI document shows them too).
import { Type, type TSchema } from 'typebox';

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([schema, Type.Null()], options);

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String({ description: 'Stable error code' }),
    detail: Type.String(),
    errors: Type.Optional(
      Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
        description: 'Field-level problems of a validation_error',
      }),
    ),
  },
  { additionalProperties: true, description: 'RFC 9457 problem details' },
);

// Declared under their real media type, so generated clients parse errors too.
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

export const errorResponses = {
  '4xx': problemResponse('Client error (problem details)'),
  '5xx': problemResponse('Server or upstream error (problem details)'),
};

export const NoContent = Type.Null({ description: 'No content' });
