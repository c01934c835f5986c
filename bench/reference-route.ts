// The references, served by one process of their own on the storage the
// service runs on, and measured like targets:
//
// - GET /: the bare Fastify route of hello-world.ts plus one read of the
//   engine the service runs on, prepared once: what this machine allows any
//   route that reads its database on each request, before authentication,
//   logging, metrics or a second read (information).
// - The "ceilings", one per hot path, each written by hand as the
//   issue describes it, for the same answer as the service's (the bench
//   compares them byte for byte before measuring): the key from a cache (its
//   row kept in a Map after its first read, its secret still hashed and
//   compared in constant time per request), one prepared statement (one
//   transaction for the reboot), the answer written through a response
//   schema, and one pino line at info per request to a file:
//   GET /api/v1/me/ (here: the user, their projects aggregated to JSON by the
//   database and their billing account), and the server GET, the page of
//   servers, the legacy server list and products (bench/ceiling-reads.ts),
//   and the reboot (bench/ceiling-reboot.ts). None of cloudplane's code runs
//   in it: it says how far the service is from what Fastify and the engine
//   allow on this machine; the bench's targets are shares of these.
//
// REFERENCE_SQLITE_FILE: the bench's SQLite file (opened read-write: the
// reboot writes); otherwise REFERENCE_DATABASE_URL: a PostgreSQL database,
// through the same driver, pool size and settings the service uses.
// REFERENCE_LOG_FILE: where the request lines go.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { KeyCache, loadCatalogue, openCeilingDb, type Statement } from './ceiling-db.ts';
import { registerCeilingReads } from './ceiling-reads.ts';
import { registerCeilingReboot } from './ceiling-reboot.ts';

const port = Number(process.env.PORT);
const logFile = process.env.REFERENCE_LOG_FILE ?? '/dev/null';

interface MeRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** JSON text on SQLite, parsed by the driver on PostgreSQL. */
  projects: string | { slug: string; name: string; role: string }[];
  credit_balance: number | string | null;
  currency: string | null;
}

const meSql = (projectsJson: string) =>
  `select u.id, u.email, u.first_name, u.last_name, (${projectsJson}) as projects, b.credit_balance, b.currency
   from users u left join billing_accounts b on b.user_id = u.id where u.id = $1`;
const SQLITE_PROJECTS = `select coalesce(json_group_array(json_object('slug', p.slug, 'name', p.name, 'role', m.role)), '[]')
   from project_members m join projects p on p.id = m.project_id where m.user_id = u.id`;
const POSTGRES_PROJECTS = `select coalesce(json_agg(json_build_object('slug', p.slug, 'name', p.name, 'role', m.role) order by m.project_id), '[]')
   from project_members m join projects p on p.id = m.project_id where m.user_id = u.id`;
const ME: Statement = { name: 'reference-me', sqlite: meSql(SQLITE_PROJECTS), postgres: meSql(POSTGRES_PROJECTS) };
/** One read of a row of the given number, as small as a read can be. */
const READ: Statement = { name: 'reference', sqlite: 'select $1 as value', postgres: 'select $1::integer as value' };

const db = openCeilingDb({ sqliteFile: process.env.REFERENCE_SQLITE_FILE, databaseUrl: process.env.REFERENCE_DATABASE_URL });
const keys = new KeyCache(db);
const catalogue = await loadCatalogue(db);

const logger = pino({ level: 'info' }, pino.destination({ dest: logFile, sync: false }));
// The plain FastifyInstance the ceilings' modules take (pino's Logger type is narrower than Fastify's).
const app = Fastify<Server, IncomingMessage, ServerResponse, FastifyBaseLogger>({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) });
app.get('/', { logLevel: 'silent' }, async () => ({ hello: 'world', read: await db.row(READ, [1]) }));

const MeSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    billing_account: { type: 'object', properties: { exists: { type: 'boolean' }, credit_balance: { type: 'string' }, currency: { type: 'string' } } },
    projects: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } } } },
  },
};
app.get('/api/v1/me/', { schema: { response: { 200: MeSchema, 401: { type: 'null' } } } }, async (request, reply) => {
  const key = await keys.authenticate(request.headers.authorization);
  if (!key) return reply.code(401).send(null);
  const me = await db.row<MeRow>(ME, [key.user_id]);
  if (!me) return reply.code(401).send(null);
  const balance = me.credit_balance === null ? null : Number(me.credit_balance);
  return {
    id: me.id,
    email: me.email,
    first_name: me.first_name,
    last_name: me.last_name,
    billing_account: { exists: balance !== null, credit_balance: balance === null ? null : (balance / 100).toFixed(2), currency: me.currency },
    projects: typeof me.projects === 'string' ? (JSON.parse(me.projects) as Exclude<MeRow['projects'], string>) : me.projects,
  };
});
registerCeilingReads(app, db, keys, catalogue);
registerCeilingReboot(app, db, keys);

// The one line per request, as the service writes it (its own hook, not Fastify's two lines); GET / logs nothing.
app.addHook('onResponse', (request, reply, done) => {
  request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
  done();
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening on ${port}\n`);

process.once('SIGTERM', () => void app.close().then(() => db.close()).then(() => process.exit(0)));
