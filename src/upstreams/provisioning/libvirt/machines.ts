// A server's machine: its libvirt domain, what state it is in, and the
// commands that change that state. Nothing here knows about disks, bridges or
// records: the backend decides what to do, this room does it to the domain.
//
// Stopping comes in two kinds, as at every provider: a soft stop asks the
// guest to shut down (through its guest agent when one answers, else ACPI, the
// power button) and lets it write its files to disk; a hard stop (`destroy`)
// pulls the plug. Only `power_off` and the fall-back after the guest ignored a
// soft stop for `LIBVIRT_SHUTDOWN_TIMEOUT` are hard.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpstreamError } from '../../errors.ts';
import { domainXml, ISO_DRIVE, type DomainPlacement } from './documents.ts';
import type { ServerDefinition } from '../port.ts';
import { eitherOf, LIBVIRT_SAYS, type Virsh, VirshError } from './virsh.ts';

/** libvirt's domain states (virDomainState) as `domstats --state` numbers them, in the words `domstate` uses. */
const DOMAIN_STATES: Record<string, string> = {
  '0': 'no state',
  '1': 'running',
  '2': 'idle',
  '3': 'paused',
  '4': 'in shutdown',
  '5': 'shut off',
  '6': 'crashed',
  '7': 'pmsuspended',
};

export class Machines {
  /**
   * Every domain of the host, running or not, with its state: one `virsh
   * domstats --state`, which prints `Domain: 'name'` and `state.state=N`
   * for each (a name is quoted, so any name reads whole).
   */
  async list(virsh: Virsh): Promise<{ name: string; state: string }[]> {
    const domains: { name: string; state: string }[] = [];
    for (const line of (await virsh.run(['domstats', '--state'])).split('\n')) {
      const named = /^Domain: '(.*)'\s*$/.exec(line);
      if (named) domains.push({ name: named[1]!, state: 'no state' });
      const state = /^\s*state\.state=(\d+)\s*$/.exec(line)?.[1];
      const last = domains[domains.length - 1];
      if (state !== undefined && last) last.state = DOMAIN_STATES[state] ?? `state ${state}`;
    }
    return domains;
  }


  /** `running`, `shut off`, …, or `missing` when libvirt has no such domain. */
  async state(virsh: Virsh, serverId: string): Promise<string> {
    try {
      return (await virsh.run(['domstate', serverId])).trim();
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed' && LIBVIRT_SAYS.noDomain.test(error.output)) return 'missing';
      throw error;
    }
  }

  /**
   * The running domain's id: libvirt gives a domain a new one each time it
   * starts, so a changed id tells a machine that really went down and came
   * back from one that never stopped (null when it does not run).
   */
  async runningId(virsh: Virsh, serverId: string): Promise<string | null> {
    const id = (await virsh.run(['domid', serverId]).catch((error: unknown) => {
      if (error instanceof VirshError && error.kind === 'failed') return '-';
      throw error;
    })).trim();
    return id === '-' || id === '' ? null : id;
  }

  /** The domain defined from the server's record; a running domain takes it at its next start. */
  async define(virsh: Virsh, server: ServerDefinition, placement: Omit<DomainPlacement, 'uuid'>): Promise<void> {
    // A domain defined again keeps its UUID: libvirt refuses a definition that would give the name another one.
    const uuid = (await this.state(virsh, server.id)) === 'missing' ? null : (await virsh.run(['domuuid', server.id])).trim();
    const directory = await mkdtemp(join(tmpdir(), 'cloudplane-domain-'));
    try {
      const definition = join(directory, 'domain.xml');
      await writeFile(definition, domainXml(server, { ...placement, uuid }));
      await virsh.run(['define', definition]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  start(virsh: Virsh, serverId: string): Promise<void> {
    return virsh.runUnless(['start', serverId], LIBVIRT_SAYS.alreadyRunning);
  }

  /** The plug pulled: the guest writes nothing more. */
  powerOff(virsh: Virsh, serverId: string): Promise<void> {
    return virsh.runUnless(['destroy', serverId], eitherOf(LIBVIRT_SAYS.notRunning, LIBVIRT_SAYS.noDomain));
  }

  /**
   * Asks the guest to shut down: its guest agent when one answers, else an
   * ACPI power button press. The guest may take its time or ignore it; the
   * caller waits for `shut off` and pulls the plug after its timeout.
   */
  requestShutdown(virsh: Virsh, serverId: string): Promise<void> {
    return virsh.runUnless(['shutdown', serverId, '--mode', 'agent,acpi'], LIBVIRT_SAYS.notRunning);
  }

  /** The domain gone (powered off first), with libvirt's record of any snapshots inside its disk; its volumes are the storage's. */
  async remove(virsh: Virsh, serverId: string): Promise<void> {
    await this.powerOff(virsh, serverId);
    await virsh.runUnless(['undefine', serverId, '--snapshots-metadata'], LIBVIRT_SAYS.noDomain);
  }

  /** The ISO drive's media, live when the machine runs and in its definition either way. */
  async changeMedia(virsh: Virsh, serverId: string, file: string | null): Promise<void> {
    const running = (await this.state(virsh, serverId)) === 'running';
    const scope = running ? ['--live', '--config'] : ['--config'];
    if (file) await virsh.run(['change-media', serverId, ISO_DRIVE, file, '--update', ...scope]);
    else await virsh.runUnless(['change-media', serverId, ISO_DRIVE, '--eject', ...scope], /no media|doesn't have media|not have a source|is empty/i);
  }

  /** Root's password set in the running guest by its guest agent. */
  async setRootPassword(virsh: Virsh, serverId: string, password: string): Promise<void> {
    try {
      await virsh.run(['set-user-password', serverId, 'root', password]);
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed') {
        throw new UpstreamError('provisioning', 'failed', 'the guest agent did not take the password (is qemu-guest-agent running in the server?)');
      }
      throw error;
    }
  }

  /**
   * The guest's filesystems frozen by its guest agent for a consistent copy
   * of the disk; false when no agent does it (the copy is then as after a
   * power cut, which journaling filesystems recover from).
   */
  async freezeFilesystems(virsh: Virsh, serverId: string): Promise<boolean> {
    try {
      await virsh.run(['domfsfreeze', serverId]);
      return true;
    } catch (error) {
      if (error instanceof VirshError && error.kind === 'failed') return false;
      throw error;
    }
  }

  /** Thawed; a guest with nothing frozen, or without an agent, refuses the thaw, and there is nothing to undo. */
  async thawFilesystems(virsh: Virsh, serverId: string): Promise<void> {
    await virsh.runUnless(['domfsthaw', serverId], /.*/);
  }
}
