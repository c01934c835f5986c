// Checks each response body against the schema its route declares. Enabled
// by the test helper, so every integration test also proves that the
// OpenAPI document (generated from those schemas) tells the truth.
import type { FastifyInstance } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface ContractViolation {
  method: string;
  route: string;
  status: number;
  errors: string;
}

export function checkResponsesAgainstSchemas(app: FastifyInstance, report: (violation: ContractViolation) => void): void {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<string, Map<string, ValidateFunction>>();

  app.addHook('onRoute', (route) => {
    const responses = (route.schema?.response ?? {}) as Record<string, object>;
    // A response is either a schema or {content: {<media type>: {schema}}}.
    const schemaOf = (response: object) =>
      'content' in response ? Object.values((response as { content: Record<string, { schema: object }> }).content)[0]!.schema : response;
    const byStatus = new Map(Object.entries(responses).map(([status, response]) => [status, ajv.compile(schemaOf(response))]));
    // Routes that declare no response at all are the API reference's own (/docs/json, its static files), outside the contract.
    if (byStatus.size === 0) return;
    for (const method of [route.method].flat()) validators.set(`${method} ${route.url}`, byStatus);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const byStatus = route ? validators.get(`${request.method} ${route}`) : undefined;
    // Only JSON answers have schemas; /metrics is Prometheus text.
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!byStatus || typeof payload !== 'string' || !/json/.test(contentType)) return payload;
    const status = String(reply.statusCode);
    const validate = byStatus.get(status) ?? byStatus.get(`${status[0]}xx`);
    if (!validate) {
      report({ method: request.method, route: route!, status: reply.statusCode, errors: 'status not declared' });
      return payload;
    }
    const body: unknown = payload === '' ? null : JSON.parse(payload);
    if (!validate(body)) report({ method: request.method, route: route!, status: reply.statusCode, errors: ajv.errorsText(validate.errors) });
    return payload;
  });
}
