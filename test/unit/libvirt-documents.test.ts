// What the libvirt backend hands libvirt and the guest: the NoCloud seed
// (plain YAML cloud-init reads, every string quoted), the domain, disk and
// network XML (every value escaped), and names that fit Linux's 15 characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diskVolumeXml, domainXml, networkXml, tapName } from '../../src/upstreams/provisioning/libvirt-domain.ts';
import { macAddress, seedFiles } from '../../src/upstreams/provisioning/nocloud-seed.ts';
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
      '    routes:',
      '      - to: "0.0.0.0/0"',
      '        via: 192.0.2.1',
      '      - to: "::/0"',
      '        via: fe80::1',
      '        on-link: true',
      '',
    ].join('\n'),
  );
  const userData = files['user-data'];
  assert.ok(userData.startsWith('#cloud-config\n'));
  assert.match(userData, /\n {2}- "ssh-ed25519 AAAAC3Nza \\"quoted\\" comment"\n/, 'a key with quotes stays one YAML string');
  assert.match(userData, /password: "pa\\"ss\\\\word"/, 'the password is one YAML string');
  assert.doesNotMatch(seedFiles({ ...server, rootPassword: null })['user-data'], /password|chpasswd/, 'no password: keys only');
});

test('the domain, its disk and its network are escaped XML; names fit 15 characters', () => {
  const xml = domainXml({ ...server, hostname: "a<b>&'c" }, { domainType: 'qemu', pool: 'cloudplane', bridge: 'cpbr-fsn1' });
  assert.match(xml, /<title>a&lt;b&gt;&amp;&apos;c<\/title>/);
  assert.match(xml, /<name>0123456789abcdef<\/name>/);
  assert.match(xml, /<memory unit='MiB'>512<\/memory>/);
  assert.match(xml, /<target dev='cp0123456789abc'\/>/);
  assert.doesNotMatch(xml, /host-passthrough/, 'software emulation asks for no host CPU');
  assert.match(domainXml(server, { domainType: 'kvm', pool: 'p', bridge: 'b' }), /<cpu mode='host-passthrough'\/>/);
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
