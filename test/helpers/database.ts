// A fresh, empty database for each test app: a temporary SQLite directory by
// default, or a new PostgreSQL database when TEST_DATABASE_URL points at a
// server (CI runs the whole suite both ways).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

export interface TestDatabase {
  engine: 'sqlite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudplane-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { engine: 'sqlite', dataDir, databaseUrl: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `cloudplane_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database migrated to the latest version, for tests that use the storage layer directly; closed and dropped when `t` ends. */
export async function openMigratedDatabase(t: TestContext): Promise<DatabaseHandle> {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  t.after(async () => {
    await handle.close();
    await database.drop();
  });
  await migrateToLatest(handle);
  return handle;
}
