// The reference for a route that reads the database: the bare Fastify route
// of hello-world.ts plus one read of the engine the service runs on, prepared
// once, in a process of its own. Measured between bare runs like any target,
// it says what this machine allows any route that reads its database on each
// request, before authentication, logging, metrics or a second read: a
// target's ratio can only come near it. Information, not a target.
//
// REFERENCE_SQLITE_FILE: a SQLite file to read (the bench's database);
// otherwise REFERENCE_DATABASE_URL: a PostgreSQL database, through the same
// driver and pool size the service uses.
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

const require = createRequire(import.meta.url);
const port = Number(process.env.PORT);
const sqliteFile = process.env.REFERENCE_SQLITE_FILE;
const databaseUrl = process.env.REFERENCE_DATABASE_URL;

/** One read of a row of the given number, as small as a read can be. */
let read: (value: number) => Promise<unknown>;
let close: () => Promise<void>;
if (sqliteFile) {
  const Database = require('better-sqlite3') as typeof BetterSqlite3;
  const db = new Database(sqliteFile, { readonly: true });
  const statement = db.prepare('select ? as value');
  read = async (value) => statement.get(value);
  close = async () => {
    db.close();
  };
} else if (databaseUrl) {
  const { Pool } = require('pg') as typeof pg;
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // Named: each connection parses and plans it once.
  read = async (value) => {
    const result = await pool.query<{ value: number }>({ name: 'reference', text: 'select $1::integer as value', values: [value] });
    return result.rows[0];
  };
  close = () => pool.end();
} else {
  throw new Error('set REFERENCE_SQLITE_FILE or REFERENCE_DATABASE_URL');
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world', read: await read(1) }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening on ${port}\n`);

process.once('SIGTERM', () => void app.close().then(close).then(() => process.exit(0)));
