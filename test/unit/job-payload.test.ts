// A job's payload is checked against its definition's schema when it runs: a
// row that does not match (written by older code, or by hand) fails for good
// with a message that says why, the handler never sees it, and the runner
// goes on with the other jobs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pino from 'pino';
import { Type } from 'typebox';
import { systemClock } from '../../src/clock.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { checkJobPayload, defineJob, InvalidJobPayload } from '../../src/jobs/job-definition.ts';
import { enqueueJob, enqueueJobRequest } from '../../src/jobs/queue.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { createTestDatabase } from '../helpers/database.ts';

const greeting = Type.Object({ name: Type.String(), times: Type.Integer() });

test('checkJobPayload says which field is wrong', () => {
  assert.doesNotThrow(() => checkJobPayload('greet', greeting, { name: 'Ada', times: 2 }));
  // Fields a newer version stopped writing (or an older one wrote) do not stand in the way.
  assert.doesNotThrow(() => checkJobPayload('greet', greeting, { name: 'Ada', times: 2, extra: true }));
  assert.throws(
    () => checkJobPayload('greet', greeting, { name: 'Ada', times: 'twice' }),
    (error: unknown) => error instanceof InvalidJobPayload && /job greet does not match its schema: \/times /.test(error.message),
  );
  assert.throws(() => checkJobPayload('greet', greeting, null), InvalidJobPayload);
});

test('a queued payload that does not match its schema fails the job at once; the runner carries on', async (t) => {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const runner = new JobRunner({ db: handle.db, engine: handle.engine, clock: systemClock, logger: pino({ level: 'silent' }) });
  t.after(async () => {
    await runner.stop(2_000);
    await handle.close();
    await database.drop();
  });
  await migrateToLatest(handle);

  const seen: string[] = [];
  const greet = defineJob({
    name: 'greet',
    payload: greeting,
    handler: async ({ name, times }, deps: { seen: string[] }) => {
      deps.seen.push(name.repeat(times));
    },
  });
  runner.registerJobs([greet], { seen });

  // What a row written by other code could hold; enqueueJob would not compile with it.
  const bad = await enqueueJobRequest(handle.db, systemClock, { type: 'greet', payload: { name: 'Bo', times: 'twice' }, maxAttempts: 25 });
  const good = await enqueueJob(handle.db, systemClock, greet, { name: 'Ada', times: 2 });
  await runner.runDueJobs();

  const rows = await handle.db.selectFrom('jobs').select(['id', 'status', 'attempts', 'last_error']).orderBy('id').execute();
  const badRow = rows.find((row) => row.id === bad);
  assert.equal(badRow?.status, 'failed', 'no retry can make the payload match');
  assert.equal(badRow?.attempts, 1);
  assert.match(badRow?.last_error ?? '', /^the payload of job greet does not match its schema: \/times /);
  assert.equal(rows.find((row) => row.id === good)?.status, 'done');
  assert.deepEqual(seen, ['AdaAda']);

  // And the worker still runs what comes next.
  const next = await enqueueJob(handle.db, systemClock, greet, { name: 'Cy', times: 1 });
  await runner.runDueJobs();
  const nextRow = await handle.db.selectFrom('jobs').select('status').where('id', '=', next).executeTakeFirstOrThrow();
  assert.equal(nextRow.status, 'done');
  assert.deepEqual(seen, ['AdaAda', 'Cy']);
});

test('a job name registered twice is refused', () => {
  const runner = new JobRunner({ db: null as never, engine: 'sqlite', clock: systemClock, logger: pino({ level: 'silent' }) });
  const job = defineJob({ name: 'twice', payload: Type.Object({}), handler: async () => {} });
  runner.registerJobs([job], undefined);
  assert.throws(() => runner.registerJobs([job], undefined), /job twice is registered twice/);
});
