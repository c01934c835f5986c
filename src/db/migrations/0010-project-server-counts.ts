// How many servers each project has, so a server list reads its `count` from
// one row instead of counting the project's rows on every page (100,000 index
// entries for a big project), and can reach a late page by walking from the
// end. The list trusts this number to say where a page starts, so triggers
// keep it, in the transaction of every change to servers, however the change
// is made: placed, deleted, or written by hand.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

export async function up(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('project_server_counts')
    // Goes with its project, which is deleted only once it has no servers.
    .addColumn('project_id', types.reference, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('servers', 'bigint', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Once per statement, over all the rows it changed: a row trigger would
    // update the same counter row once per row, and on PostgreSQL each update
    // of a row already updated in the transaction costs more than the last.
    await sql`
      create function project_server_counts_add() returns trigger language plpgsql as $$
      begin
        insert into project_server_counts (project_id, servers)
        select project_id, count(*) from added group by project_id
        on conflict (project_id) do update set servers = project_server_counts.servers + excluded.servers;
        return null;
      end $$`.execute(db);
    await sql`
      create function project_server_counts_remove() returns trigger language plpgsql as $$
      begin
        update project_server_counts set servers = project_server_counts.servers - removed_counts.servers
        from (select project_id, count(*) as servers from removed group by project_id) as removed_counts
        where project_server_counts.project_id = removed_counts.project_id;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger servers_counted_in after insert on servers
      referencing new table as added for each statement execute function project_server_counts_add()`.execute(db);
    await sql`
      create trigger servers_counted_out after delete on servers
      referencing old table as removed for each statement execute function project_server_counts_remove()`.execute(db);
    // A server never changes project today; if one does, it is counted where it went (row by row: rare).
    await sql`
      create function project_server_counts_move() returns trigger language plpgsql as $$
      begin
        update project_server_counts set servers = servers - 1 where project_id = old.project_id;
        insert into project_server_counts (project_id, servers) values (new.project_id, 1)
        on conflict (project_id) do update set servers = project_server_counts.servers + 1;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger servers_moved after update of project_id on servers
      for each row when (old.project_id <> new.project_id) execute function project_server_counts_move()`.execute(db);
  } else {
    await sql`
      create trigger servers_counted_in after insert on servers
      begin
        insert into project_server_counts (project_id, servers) values (new.project_id, 1)
        on conflict (project_id) do update set servers = servers + 1;
      end`.execute(db);
    await sql`
      create trigger servers_counted_out after delete on servers
      begin
        update project_server_counts set servers = servers - 1 where project_id = old.project_id;
      end`.execute(db);
    await sql`
      create trigger servers_moved after update of project_id on servers
      when old.project_id <> new.project_id
      begin
        update project_server_counts set servers = servers - 1 where project_id = old.project_id;
        insert into project_server_counts (project_id, servers) values (new.project_id, 1)
        on conflict (project_id) do update set servers = servers + 1;
      end`.execute(db);
  }

  await sql`insert into project_server_counts (project_id, servers) select project_id, count(*) from servers group by project_id`.execute(db);
}
