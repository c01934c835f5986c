// The reverse-dns module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/reverse-dns/ but its unit tests imports its other files (.dependency-cruiser.js).
export { reverseDnsRoutes } from './reverse-dns.routes.ts';
export { ReverseDnsAddressParams, SetPtrBody } from './reverse-dns.schemas.ts';
export { ReverseDnsService } from './reverse-dns.service.ts';
