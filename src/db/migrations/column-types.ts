// Column types for migrations written once for both engines. Each name says
// what the column holds; the engine decides how it is stored. Like the
// migrations it serves, it imports nothing but kysely: the engines are named
// here rather than taken from the live client (tsc still checks that the
// client's engine fits).
import type { ColumnDataType, CreateTableBuilder } from 'kysely';

export interface ColumnTypes {
  /** For the rare change the engines make differently (SQLite cannot drop a column's NOT NULL: it rebuilds the table). */
  engine: 'sqlite' | 'postgres';
  /** Adds an auto-incrementing integer primary key named `id`. */
  serialId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
  /** An integer referring to a serial id. */
  reference: ColumnDataType;
  timestamp: ColumnDataType;
  boolean: ColumnDataType;
  json: ColumnDataType;
  /** Integer minor units. */
  money: ColumnDataType;
}

export function columnTypes(engine: 'sqlite' | 'postgres'): ColumnTypes {
  if (engine === 'postgres') {
    return {
      engine,
      serialId: (table) => table.addColumn('id', 'bigserial', (column) => column.primaryKey()),
      reference: 'bigint',
      timestamp: 'timestamptz',
      boolean: 'boolean',
      json: 'jsonb',
      money: 'bigint',
    };
  }
  return {
    engine,
    serialId: (table) => table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement()),
    reference: 'integer',
    timestamp: 'text',
    boolean: 'integer',
    json: 'text',
    money: 'integer',
  };
}
