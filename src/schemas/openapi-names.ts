// Named schemas in the OpenAPI documents. A route schema, or any part of one,
// that has a `title` is a named type: the document lists it once under
// `components.schemas` by that title, and every place it occurs becomes a
// `$ref` to it, so a client generated in any language gets a type of that name
// (`Server`, `Problem`) instead of an anonymous copy per operation.
//
// The route schemas themselves stay inline, without `$id`: Fastify validates
// and fast-json-stringify serializes them exactly as before, and the names
// are made only when the document is. A title is a promise that the shape is
// the same wherever it appears, so two different schemas with one title stop
// the service at start (checkRouteSchemaTitles), not silently in a document.
import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from 'typebox';

type Schema = Record<string, unknown>;

/** The annotation of a schema that narrows a named one (see `narrows`). */
const NARROWS = 'x-narrows';
/** The annotation of a schema the service reads leniently but documents strictly (see `documentedAs`). */
const DOCUMENTED_AS = 'x-documented-as';

/** Keywords whose annotation changes no value a schema accepts: a narrowing may leave them out. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

// Where JSON Schema 2020-12 nests schemas: a schema, a list of them, or a map of them.
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Options for a schema that narrows `base` (a schema with a title): the same
 * members, some of them taking fewer values. The document shows it as a
 * `$ref` to the base with the narrower keywords beside it (OpenAPI 3.1 allows
 * keywords next to `$ref`), so generators name it by the base while the
 * document stays as exact as the route's schema. Each problem-details
 * response uses it: every one is a `Problem`, and each names only the codes
 * it can carry.
 */
export function narrows(base: TSchema): Record<string, TSchema> {
  return { [NARROWS]: base };
}

/**
 * `lenient`, documented as `documented`. For query parameters the service
 * tolerates in any form (a `page` that is not a number is a missing page, 404,
 * not a bad request) while clients are told the form to send (an integer):
 * the route validates with `lenient`, the document describes `documented`.
 */
export function documentedAs<Lenient extends TSchema>(lenient: Lenient, documented: TSchema): Lenient {
  return Object.assign(lenient, { [DOCUMENTED_AS]: documented });
}

/**
 * What `schema` says beyond `base`: the keywords whose values differ, and for
 * `properties`, what each property says beyond the base's. Beside a `$ref` to
 * the base, both apply, so only the narrower values need saying. A keyword of
 * the base left out would make the schema accept more: that is refused.
 */
function narrowerKeywords(schema: Schema, base: Schema, what: string): Schema {
  const narrower: Schema = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(schema)])) {
    if (ANNOTATIONS.has(key) || isDeepStrictEqual(base[key], schema[key])) continue;
    if (!(key in schema)) throw new Error(`${what} leaves out ${key}: it would accept more, not less`);
    const [baseProperties, properties] = [base.properties, schema.properties];
    if (key !== 'properties' || !isSchema(baseProperties) || !isSchema(properties)) {
      narrower[key] = schema[key];
      continue;
    }
    const narrowerProperties: Schema = {};
    for (const name of new Set([...Object.keys(baseProperties), ...Object.keys(properties)])) {
      const [property, baseProperty] = [properties[name], baseProperties[name]];
      if (!isSchema(property)) throw new Error(`${what} leaves out the property ${name}: it would accept more, not less`);
      if (isDeepStrictEqual(property, baseProperty)) continue;
      narrowerProperties[name] = isSchema(baseProperty) ? narrowerKeywords(property, baseProperty, `${what}, property ${name},`) : property;
    }
    narrower.properties = narrowerProperties;
  }
  return narrower;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const mapValues = (map: unknown, change: (value: unknown, key: string) => unknown): unknown =>
  isSchema(map) ? Object.fromEntries(Object.entries(map).map(([key, value]) => [key, change(value, key)])) : map;

/**
 * The named schemas met so far, and where each was first met: for the
 * document being written, or for the route schemas checked at start.
 */
class NamedSchemas {
  readonly byTitle = new Map<string, { schema: Schema; where: string }>();
  // Route schemas are shared objects: each is worked out once (the document's are copies, which these never match).
  private readonly referred = new WeakMap<Schema, Schema>();
  private readonly withParts = new WeakMap<Schema, Schema>();

  constructor(private readonly documentName: string) {}

  /** `schema` with every named schema in it (itself included) replaced by a `$ref` to its entry. */
  refer(schema: unknown, where: string): unknown {
    if (!isSchema(schema)) return schema;
    let referred = this.referred.get(schema);
    if (!referred) {
      referred = this.referOnce(schema, where);
      this.referred.set(schema, referred);
    }
    return referred;
  }

  private referOnce(schema: Schema, where: string): Schema {
    if (isSchema(schema[DOCUMENTED_AS])) return this.refer(schema[DOCUMENTED_AS], where) as Schema;
    const named = this.withNamedParts(schema, where);
    const base = schema[NARROWS];
    if (isSchema(base)) return this.narrowing(named, base, where);
    return typeof named.title === 'string' ? this.define(named.title, named, where) : named;
  }

