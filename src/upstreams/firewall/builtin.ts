// The built-in network controller: records the ruleset each server runs.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import type { Database } from '../../db/schema.ts';
import type { AppliedRuleset, FirewallPort } from './port.ts';

export class BuiltinFirewall implements FirewallPort {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async ping(): Promise<void> {}

  async apply(serverId: string, generation: number, ruleset: string, rules: unknown): Promise<void> {
    const values = { generation, ruleset, rules: writeJson(rules), applied_at: this.clock.now().toISOString() };
    await this.db
      .insertInto('firewall_applied')
      .values({ server_id: serverId, ...values })
      .onConflict((conflict) => conflict.column('server_id').doUpdateSet(values).where('firewall_applied.generation', '<', generation))
      .execute();
  }

  async attachedGroups(serverId: string): Promise<number[]> {
    const rows = await this.db.selectFrom('server_firewall_groups').select('group_id').where('server_id', '=', serverId).orderBy('group_id').execute();
    return rows.map((row) => row.group_id);
  }

  async getApplied(serverId: string): Promise<AppliedRuleset | null> {
    const row = await this.db.selectFrom('firewall_applied').select(['generation', 'ruleset', 'rules']).where('server_id', '=', serverId).executeTakeFirst();
    return row ? { generation: row.generation, ruleset: row.ruleset, rules: row.rules === null ? null : readJson(row.rules) } : null;
  }
}
