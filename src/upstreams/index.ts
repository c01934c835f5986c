// The five systems behind the API and the console, each the built-in implementation wrapped in
// fault injection. `backOffice` gives the operator API and first start the
// same systems unwrapped, typed by their ports: the back office sets up the
// world even while a system is made to fail. Nothing outside this folder names
// a built-in implementation.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database } from '../db/schema.ts';
import { BuiltinBilling } from './billing/builtin.ts';
import type { BillingBackOffice, BillingPort } from './billing/port.ts';
import { FaultStore, withFaults } from './faults.ts';
import { BuiltinFirewall } from './firewall/builtin.ts';
import { NftablesFirewall } from './firewall/nftables.ts';
import type { FirewallPort } from './firewall/port.ts';
import { BuiltinProvisioning } from './provisioning/builtin.ts';
import { PROVISIONING_PROBES, type ProvisioningPort, type ProvisioningSimulator } from './provisioning/port.ts';
import { BuiltinRdns } from './rdns/builtin.ts';
import type { RdnsPort } from './rdns/port.ts';
import { BuiltinPayments } from './payments/builtin.ts';
import type { PaymentsPort } from './payments/port.ts';
import { PowerDnsRdns } from './rdns/powerdns.ts';
import type { FirewallConfig, ProvisioningConfig, RdnsConfig } from '../config.ts';
import { LibvirtProvisioning } from './provisioning/libvirt.ts';

export interface Upstreams {
  billing: BillingPort;
  provisioning: ProvisioningPort;
  rdns: RdnsPort;
  firewall: FirewallPort;
  payments: PaymentsPort;
  faults: FaultStore;
  backOffice: { billing: BillingBackOffice; provisioning: ProvisioningPort; firewall: FirewallPort };
  /** The simulator's drift controls when the simulator runs the servers (the operator's testing hooks); null with libvirt. */
  simulator: ProvisioningSimulator | null;
}

export function createUpstreams(
  db: Kysely<Database>,
  clock: Clock,
  changes: ChangeFeed,
  simScale = 1,
  rdnsConfig: RdnsConfig = { backend: 'builtin' },
  provisioningConfig: ProvisioningConfig = { backend: 'builtin' },
  firewallConfig: FirewallConfig = { backend: 'builtin' },
): Upstreams {
  const faults = new FaultStore(db, clock, changes);
  const billing = new BuiltinBilling(db, clock, changes);
  const provisioning = provisioningConfig.backend === 'libvirt' ? new LibvirtProvisioning(db, clock, provisioningConfig) : new BuiltinProvisioning(db, clock, simScale);
  // nftables also loads each server's rules onto its tap; the built-in one, which it wraps, keeps the record either way.
  const recorder = new BuiltinFirewall(db, clock, changes);
  const firewall: FirewallPort = firewallConfig.backend === 'nftables' ? new NftablesFirewall(recorder, firewallConfig.nftCommand) : recorder;
  return {
    billing: withFaults('billing', billing, faults),
    provisioning: withFaults('provisioning', provisioning, faults, { probes: PROVISIONING_PROBES }),
    // Faults wrap PowerDNS too: a client can be tested against a down reverse DNS service with the real one behind.
    rdns: withFaults('rdns', rdnsConfig.backend === 'powerdns' ? new PowerDnsRdns(rdnsConfig) : new BuiltinRdns(db, clock), faults),
    firewall: withFaults('firewall', firewall, faults),
    payments: withFaults('payments', new BuiltinPayments(db, clock), faults),
    faults,
    backOffice: { billing, provisioning, firewall },
    simulator: provisioning instanceof BuiltinProvisioning ? provisioning : null,
  };
}
