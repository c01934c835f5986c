// Two references, served by one process of their own and measured between
// bare runs like any target; information, not targets:
//
// - GET /: the bare Fastify route of hello-world.ts plus one read of the
//   engine the service runs on, prepared once: what this machine allows any
//   route that reads its database on each request, before authentication,
//   logging, metrics or a second read.
// - GET /api/v1/me/: the "ceiling" for GET /me/, written by hand as
//   the issue describes it: the API key's row kept in a Map after its first
//   read (its secret still hashed and compared in constant time per
//   request), the user, their projects (aggregated to JSON by the database)
//   and their billing account in one prepared statement, the answer written
//   through a response schema, and one pino line at info per request to a
//   file. None of cloudplane's code runs in it: it says how far the service
//   is from what Fastify and the engine allow a /me/ on this machine.
//
// REFERENCE_SQLITE_FILE: a SQLite file to read (the bench's database);
// otherwise REFERENCE_DATABASE_URL: a PostgreSQL database, through the same
// driver and pool size the service uses. REFERENCE_LOG_FILE: where the
// ceiling's request lines go.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

const require = createRequire(import.meta.url);
const port = Number(process.env.PORT);
const sqliteFile = process.env.REFERENCE_SQLITE_FILE;
const databaseUrl = process.env.REFERENCE_DATABASE_URL;
const logFile = process.env.REFERENCE_LOG_FILE ?? '/dev/null';

interface KeyRow {
  user_id: number;
  secret_hash: string;
}

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

const KEY_SQL = 'select user_id, secret_hash from api_keys where lookup_id = $1';
const meSql = (projectsJson: string) =>
  `select u.id, u.email, u.first_name, u.last_name, (${projectsJson}) as projects, b.credit_balance, b.currency
   from users u left join billing_accounts b on b.user_id = u.id where u.id = $1`;
const SQLITE_PROJECTS = `select coalesce(json_group_array(json_object('slug', p.slug, 'name', p.name, 'role', m.role)), '[]')
   from project_members m join projects p on p.id = m.project_id where m.user_id = u.id`;
const POSTGRES_PROJECTS = `select coalesce(json_agg(json_build_object('slug', p.slug, 'name', p.name, 'role', m.role) order by m.project_id), '[]')
   from project_members m join projects p on p.id = m.project_id where m.user_id = u.id`;

/** One read of a row of the given number, as small as a read can be. */
let read: (value: number) => Promise<unknown>;
let readKey: (lookupId: string) => Promise<KeyRow | undefined>;
let readMe: (userId: number) => Promise<MeRow | undefined>;
let close: () => Promise<void>;
if (sqliteFile) {
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  const db = new Database(sqliteFile, { readonly: true });
  const statement = db.prepare('select ? as value');
  const keyStatement = db.prepare<[string], KeyRow>(KEY_SQL.replace('$1', '?'));
  const meStatement = db.prepare<[number], MeRow>(meSql(SQLITE_PROJECTS).replace('$1', '?'));
  read = async (value) => statement.get(value);
  readKey = async (lookupId) => keyStatement.get(lookupId);
  readMe = async (userId) => meStatement.get(userId);
  close = async () => {
    db.close();
  };
} else if (databaseUrl) {
  const { Pool } = require('pg') as typeof pg;
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // Named: each connection parses and plans them once.
  read = async (value) => {
    const result = await pool.query<{ value: number }>({ name: 'reference', text: 'select $1::integer as value', values: [value] });
    return result.rows[0];
  };
  readKey = async (lookupId) => (await pool.query<KeyRow>({ name: 'reference-key', text: KEY_SQL, values: [lookupId] })).rows[0];
  readMe = async (userId) => (await pool.query<MeRow>({ name: 'reference-me', text: meSql(POSTGRES_PROJECTS), values: [userId] })).rows[0];
  close = () => pool.end();
} else {
  throw new Error('set REFERENCE_SQLITE_FILE or REFERENCE_DATABASE_URL');
}

const logger = pino({ level: 'info' }, pino.destination({ dest: logFile, sync: false }));
const app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) });
app.get('/', { logLevel: 'silent' }, async () => ({ hello: 'world', read: await read(1) }));

const TOKEN = /^Bearer cp_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const keys = new Map<string, KeyRow | undefined>();
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
  const match = TOKEN.exec(request.headers.authorization ?? '');
  const lookupId = match?.[1] ?? '';
  if (!keys.has(lookupId)) keys.set(lookupId, await readKey(lookupId));
  const key = keys.get(lookupId);
  const hash = createHash('sha256').update(match?.[2] ?? '').digest();
  if (!key || !timingSafeEqual(hash, Buffer.from(key.secret_hash, 'hex'))) return reply.code(401).send(null);
  const me = await readMe(key.user_id);
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
// The one line per request, as the service writes it (its own hook, not Fastify's two lines); GET / logs nothing.
app.addHook('onResponse', (request, reply, done) => {
  request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
  done();
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening on ${port}\n`);

process.once('SIGTERM', () => void app.close().then(close).then(() => process.exit(0)));
