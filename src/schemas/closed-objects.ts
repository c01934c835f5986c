// Request bodies of the project and operator APIs are closed: a member the
// schema does not declare is refused (400 validation_error naming it), never
// ignored, so a misspelt optional field (`events` for `event_types`) cannot
// pass as if it had not been sent and leave its default in place. The schemas
// themselves stay open, because the legacy API and the console's forms share
// them and take members they do not name (the legacy clients' extras, the
// forms' `_csrf`): the listener closes a copy of each body schema of the routes
// that refuse (plugins/validation.ts), and the OpenAPI document shows that
// copy, `additionalProperties: false` on every object of a request body.

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Where a schema nests schemas whose objects are closed with it.
const SUBSCHEMA = new Set(['items', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'prefixItems', 'items']);
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * An object schema that says nothing about undeclared members. One that does
 * is left as it says: `additionalProperties: true` or a schema for the values
 * is a free-form object on purpose (say why beside it), and `patternProperties`
 * (a `Type.Record`) declares its members by their names' pattern.
 */
const isOpenObject = (schema: Schema) =>
  (schema.type === 'object' || isSchema(schema.properties)) &&
  !('additionalProperties' in schema) &&
  !('patternProperties' in schema) &&
  !('unevaluatedProperties' in schema);

/**
 * A copy of `schema` in which every object that says nothing about members it
 * does not declare refuses them (`additionalProperties: false`), at every
 * depth: the members of objects, the items of lists, each alternative of a
 * union. Parts of an `allOf` are left open: each declares only some of the
 * members, and closing one would refuse the others' (JSON Schema draft 7,
 * which the validator speaks, has no `unevaluatedProperties`). The schema
 * given is not changed; a part it shares between places is copied once, so
 * a named part stays one shape in the document.
 */
export function closedObjects<T>(schema: T, copies = new WeakMap<object, unknown>()): T {
  if (!isSchema(schema)) return schema;
  const known = copies.get(schema);
  if (known) return known as T;
  const closed: Schema = {};
  copies.set(schema, closed);
  for (const [key, value] of Object.entries(schema)) {
    if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) closed[key] = value.map((item: unknown) => closedObjects(item, copies));
    else if (SUBSCHEMA.has(key) || (key === 'additionalProperties' && isSchema(value))) closed[key] = closedObjects(value, copies);
    else if (SUBSCHEMA_MAPS.has(key) && isSchema(value)) closed[key] = Object.fromEntries(Object.entries(value).map(([name, part]) => [name, closedObjects(part, copies)]));
    else closed[key] = value;
  }
  if (isOpenObject(schema)) closed.additionalProperties = false;
  return closed as T;
}