  /** The schema itself, with the schemas nested in it referred to. */
  private withNamedParts(schema: Schema, where: string): Schema {
    const known = this.withParts.get(schema);
    if (known) return known;
    const result: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === NARROWS) continue;
      if (SUBSCHEMA.has(key)) result[key] = this.refer(value, where);
      else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) result[key] = value.map((item) => this.refer(item, where));
      else if (SUBSCHEMA_MAPS.has(key)) result[key] = mapValues(value, (item) => this.refer(item, where));
      else result[key] = value;
    }
    this.withParts.set(schema, result);
    return result;
  }

  private define(title: string, schema: Schema, where: string): Schema {
    const first = this.byTitle.get(title);
    if (!first) this.byTitle.set(title, { schema, where });
    else if (!isDeepStrictEqual(first.schema, schema)) {
      throw new Error(
        `${this.documentName}: two different schemas have the title "${title}" (at ${first.where} and at ${where}); ` +
          'a title names one shape in the OpenAPI document: give one of them another title',
      );
    }
    return { $ref: `#/components/schemas/${title}` };
  }

  /** A `$ref` to the base, with the keywords in which `schema` is narrower beside the reference. */
  private narrowing(schema: Schema, base: Schema, where: string): Schema {
    const named = this.withNamedParts(base, where);
    if (typeof named.title !== 'string') throw new Error(`${this.documentName}: at ${where}, a schema narrows one without a title`);
    const reference = this.define(named.title, named, where);
    return { ...reference, ...narrowerKeywords(schema, named, `${this.documentName}: at ${where}, a narrowing of ${named.title}`) };
  }

  /** The entries of `components.schemas`, by title. */
  components(): Schema {
    return Object.fromEntries([...this.byTitle].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([title, { schema }]) => [title, schema]));
  }
}

/** Every schema of an operation, each in its place: parameters, request body, responses and their headers. */
function withNamedOperation(operation: Schema, named: NamedSchemas, where: string): Schema {
  const inContent = (content: unknown, at: string) => mapValues(content, (media, type) => (isSchema(media) ? { ...media, schema: named.refer(media.schema, `${at} ${type}`) } : media));
  const result: Schema = { ...operation };
  if (Array.isArray(operation.parameters)) {
    result.parameters = operation.parameters.map((parameter: unknown) =>
      isSchema(parameter) ? { ...parameter, schema: named.refer(parameter.schema, `${where} parameter ${String(parameter.name)}`) } : parameter,
    );
  }
  if (isSchema(operation.requestBody)) result.requestBody = { ...operation.requestBody, content: inContent(operation.requestBody.content, `${where} request body`) };
  result.responses = mapValues(operation.responses, (response, status) => {
    if (!isSchema(response)) return response;
    const at = `${where} response ${status}`;
    const headers = mapValues(response.headers, (header, name) => (isSchema(header) ? { ...header, schema: named.refer(header.schema, `${at} header ${name}`) } : header));
    return { ...response, ...(response.headers ? { headers } : {}), ...(response.content ? { content: inContent(response.content, at) } : {}) };
  });
  return result;
}

/**
 * The document with its named schemas in `components.schemas` (sorted by
 * name) and a `$ref` wherever one occurs. Throws when two different schemas
 * have one title.
 */
export function withNamedSchemas(document: Schema): Schema {
  const info = isSchema(document.info) ? document.info : {};
  const named = new NamedSchemas(typeof info.title === 'string' ? info.title : 'OpenAPI document');
  const paths = mapValues(document.paths, (item, path) =>
    mapValues(item, (operation, method) => (HTTP_METHODS.includes(method) && isSchema(operation) ? withNamedOperation(operation, named, `${method.toUpperCase()} ${path}`) : operation)),
  );
  const components = isSchema(document.components) ? document.components : {};
  const existing = mapValues(components.schemas ?? {}, (schema, name) => named.refer(schema, `components.schemas.${name}`)) as Schema;
  return { ...document, paths, components: { ...components, schemas: { ...existing, ...named.components() } } };
}

/** What checkRouteSchemaTitles reads of a route as Fastify's onRoute hook gives it. */
interface RouteSchemas {
  method: string | string[];
  url: string;
  schema?: { hide?: boolean; body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown; response?: unknown };
}

/**
 * A check that refuses a documented route (one not hidden) whose schemas
 * give a title to a schema different from the one it already names: the
 * check the document makes, done on every route when the listener gets ready
 * (api-documents.ts), so a name clash stops the service at start instead of
 * failing its first request for the document. Each shared schema is read
 * once, so it costs little at start.
 */
export function checkRouteSchemaTitles(documentName: string): (route: RouteSchemas) => void {
  const named = new NamedSchemas(documentName);
  return (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const where = `${[route.method].flat().join(',')} ${route.url}`;
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) named.refer(schema[part], `${where} ${part}`);
    // A response is a schema, or {description, content: {<media type>: {schema}}} (schemas/common.ts, DeclaredResponse).
    for (const [status, response] of Object.entries(isSchema(schema.response) ? schema.response : {})) {
      if (!isSchema(response) || !isSchema(response.content)) {
        named.refer(response, `${where} response ${status}`);
        continue;
      }
      for (const [type, media] of Object.entries(response.content)) if (isSchema(media)) named.refer(media.schema, `${where} response ${status} ${type}`);
    }
  };
}
