// What cloudplane asks of the reverse DNS service. Addresses are canonical
// text (see reverse-names.ts); a PTR name is given and returned without the
// trailing dot.

/** The reverse DNS system would not store this name (a real DNS server holds names of at most 253 characters). */
export class PtrRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PtrRefused';
  }
}

export interface RdnsPort {
  /** The PTR names of these addresses, by address; an address without one is absent. One call for a whole page. */
  getPtrs(addresses: readonly string[]): Promise<Map<string, string>>;
  /** Sets (or replaces) the one PTR name of an address; PtrRefused when the system will not hold the name. */
  setPtr(address: string, ptr: string): Promise<void>;
  /** Removes the PTR of an address; removing one that is not set is not an error. */
  deletePtr(address: string): Promise<void>;
  /** Removes every PTR inside a network in CIDR form: a deleted server's IPv6 /64, whose addresses nobody listed. */
  deletePtrsInNetwork(cidr: string): Promise<void>;
}
