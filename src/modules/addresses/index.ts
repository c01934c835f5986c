// The addresses module's surface: what the rest of cloudplane may use of it.
// Nothing outside src/modules/addresses/ but its unit tests imports its other files (.dependency-cruiser.js).
export {
  PoolExhausted,
  SERVER_ADDRESS_COLUMNS,
  allocateIpv4,
  allocateIpv6Subnet,
  describeIpv4Pool,
  ipv4PoolProblem,
  ipv6PoolProblem,
  listServerAddresses,
  releaseServerAddresses,
  releaseServerIpv6Subnets,
  reserveIpv4,
  reserveIpv6Subnet,
  toServerAddresses,
} from './address-pools.ts';
export type { ServerAddressRow } from './address-pools.ts';
