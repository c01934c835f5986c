// The libvirt domain of a server (D19): named after the server id, with a
// qcow2 disk and its NoCloud seed (on a CD-ROM, as clouds hand it over) from
// the backend's storage pool, a second CD-ROM drive for the customer's ISO,
// a QEMU guest agent channel (password resets), one virtio NIC on its
// location's bridge whose tap is named after the server (the firewall is
// enforced on it) and, once it joins its project's private network, a
// second NIC on that network's bridge. A direct-boot image (a kernel and an
// initramfs) boots them instead of the disk's boot loader.
import { macAddress } from './nocloud-seed.ts';
import type { ServerDefinition } from '../port.ts';

export interface DomainPlacement {
  domainType: 'kvm' | 'qemu';
  pool: string;
  bridge: string;
  /** The bridge of the project's private network, when the server has joined it. */
  privateBridge: string | null;
  /** The ISO file in the CD-ROM drive, if any. */
  iso: string | null;
  /** The domain's UUID when it is defined already (a definition again must keep it); libvirt makes one otherwise. */
  uuid?: string | null;
}

/** Linux interface names hold 15 characters: `cp` and the first 13 of the server id. */
export function tapName(serverId: string): string {
  return `cp${serverId.slice(0, 13)}`;
}

/** The tap of the server's private NIC: `cq` and the first 13 of the server id. */
export function privateTapName(serverId: string): string {
  return `cq${serverId.slice(0, 13)}`;
}

/** The CD-ROM drive a customer's ISO goes in (`change-media` names it). */
export const ISO_DRIVE = 'hdc';

/** The router of every server's IPv6 subnet, on the location's bridge. */
const IPV6_LINK_GATEWAY = 'fe80::1';

export const diskVolume = (serverId: string) => `${serverId}-disk.qcow2`;
export const seedVolume = (serverId: string) => `${serverId}-seed.iso`;
/** A snapshot's file: named after cloudplane's snapshot id, not its server's, as it outlives the server's disk. */
export const snapshotVolume = (snapshotId: number) => `snapshot-${snapshotId}.qcow2`;
/** The server id (16 hex digits) a domain or a server's volume is named after. */
const SERVER_ID = /^[0-9a-f]{16}$/;
const SERVER_VOLUME = /^([0-9a-f]{16})-(?:disk\.qcow2|seed\.iso)$/;
const SNAPSHOT_VOLUME = /^snapshot-(\d+)\.qcow2$/;

/** The server a domain of this name was made for, by the name alone; null for a name this backend never gives. */
export const serverOfDomain = (name: string): string | null => (SERVER_ID.test(name) ? name : null);

/** Whose volume of the pool this is, by its name: a server's disk or seed, a snapshot's file, or neither. */
export function ownerOfVolume(name: string): { serverId: string | null; snapshotId: number | null } {
  const snapshot = SNAPSHOT_VOLUME.exec(name);
  return { serverId: SERVER_VOLUME.exec(name)?.[1] ?? null, snapshotId: snapshot ? Number(snapshot[1]) : null };
}
/** The CD-ROM drive the NoCloud seed is in. */
const SEED_DRIVE = 'hdd';

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;').replace(/"/g, '&quot;');

