// Two validators: bodies are checked exactly as sent (a number where a
// string belongs is an error, never coerced), while query strings and path
// parameters arrive as text and are coerced to the schema's types.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, removeAdditional: false, ...options });
  addFormats(ajv);
  return ajv;
}

export function installValidation(app: FastifyInstance): void {
  const bodies = createAjv({ coerceTypes: false });
  const textual = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodies : textual).compile(schema as object) as never,
  );
}
