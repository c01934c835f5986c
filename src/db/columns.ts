// The two engines return some column types differently: SQLite has no boolean
// (0/1) and keeps JSON as text, PostgreSQL returns true/false and parsed jsonb.
// Every read of such a column goes through these, so callers see one shape.

export function readBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function writeJson(value: unknown): string {
  return JSON.stringify(value);
}