export function domainXml(server: ServerDefinition, placement: DomainPlacement): string {
  const image = server.image;
  const directBoot = image?.kernel
    ? [
        `    <kernel>${escaped(image.kernel)}</kernel>`,
        ...(image.initrd ? [`    <initrd>${escaped(image.initrd)}</initrd>`] : []),
        `    <cmdline>${escaped(image.cmdline ?? 'console=ttyS0')}</cmdline>`,
      ]
    : ["    <boot dev='hd'/>"];
  return [
    `<domain type='${placement.domainType}'>`,
    `  <name>${server.id}</name>`,
    ...(placement.uuid ? [`  <uuid>${escaped(placement.uuid)}</uuid>`] : []),
    `  <title>${escaped(server.hostname)}</title>`,
    `  <memory unit='MiB'>${server.plan.ramMb}</memory>`,
    `  <vcpu>${server.plan.cpuCores}</vcpu>`,
    '  <os>',
    "    <type arch='x86_64' machine='pc'>hvm</type>",
    ...directBoot,
    '  </os>',
    '  <features><acpi/><apic/></features>',
    ...(placement.domainType === 'kvm' ? ["  <cpu mode='host-passthrough'/>"] : []),
    '  <on_poweroff>destroy</on_poweroff>',
    '  <on_reboot>restart</on_reboot>',
    '  <on_crash>destroy</on_crash>',
    '  <devices>',
    "    <disk type='volume' device='disk'>",
    "      <driver name='qemu' type='qcow2'/>",
    `      <source pool='${escaped(placement.pool)}' volume='${diskVolume(server.id)}'/>`,
    "      <target dev='vda' bus='virtio'/>",
    '    </disk>',
    "    <disk type='file' device='cdrom'>",
    "      <driver name='qemu' type='raw'/>",
    ...(placement.iso ? [`      <source file='${escaped(placement.iso)}'/>`] : []),
    `      <target dev='${ISO_DRIVE}' bus='ide'/>`,
    '      <readonly/>',
    '    </disk>',
    // The seed on a read-only CD-ROM: snapshots of the running machine leave it out, as they need every writable disk in qcow2.
    "    <disk type='volume' device='cdrom'>",
    "      <driver name='qemu' type='raw'/>",
    `      <source pool='${escaped(placement.pool)}' volume='${seedVolume(server.id)}'/>`,
    `      <target dev='${SEED_DRIVE}' bus='ide'/>`,
    '      <readonly/>',
    '    </disk>',
    "    <interface type='bridge'>",
    `      <source bridge='${escaped(placement.bridge)}'/>`,
    `      <mac address='${macAddress(server.id)}'/>`,
    `      <target dev='${tapName(server.id)}'/>`,
    "      <model type='virtio'/>",
    '    </interface>',
    ...(placement.privateBridge
      ? [
          "    <interface type='bridge'>",
          `      <source bridge='${escaped(placement.privateBridge)}'/>`,
          `      <mac address='${macAddress(server.id, 'private')}'/>`,
          `      <target dev='${privateTapName(server.id)}'/>`,
          "      <model type='virtio'/>",
          '    </interface>',
        ]
      : []),
    "    <channel type='unix'>",
    "      <target type='virtio' name='org.qemu.guest_agent.0'/>",
    '    </channel>',
    "    <serial type='pty'/>",
    "    <console type='pty'/>",
    "    <rng model='virtio'><backend model='random'>/dev/urandom</backend></rng>",
    '  </devices>',
    '</domain>',
    '',
  ].join('\n');
}

/** The server's disk: the plan's size, backed by the image's base disk when it has one. */
export function diskVolumeXml(server: ServerDefinition): string {
  const base = server.image?.disk;
  return [
    '<volume>',
    `  <name>${diskVolume(server.id)}</name>`,
    `  <capacity unit='G'>${server.plan.diskGb}</capacity>`,
    "  <target><format type='qcow2'/></target>",
    ...(base ? ['  <backingStore>', `    <path>${escaped(base)}</path>`, "    <format type='qcow2'/>", '  </backingStore>'] : []),
    '</volume>',
    '',
  ].join('\n');
}

/** A standalone qcow2 volume of `capacityBytes` (a copy's target: the copy fills it). */
export function volumeXml(name: string, capacityBytes: number): string {
  return ['<volume>', `  <name>${escaped(name)}</name>`, `  <capacity unit='bytes'>${capacityBytes}</capacity>`, "  <target><format type='qcow2'/></target>", '</volume>', ''].join('\n');
}

/**
 * A push-mode backup of the server's disk into `target` (a full, standalone
 * qcow2 copy of the disk as it was when the backup began, made by QEMU while
 * the guest runs on): the disk only, not the CD-ROMs.
 */
export function diskBackupXml(target: string): string {
  return [
    '<domainbackup>',
    '  <disks>',
    `    <disk name='vda' type='file'><target file='${escaped(target)}'/><driver type='qcow2'/></disk>`,
    `    <disk name='${ISO_DRIVE}' backup='no'/>`,
    `    <disk name='${SEED_DRIVE}' backup='no'/>`,
    '  </disks>',
    '</domainbackup>',
    '',
  ].join('\n');
}

/**
 * A project's private network: a bridge of its own with no address on the
 * host and no forwarding, so its servers reach each other and nothing else
 * (another project's servers are on another bridge).
 */
export function privateNetworkXml(name: string, bridge: string): string {
  return ['<network>', `  <name>${escaped(name)}</name>`, `  <bridge name='${escaped(bridge)}' stp='off' delay='0'/>`, '</network>', ''].join('\n');
}

/** The network that makes a location's bridge with the gateways its servers route through (IPv4's pool gateway, IPv6's fe80::1). */
export function networkXml(name: string, bridge: string, server: ServerDefinition): string {
  const ipv4 = server.ipv4[0];
  return [
    '<network>',
    `  <name>${escaped(name)}</name>`,
    "  <forward mode='open'/>",
    `  <bridge name='${escaped(bridge)}' stp='off' delay='0'/>`,
    "  <dns enable='no'/>",
    ...(ipv4 ? [`  <ip address='${ipv4.gateway}' prefix='${ipv4.prefix}'/>`] : []),
    // Every location's servers may enable IPv6 later: the link-local router is there from the start.
    `  <ip family='ipv6' address='${server.ipv6?.gateway ?? IPV6_LINK_GATEWAY}' prefix='64'/>`,
    '</network>',
    '',
  ].join('\n');
}
