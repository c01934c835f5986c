// A job as a module declares it, in its `<module>.jobs.ts`: the name stored in
// each queued row, the shape of its payload, and the handler. Enqueueing
// takes the definition, so a payload of the wrong shape does not compile; the
// runner checks each payload read back from the database against the schema
// before the handler sees it, because a row can outlive the code that wrote it.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TSchema } from 'typebox';

/** What the runner tells a handler about the run. */
export interface JobContext {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
}

export interface JobDefinition<Payload extends TSchema = TSchema, Dependencies = never> {
  /** Stored in every queued row: renaming a job strands the rows already queued under the old name. */
  readonly name: string;
  /** Checked when the job runs; a row that does not match fails for good instead of reaching the handler. */
  readonly payload: Payload;
  /** Gets the dependencies the job list was registered with (`JobRunner.registerJobs`). */
  readonly handler: (payload: Static<Payload>, dependencies: Dependencies, context: JobContext) => Promise<void>;
}

/** What enqueueing needs of a definition: the name and the payload's shape, not the handler. */
export type JobType<Payload extends TSchema = TSchema> = Pick<JobDefinition<Payload>, 'name' | 'payload'>;

/**
 * A definition in a module's list, whatever its payload. The handler takes
 * `never` because only the runner calls it, and only with a payload it has
 * checked against `payload`; the dependencies are still checked at registration.
 */
export interface RegisteredJob<Dependencies> {
  readonly name: string;
  readonly payload: TSchema;
  readonly handler: (payload: never, dependencies: Dependencies, context: JobContext) => Promise<void>;
}

export function defineJob<Payload extends TSchema, Dependencies>(definition: JobDefinition<Payload, Dependencies>): JobDefinition<Payload, Dependencies> {
  return definition;
}

/** A payload that does not match its job's schema: retrying cannot help, so the job fails at once. */
export class InvalidJobPayload extends Error {}

// The schemas are plain JSON Schema, so the validator Fastify already loads checks them
// (typebox/value would add ~30 MB and ~0.3 s to every start for this one check).
const payloadChecker = new Ajv({ allErrors: true, strict: false });
// ajv-formats ships CommonJS with a default export.
(addFormatsModule as unknown as (ajv: Ajv) => Ajv)(payloadChecker);
const compiledChecks = new WeakMap<TSchema, ValidateFunction>();

export function checkJobPayload(name: string, schema: TSchema, payload: unknown): void {
  let check = compiledChecks.get(schema);
  if (!check) compiledChecks.set(schema, (check = payloadChecker.compile(schema)));
  if (check(payload)) return;
  const problems = (check.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '/'} ${error.message}`);
  throw new InvalidJobPayload(`the payload of job ${name} does not match its schema: ${problems.join('; ')}`);
}
