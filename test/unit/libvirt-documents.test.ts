// What the libvirt backend hands libvirt and the guest: the NoCloud seed
// (plain YAML cloud-init reads, every string quoted), the domain, disk and
// network XML (every value escaped), and names that fit Linux's 15 characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diskVolumeXml, domainXml, networkXml, privateNetworkXml, privateTapName, tapName } from '../../src/upstreams/provisioning/libvirt/documents.ts';
import { macAddress, seedFiles } from '../../src/upstreams/provisioning/libvirt/nocloud-seed.ts';
import type { ServerDefinition } from '../../src/upstreams/provisioning/port.ts';

const server: ServerDefinition = {
  id: '0123456789abcdef',
  hostname: 'web-1',
  location: 'fsn1',
  image: { name: 'debian-12', disk: '/srv/images/debian 12 & more.qcow2' },
  plan: { cpuCores: 2, ramMb: 512, diskGb: 10 },
  ipv4: [
    { address: '192.0.2.2', prefix: 25, gateway: '192.0.2.1' },
    { address: '192.0.2.3', prefix: 25, gateway: '192.0.2.1' },
  ],
  ipv6: { address: '2001:db8:1::1', prefix: 64, gateway: 'fe80::1' },
  sshKeys: ['ssh-ed25519 AAAAC3Nza "quoted" comment'],
  privateNetwork: null,
  host: null,
  userData: null,
  rootPassword: 'pa"ss\\word',
};

test('the seed: meta-data, network-config version 2 and #cloud-config user-data, with every string quoted', () => {
  const files = seedFiles(server);
  assert.equal(files['meta-data'], 'instance-id: "0123456789abcdef"\nlocal-hostname: "web-1"\n');
  assert.equal(
    files['network-config'],
    [
      'version: 2',
      'ethernets:',
      '  primary:',
      '    match:',
      '      macaddress: "02:01:23:45:67:89"',
      '    set-name: eth0',
      '    addresses:',
      '      - 192.0.2.2/25',
      '      - 192.0.2.3/25',
      '      - 2001:db8:1::1/64',
      // Gateways, not routes: cloud-init 22.4's ifupdown renderer needs net-tools for routes.
      '    gateway4: 192.0.2.1',
      '    gateway6: fe80::1',
      '',
    ].join('\n'),
  );
  const userData = files['user-data'];
  assert.ok(userData.startsWith('#cloud-config\n'));
  assert.match(userData, /\n {2}- "ssh-ed25519 AAAAC3Nza \\"quoted\\" comment"\n/, 'a key with quotes stays one YAML string');
  assert.match(userData, /password: "pa\\"ss\\\\word"/, 'the password is one YAML string');
  assert.doesNotMatch(seedFiles({ ...server, rootPassword: null })['user-data'], /password|chpasswd/, 'no password: keys only');
  assert.match(userData, /\nupdates:\n {2}network:\n {4}when: \[boot\]\n/, 'the network is applied again at every boot');
  const withPrivate = seedFiles({ ...server, privateNetwork: { project: '7' } }, { privateAddress: '10.0.0.2/16' })['network-config'];
  assert.ok(
    withPrivate.endsWith(['  private:', '    match:', '      macaddress: "06:01:23:45:67:89"', '    set-name: eth1', '    addresses:', '      - 10.0.0.2/16', ''].join('\n')),
    'the private network is a second NIC, matched by its own MAC, with no routes',
  );
});

test('the domain, its disk and its network are escaped XML; names fit 15 characters', () => {
  const placement = { domainType: 'qemu' as const, pool: 'cloudplane', bridge: 'cpbr-fsn1', privateBridge: null, iso: null };
  const xml = domainXml({ ...server, hostname: "a<b>&'c" }, placement);
  assert.match(xml, /<title>a&lt;b&gt;&amp;&apos;c<\/title>/);
  assert.match(xml, /<name>0123456789abcdef<\/name>/);
  assert.match(xml, /<memory unit='MiB'>512<\/memory>/);
  assert.match(xml, /<target dev='cp0123456789abc'\/>/);
  assert.doesNotMatch(xml, /host-passthrough/, 'software emulation asks for no host CPU');
  assert.match(domainXml(server, { ...placement, domainType: 'kvm' }), /<cpu mode='host-passthrough'\/>/);
  assert.match(xml, /<disk type='file' device='cdrom'>\s*<driver name='qemu' type='raw'\/>\s*<target dev='hdc' bus='ide'\/>/, 'an empty CD-ROM drive for ISOs');
  assert.match(xml, /<source pool='cloudplane' volume='0123456789abcdef-seed.iso'\/>\s*<target dev='hdd' bus='ide'\/>\s*<readonly\/>/, 'the seed on a read-only CD-ROM');
  assert.match(xml, /<target type='virtio' name='org.qemu.guest_agent.0'\/>/, 'a guest agent channel');
  assert.doesNotMatch(xml, /cq0123456789abc/, 'no private NIC until the server joins');
  const joined = domainXml(server, { ...placement, privateBridge: 'cpbr-.0a1b2c3d4', iso: '/srv/isos/a&b.iso' });
  assert.match(joined, /<source bridge='cpbr-.0a1b2c3d4'\/>\s*<mac address='06:01:23:45:67:89'\/>\s*<target dev='cq0123456789abc'\/>/, 'the private NIC');
  assert.match(joined, /<source file='\/srv\/isos\/a&amp;b.iso'\/>\s*<target dev='hdc' bus='ide'\/>/, 'the ISO in the drive');
  assert.equal(privateTapName(server.id).length, 15);
  assert.doesNotMatch(privateNetworkXml('cloudplane-cpbr-.0a1b2c3d4', 'cpbr-.0a1b2c3d4'), /<ip|<forward/, 'a private network has no address on the host and no forwarding');
  assert.equal(tapName(server.id).length, 15);
  assert.equal(macAddress(server.id), '02:01:23:45:67:89');
  const disk = diskVolumeXml(server);
  assert.match(disk, /<capacity unit='G'>10<\/capacity>/);
  assert.match(disk, /<path>\/srv\/images\/debian 12 &amp; more.qcow2<\/path>/);
  assert.doesNotMatch(diskVolumeXml({ ...server, image: { name: 'direct' } }), /backingStore/, 'no base disk: a blank disk');
  const network = networkXml('cloudplane-cpbr-fsn1', 'cpbr-fsn1', server);
  assert.match(network, /<forward mode='open'\/>/);
  assert.match(network, /<dns enable='no'\/>/);
  assert.match(network, /<ip address='192.0.2.1' prefix='25'\/>/);
  assert.match(network, /<ip family='ipv6' address='fe80::1' prefix='64'\/>/);
});
