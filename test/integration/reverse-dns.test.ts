// Reverse DNS on the built-in store (the default backend). The cases are
// shared with the PowerDNS run: reverse-dns.cases.ts.
import { reverseDnsTests } from './reverse-dns.cases.ts';

reverseDnsTests({ name: 'built-in', longestName: 255, start: async () => ({ config: { rdns: { backend: 'builtin' } } }) });
