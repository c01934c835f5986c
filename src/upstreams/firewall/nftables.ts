// The nftables network controller (`FIREWALL_BACKEND=nftables`, D12 and D19):
// each server's rules enforced on its tap interface on the hypervisor host,
// as a `bridge` table loaded with `nft -f -`. It wraps the built-in
// controller, which still records what every server runs: the operator's
// applied ruleset and `evaluate` read that record, and it is the generation
// propagation compares against.
//
// Each hypervisor host enforces the rulesets of its own taps. This version
// has one command for every host (FIREWALL_NFT_COMMAND): with several hosts
// the command must reach each of them (a table for a tap a host does not have
// matches nothing there, so loading every table everywhere is correct).
import { execFile } from 'node:child_process';
import type { EffectiveGroup } from './rules.ts';
import { compileGroups, hostConnectionStateRuleset, tapTableRemoval, type CompiledGroups } from './nft-compiler.ts';
import { UpstreamError } from '../errors.ts';
import { tapName } from '../provisioning/libvirt/documents.ts';
import type { AppliedRuleset, FirewallPort, ServerRuleset } from './port.ts';

/** How long one nft run may take (a batch is a few hundred tables: well under a second) before it counts as not answering. */
const NFT_TIMEOUT_MS = 30_000;
/** Lines of nft's complaint kept in the error: the first say what and where. */
const ERROR_LINES = 6;

export class NftablesFirewall implements FirewallPort {
  /**
   * One nft run at a time in this process, each deciding what to load only
   * once the one before has recorded what it loaded: two batches holding the
   * same server (two jobs of one worker) can then never load an older
   * generation over a newer one. Workers in other processes are not covered:
   * with several workers, a late batch can briefly put an older generation on
   * the host until the server's next change (open: a host-side lock).
   */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly recorder: FirewallPort,
    private readonly nftCommand: readonly string[],
  ) {
    if (nftCommand.length === 0) throw new Error('the nft command is empty');
  }

  // Asked before every firewall request: the record answers it. A host where nft fails shows as propagation that does not catch up.
  ping(): Promise<void> {
    return this.recorder.ping();
  }

  applyRulesets(rulesets: readonly ServerRuleset[]): Promise<void> {
    return this.serially(() => this.apply(rulesets));
  }

  forgetServer(serverId: string): Promise<void> {
    return this.serially(async () => {
      await this.nft(tapTableRemoval(serverId));
      await this.recorder.forgetServer(serverId);
    });
  }

  getApplied(serverId: string): Promise<AppliedRuleset | null> {
    return this.recorder.getApplied(serverId);
  }

  appliedGenerations(serverIds: readonly string[]): Promise<Map<string, number>> {
    return this.recorder.appliedGenerations(serverIds);
  }

  attachedGroups(serverId: string): Promise<number[]> {
    return this.recorder.attachedGroups(serverId);
  }

  attachedGroupsOf(serverIds: readonly string[]): Promise<Map<string, number[]>> {
    return this.recorder.attachedGroupsOf(serverIds);
  }

  private async apply(rulesets: readonly ServerRuleset[]): Promise<void> {
    const newest = new Map<string, ServerRuleset>();
    for (const entry of rulesets) {
      const seen = newest.get(entry.serverId);
      if (!seen || seen.generation < entry.generation) newest.set(entry.serverId, entry);
    }
    if (newest.size === 0) return;
    // nft replaces a table whatever it held: a generation the host already has (or has passed) is not loaded again.
    const applied = await this.recorder.appliedGenerations([...newest.keys()]);
    const due = [...newest.values()].filter((entry) => (applied.get(entry.serverId) ?? -1) < entry.generation);
    if (due.length === 0) return;
    // Propagation hands servers with the same groups one rules object: their tap rules are compiled once.
    const compiled = new Map<unknown, CompiledGroups>();
    const onTaps = due.map((entry) => {
      let groups = compiled.get(entry.rules);
      if (!groups) {
        groups = compileGroups(entry.rules as EffectiveGroup[]);
        compiled.set(entry.rules, groups);
      }
      // The record holds what the host runs: the tap table, not the server-side rendering.
      return { ...entry, ruleset: groups.forTap(entry.serverId, tapName(entry.serverId), entry.generation) };
    });
    // One transaction for the batch: every table changes at once or none does (nft -f is all or nothing).
    await this.nft([hostConnectionStateRuleset(), ...onTaps.map((entry) => entry.ruleset)].join('\n'));
    // Loaded first, recorded after: a failure between the two loads the batch again, never records what is not loaded.
    await this.recorder.applyRulesets(onTaps);
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs `<command> -f -` with the ruleset on its standard input. */
  private nft(ruleset: string): Promise<void> {
    const [command, ...args] = this.nftCommand;
    const shown = `${this.nftCommand.join(' ')} -f -`;
    return new Promise((resolve, reject) => {
      const child = execFile(command!, [...args, '-f', '-'], { timeout: NFT_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) => {
        if (!error) return resolve();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new UpstreamError('firewall', 'unavailable', `${shown}: ${command} not found`));
        if (error.killed) return reject(new UpstreamError('firewall', 'timeout', `${shown}: no answer in ${NFT_TIMEOUT_MS} ms`));
        const complaint = (stderr || error.message).trim().split('\n').slice(0, ERROR_LINES).join('\n');
        reject(new UpstreamError('firewall', 'failed', `${shown}: ${complaint}`));
      });
      // A command that exits without reading (not found, refused) closes the pipe: its exit says why.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(ruleset);
    });
  }
}
