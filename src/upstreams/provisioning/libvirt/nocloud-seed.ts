// The NoCloud seed of a server (D19): the three files cloud-init reads from a
// volume labelled `cidata`, so a real cloud image (Debian genericcloud,
// Ubuntu's cloud images) configures itself unchanged: meta-data (instance id
// and hostname), network-config version 2 (the static addresses and default
// routes) and user-data (#cloud-config: the SSH keys for root and, when one
// was made, root's password). The ISO is made with genisoimage.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServerDefinition } from '../port.ts';

const run = promisify(execFile);

/** A YAML double-quoted scalar: JSON's string syntax is valid YAML. */
const quoted = (text: string) => JSON.stringify(text);

/**
 * The guest's MAC address, made from the server id so the network config can
 * match it: locally administered (02:…) with 40 bits of the id, so two
 * servers on one bridge are as unlikely to share one as their ids' first ten digits.
 */
export function macAddress(serverId: string, nic: 'public' | 'private' = 'public'): string {
  return [nic === 'public' ? '02' : '06', ...[0, 2, 4, 6, 8].map((start) => serverId.slice(start, start + 2))].join(':');
}

/** The address a server has on its project's private network, with its prefix (`10.0.0.2/16`); the provisioning system chooses it. */
export interface SeedExtras {
  privateAddress?: string | null;
}

export function seedFiles(server: ServerDefinition, extras: SeedExtras = {}): Record<'meta-data' | 'network-config' | 'user-data', string> {
  const metaData = [`instance-id: ${quoted(server.id)}`, `local-hostname: ${quoted(server.hostname)}`, ''].join('\n');

  const addresses = [...server.ipv4.map((entry) => `${entry.address}/${entry.prefix}`), ...(server.ipv6 ? [`${server.ipv6.address}/${server.ipv6.prefix}`] : [])];
  // The default routes as `gateway4` and `gateway6`, not as `routes`: cloud-init's ifupdown renderer (Debian 12's
  // 22.4) turns routes into `post-up route add … || true`, which needs net-tools and fails silently without it, but a
  // gateway into ifupdown's own `gateway` line (ip route); netplan reads both. The IPv6 router is link-local (fe80::1).
  const networkConfig = [
    'version: 2',
    'ethernets:',
    '  primary:',
    '    match:',
    `      macaddress: ${quoted(macAddress(server.id))}`,
    '    set-name: eth0',
    '    addresses:',
    ...addresses.map((address) => `      - ${address}`),
    ...(server.ipv4[0] ? [`    gateway4: ${server.ipv4[0].gateway}`] : []),
    ...(server.ipv6 ? [`    gateway6: ${server.ipv6.gateway}`] : []),
    // The project's private network: its own NIC, an address of its own and no routes (the network is one link).
    ...(extras.privateAddress
      ? ['  private:', '    match:', `      macaddress: ${quoted(macAddress(server.id, 'private'))}`, '    set-name: eth1', '    addresses:', `      - ${extras.privateAddress}`]
      : []),
    '',
  ].join('\n');

  const userData = [
    '#cloud-config',
    `hostname: ${quoted(server.hostname)}`,
    // Root takes the keys (cloud-init gives them to the image's default user too).
    'disable_root: false',
    // The network is applied again at every boot, not only an instance's first: enabling IPv6 or the private network
    // changes the seed of a server cloud-init already knows, and the power cycle that follows must bring it in.
    'updates:',
    '  network:',
    '    when: [boot]',
    'ssh_authorized_keys:',
    ...server.sshKeys.map((key) => `  - ${quoted(key)}`),
    ...(server.rootPassword
      ? ['ssh_pwauth: true', 'chpasswd:', '  expire: false', '  users:', '    - name: root', `      password: ${quoted(server.rootPassword)}`, '      type: text']
      : []),
    '',
  ].join('\n');

  return { 'meta-data': metaData, 'network-config': networkConfig, 'user-data': userData };
}

/** The seed as an ISO 9660 image labelled `cidata`, in memory. */
export async function seedImage(server: ServerDefinition, extras: SeedExtras = {}): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'cloudplane-seed-'));
  try {
    const files = seedFiles(server, extras);
    for (const [name, text] of Object.entries(files)) await writeFile(join(directory, name), text, { mode: 0o600 });
    const image = join(directory, 'seed.iso');
    await run('genisoimage', ['-quiet', '-output', image, '-volid', 'cidata', '-joliet', '-rock', ...Object.keys(files).map((name) => join(directory, name))]);
    return await readFile(image);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
