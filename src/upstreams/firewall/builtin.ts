// The built-in network controller: records the ruleset each server runs.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { KeyedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { AppliedRuleset, FirewallPort, ServerRuleset } from './port.ts';

// Rows per statement: well inside both engines' limits on bound parameters
// (5 a row written, 1 an id read), and a statement's text stays small.
const ROWS_PER_STATEMENT = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

// Read by every server read: prepared once (db/prepared.ts).
const selectAttachedGroups = preparedQuery((db, serverId: string) =>
  db.selectFrom('server_firewall_groups').select('group_id').where('server_id', '=', serverId).orderBy('group_id'),
);

/**
 * Servers whose groups are kept per process, each until any server's groups
 * change (the change feed's `firewall-attachments` topic, noted by the
 * firewall module in the transaction that changes them): every server view
 * asks, and a kept answer costs no statement.
 */
const KEPT_SERVERS = 20_000;

export class BuiltinFirewall implements FirewallPort {
  private readonly attached: KeyedUntilChanged<number[]>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    changes: ChangeFeed,
  ) {
    this.attached = new KeyedUntilChanged(changes, 'firewall-attachments', KEPT_SERVERS);
  }

  async ping(): Promise<void> {}

  async applyRulesets(rulesets: readonly ServerRuleset[]): Promise<void> {
    // One row per server, the newest generation of any it was given twice (one
    // statement cannot update a row twice on PostgreSQL), in server id order,
    // so two batches that share servers lock their rows in the same order and
    // never wait on each other in a circle.
    const newest = new Map<string, ServerRuleset>();
    for (const entry of rulesets) {
      const seen = newest.get(entry.serverId);
      if (!seen || seen.generation < entry.generation) newest.set(entry.serverId, entry);
    }
    if (newest.size === 0) return;
    const appliedAt = this.clock.now().toISOString();
    // Servers with the same groups share one rules object: it is written out once.
    const rulesJson = new Map<unknown, string>();
    const rows = [...newest.values()]
      .sort((a, b) => (a.serverId < b.serverId ? -1 : a.serverId > b.serverId ? 1 : 0))
      .map((entry) => {
        let json = rulesJson.get(entry.rules);
        if (json === undefined) {
          json = writeJson(entry.rules);
          rulesJson.set(entry.rules, json);
        }
        return { server_id: entry.serverId, generation: entry.generation, ruleset: entry.ruleset, rules: json, applied_at: appliedAt };
      });
    const upsert = (db: Kysely<Database>, chunk: typeof rows) =>
      db
        .insertInto('firewall_applied')
        .values(chunk)
        .onConflict((conflict) =>
          conflict
            .column('server_id')
            .doUpdateSet((eb) => ({
              generation: eb.ref('excluded.generation'),
              ruleset: eb.ref('excluded.ruleset'),
              rules: eb.ref('excluded.rules'),
              applied_at: eb.ref('excluded.applied_at'),
            }))
            .where((eb) => eb('firewall_applied.generation', '<', eb.ref('excluded.generation'))),
        )
        .execute();
    const statements = chunks(rows, ROWS_PER_STATEMENT);
    // The batch is applied whole or not at all: one statement is, more take a transaction.
    if (statements.length === 1) await upsert(this.db, statements[0]!);
    else {
      await this.db.transaction().execute(async (trx) => {
        for (const chunk of statements) await upsert(trx, chunk);
      });
    }
  }

  // Nothing runs a ruleset here to be removed. The record stays, as it always
  // has: the operator API answers 404 for a server that is gone.
  async forgetServer(): Promise<void> {}

  async attachedGroups(serverId: string): Promise<number[]> {
    const groups = await this.attached.get(serverId, async () => (await selectAttachedGroups(this.db, serverId)).map((row) => row.group_id));
    // A copy: the kept list is shared by every caller.
    return [...groups!];
  }

  async attachedGroupsOf(serverIds: readonly string[]): Promise<Map<string, number[]>> {
    const byServer = new Map<string, number[]>(serverIds.map((id) => [id, []]));
    for (const chunk of chunks([...byServer.keys()], ROWS_PER_STATEMENT)) {
      const rows = await this.db
        .selectFrom('server_firewall_groups')
        .select(['server_id', 'group_id'])
        .where('server_id', 'in', chunk)
        .orderBy('server_id')
        .orderBy('group_id')
        .execute();
      for (const row of rows) byServer.get(row.server_id)?.push(row.group_id);
    }
    return byServer;
  }

  async getApplied(serverId: string): Promise<AppliedRuleset | null> {
    const row = await this.db.selectFrom('firewall_applied').select(['generation', 'ruleset', 'rules']).where('server_id', '=', serverId).executeTakeFirst();
    return row ? { generation: row.generation, ruleset: row.ruleset, rules: row.rules === null ? null : readJson(row.rules) } : null;
  }

  async appliedGenerations(serverIds: readonly string[]): Promise<Map<string, number>> {
    const generations = new Map<string, number>();
    for (const chunk of chunks([...new Set(serverIds)], ROWS_PER_STATEMENT)) {
      const rows = await this.db.selectFrom('firewall_applied').select(['server_id', 'generation']).where('server_id', 'in', chunk).execute();
      for (const row of rows) generations.set(row.server_id, row.generation);
    }
    return generations;
  }
}
