// The four systems behind the API, each the built-in implementation wrapped in
// fault injection. `builtin` gives the operator API the unwrapped engines: the
// back office sets up the world even while a system is made to fail.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { BuiltinBilling } from './billing/builtin.ts';
import type { BillingPort } from './billing/port.ts';
import { FaultStore, withFaults } from './faults.ts';
import { BuiltinFirewall } from './firewall/builtin.ts';
import type { FirewallPort } from './firewall/port.ts';
import { BuiltinProvisioning } from './provisioning/builtin.ts';
import { PROVISIONING_PROBES, type ProvisioningPort } from './provisioning/port.ts';
import { BuiltinRdns } from './rdns/builtin.ts';
import type { RdnsPort } from './rdns/port.ts';
import { PowerDnsRdns } from './rdns/powerdns.ts';
import type { RdnsConfig } from '../config.ts';

export interface Upstreams {
  billing: BillingPort;
  provisioning: ProvisioningPort;
  rdns: RdnsPort;
  firewall: FirewallPort;
  faults: FaultStore;
  builtin: { billing: BuiltinBilling; provisioning: BuiltinProvisioning; firewall: BuiltinFirewall };
}

export function createUpstreams(db: Kysely<Database>, clock: Clock, simScale = 1, rdnsConfig: RdnsConfig = { backend: 'builtin' }): Upstreams {
  const faults = new FaultStore(db, clock);
  const billing = new BuiltinBilling(db, clock);
  const provisioning = new BuiltinProvisioning(db, clock, simScale);
  const firewall = new BuiltinFirewall(db, clock);
  return {
    billing: withFaults('billing', billing, faults),
    provisioning: withFaults('provisioning', provisioning, faults, { probes: PROVISIONING_PROBES }),
    // Faults wrap PowerDNS too: a client can be tested against a down reverse DNS service with the real one behind.
    rdns: withFaults('rdns', rdnsConfig.backend === 'powerdns' ? new PowerDnsRdns(rdnsConfig) : new BuiltinRdns(db, clock), faults),
    firewall: withFaults('firewall', firewall, faults),
    faults,
    builtin: { billing, provisioning, firewall },
  };
}
