// Kysely's SQLite driver, with two changes that matter here:
// - its lock wakes every waiter each time it is released, so under load each
//   query pays for all the others waiting; this one hands the connection to
//   the next waiter only (first come, first served);
// - write transactions start with BEGIN IMMEDIATE, taking the write lock up
//   front, so two processes sharing the file (serve + worker) wait on
//   busy_timeout instead of failing with SQLITE_BUSY on the upgrade.
import type Sqlite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

interface StatementSource {
  prepare(sql: string): Pick<Sqlite.Statement, 'reader' | 'all' | 'run' | 'iterate'>;
  close(): void;
}

class SingleConnection implements DatabaseConnection {
  constructor(private readonly database: StatementSource) {}

  executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    const statement = this.database.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as Row[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<Row>(): AsyncIterableIterator<QueryResult<Row>> {
    throw new Error('streaming is not used by cloudplane');
  }
}

class QueuedSqliteDriver implements Driver {
  private readonly connection: SingleConnection;
  private held = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly database: StatementSource) {
    this.connection = new SingleConnection(database);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve(this.connection);
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.connection)));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.database.close();
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  constructor(private readonly database: StatementSource) {
    super({ database });
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.database);
  }
}
