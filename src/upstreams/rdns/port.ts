// What cloudplane asks of the reverse DNS service. Addresses are canonical text.

export interface RdnsPort {
  getPtr(address: string): Promise<string | null>;
  setPtr(address: string, ptr: string): Promise<void>;
  deletePtr(address: string): Promise<void>;
}
