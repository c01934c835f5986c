// Firewall groups and their rules, each server's firewall generation, and the
// rules the network controller has applied (for evaluation).
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await types
    .serialId(db.schema.createTable('firewall_groups'))
    .addColumn('project_id', types.reference, (c) => c.notNull().references('projects.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('direction', 'varchar(7)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addUniqueConstraint('firewall_groups_name', ['project_id', 'name'])
    .execute();

  await types
    .serialId(db.schema.createTable('firewall_rules'))
    .addColumn('group_id', types.reference, (c) => c.notNull().references('firewall_groups.id').onDelete('cascade'))
    .addColumn('protocol', 'varchar(4)', (c) => c.notNull())
    .addColumn('port_min', 'integer')
    .addColumn('port_max', 'integer')
    .addColumn('source_cidr', 'varchar(50)')
    .addColumn('destination_cidr', 'varchar(50)')
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('comment', 'varchar(255)')
    // Protocol, normalised ports and CIDR: identical rules have the same key.
    .addColumn('identity', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addUniqueConstraint('firewall_rules_identity', ['group_id', 'identity'])
    .execute();
  await db.schema.createIndex('firewall_rules_group').on('firewall_rules').columns(['group_id', 'priority', 'id']).execute();
  await db.schema.createIndex('server_firewall_groups_group').on('server_firewall_groups').column('group_id').execute();

  // Every change bumps it; the controller records the generation it applied.
  await db.schema.alterTable('servers').addColumn('firewall_generation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('firewall_applied').addColumn('rules', sql.raw(types.json)).execute();
}
