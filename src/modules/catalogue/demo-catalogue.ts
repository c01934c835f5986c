// A catalogue a fresh installation can start with, and that tests can rely on:
// two product families with upgrade paths, a product without a quarterly
// cycle, some sold-out stock, and a location (sin) no product is offered in,
// so the public location list visibly leaves it out.
import type { Catalogue } from '../../schemas/catalogue.ts';

// Products spread copies of these, never the arrays themselves: a shared array
// would make an edit to one product (even in a structuredClone) change others.
const allLocations = ['fsn1', 'nbg1', 'hel1', 'ash'];
const allImages = ['debian-12', 'debian-13', 'ubuntu-24.04', 'rocky-9', 'alma-9'];
const noSetupFees = { monthly: '0.00', quarterly: '0.00', annually: '0.00' };

function stock(soldOut: string[] = [], upgradeSoldOut: string[] = [], codes: string[] = allLocations) {
  return codes.map((code) => ({
    code,
    in_stock: !soldOut.includes(code),
    upgrade_in_stock: !upgradeSoldOut.includes(code),
  }));
}

export const demoCatalogue: Catalogue = {
  locations: [
    // Addresses come from documentation ranges (RFC 5737, RFC 3849): nothing real is ever handed out.
    { code: 'fsn1', city: 'Falkenstein', country: 'Germany', country_code: 'DE', ipv4_pool: '192.0.2.0/25', ipv6_pool: '2001:db8:1::/48' },
    { code: 'nbg1', city: 'Nuremberg', country: 'Germany', country_code: 'DE', ipv4_pool: '198.51.100.0/24', ipv6_pool: '2001:db8:2::/48' },
    { code: 'hel1', city: 'Helsinki', country: 'Finland', country_code: 'FI', ipv4_pool: '203.0.113.0/24', ipv6_pool: '2001:db8:3::/48' },
    { code: 'ash', city: 'Ashburn', country: 'United States', country_code: 'US', ipv4_pool: '192.0.2.128/25', ipv6_pool: '2001:db8:4::/48' },
    { code: 'sin', city: 'Singapore', country: 'Singapore', country_code: 'SG', ipv4_pool: '198.18.0.0/24', ipv6_pool: '2001:db8:5::/48' },
  ],
  images: [
    { name: 'debian-12', distro: 'Debian', version: '12', display_name: 'Debian 12 (Bookworm)' },
    { name: 'debian-13', distro: 'Debian', version: '13', display_name: 'Debian 13 (Trixie)' },
    { name: 'ubuntu-24.04', distro: 'Ubuntu', version: '24.04', display_name: 'Ubuntu 24.04 LTS' },
    { name: 'rocky-9', distro: 'Rocky Linux', version: '9', display_name: 'Rocky Linux 9' },
    { name: 'alma-9', distro: 'AlmaLinux', version: '9', display_name: 'AlmaLinux 9' },
  ],
  products: [
    {
      id: 1,
      name: 'CX22',
      category: 'Shared vCPU',
      description: ['2 shared vCPUs', '4 GB RAM', '40 GB NVMe SSD', '20 TB traffic, pooled'],
      prices: { monthly: '4.59', quarterly: '13.50', annually: '51.00' },
      setup_fees: { ...noSetupFees },
      currency: 'EUR',
      billing_cycles: ['monthly', 'quarterly', 'annually'],
      default_billing_cycle: 'monthly',
      locations: stock(),
      images: [...allImages],
      plan: { cpu_cores: 2, ram_mb: 4096, disk_gb: 40, boot_disk_gb: 40 },
      bandwidth_gb: 20000,
      pooled_bandwidth: true,
      upgradeable_to: [2, 3],
      private_network: true,
    },
    {
      id: 2,
      name: 'CX32',
      category: 'Shared vCPU',
      description: ['4 shared vCPUs', '8 GB RAM', '80 GB NVMe SSD', '20 TB traffic, pooled'],
      prices: { monthly: '7.59', quarterly: '22.50', annually: '84.00' },
      setup_fees: { ...noSetupFees },
      currency: 'EUR',
      billing_cycles: ['monthly', 'quarterly', 'annually'],
      default_billing_cycle: 'monthly',
      locations: stock(['ash']),
      images: [...allImages],
      plan: { cpu_cores: 4, ram_mb: 8192, disk_gb: 80, boot_disk_gb: 80 },
      bandwidth_gb: 20000,
      pooled_bandwidth: true,
      upgradeable_to: [3],
      private_network: true,
    },
    {
      id: 3,
      name: 'CX42',
      category: 'Shared vCPU',
      description: ['8 shared vCPUs', '16 GB RAM', '160 GB NVMe SSD', '20 TB traffic, pooled'],
      prices: { monthly: '18.59', quarterly: '55.50', annually: '210.00' },
      setup_fees: { ...noSetupFees },
      currency: 'EUR',
      billing_cycles: ['monthly', 'quarterly', 'annually'],
      default_billing_cycle: 'monthly',
      locations: stock(['hel1'], ['hel1']),
      images: [...allImages],
      plan: { cpu_cores: 8, ram_mb: 16384, disk_gb: 160, boot_disk_gb: 160 },
      bandwidth_gb: 20000,
      pooled_bandwidth: true,
      upgradeable_to: [],
      private_network: true,
    },
    {
      id: 4,
      name: 'CCX13',
      category: 'Dedicated vCPU',
      description: ['2 dedicated AMD vCPUs', '8 GB RAM', '80 GB NVMe SSD', '20 TB traffic'],
      prices: { monthly: '14.09', quarterly: '42.00', annually: '156.00' },
      setup_fees: { monthly: '5.00', quarterly: '0.00', annually: '0.00' },
      currency: 'EUR',
      billing_cycles: ['monthly', 'quarterly', 'annually'],
      default_billing_cycle: 'monthly',
      locations: stock([], [], ['fsn1', 'nbg1', 'ash']),
      images: ['debian-12', 'debian-13', 'ubuntu-24.04', 'rocky-9'],
      plan: { cpu_cores: 2, ram_mb: 8192, disk_gb: 80, boot_disk_gb: 20 },
      bandwidth_gb: 20000,
      pooled_bandwidth: false,
      upgradeable_to: [5, 6],
      private_network: true,
    },
    {
      id: 5,
      name: 'CCX23',
      category: 'Dedicated vCPU',
      description: ['4 dedicated AMD vCPUs', '16 GB RAM', '160 GB NVMe SSD', '20 TB traffic'],
      prices: { monthly: '27.99', quarterly: '83.00', annually: '310.00' },
      setup_fees: { monthly: '9.00', quarterly: '4.50', annually: '0.00' },
      currency: 'EUR',
      billing_cycles: ['monthly', 'quarterly', 'annually'],
      default_billing_cycle: 'monthly',
      locations: stock(['nbg1'], ['nbg1', 'ash'], ['fsn1', 'nbg1', 'ash']),
      images: ['debian-12', 'debian-13', 'ubuntu-24.04', 'rocky-9'],
      plan: { cpu_cores: 4, ram_mb: 16384, disk_gb: 160, boot_disk_gb: 20 },
      bandwidth_gb: 20000,
      pooled_bandwidth: false,
      upgradeable_to: [6],
      private_network: true,
    },
    {
      // Sold monthly or yearly only: no quarterly term for the biggest plan.
      id: 6,
      name: 'CCX33',
      category: 'Dedicated vCPU',
      description: ['8 dedicated AMD vCPUs', '32 GB RAM', '240 GB NVMe SSD', '30 TB traffic'],
      prices: { monthly: '55.49', annually: '610.00' },
      setup_fees: { monthly: '19.00', annually: '0.00' },
      currency: 'EUR',
      billing_cycles: ['monthly', 'annually'],
      default_billing_cycle: 'monthly',
      locations: stock([], [], ['fsn1', 'hel1']),
      images: ['debian-12', 'ubuntu-24.04', 'alma-9'],
      plan: { cpu_cores: 8, ram_mb: 32768, disk_gb: 240, boot_disk_gb: 40 },
      bandwidth_gb: 30000,
      pooled_bandwidth: false,
      upgradeable_to: [],
      private_network: false,
    },
  ],
  pricing: {
    currency: 'EUR',
    ipv4_additional: { monthly: '0.60', quarterly: '1.80', annually: '7.00' },
    ipv6: { monthly: '0.00', quarterly: '0.00', annually: '0.00' },
    extra_bandwidth: [
      { size_gb: 1000, price: '1.19' },
      { size_gb: 5000, price: '5.49' },
      { size_gb: 10000, price: '9.99' },
    ],
  },
  isos: [
    { id: 1, name: 'virtio-win-0.1.262.iso' },
    { id: 2, name: 'SystemRescue 11.02 (amd64)' },
    { id: 3, name: 'FreeBSD 14.2 RELEASE (amd64)' },
    { id: 4, name: 'Windows Server 2022 (English)' },
  ],
  promo_codes: [
    { code: 'WELCOME10', percent_off: 10 },
    { code: 'HALFOFF', percent_off: 50 },
  ],
};
