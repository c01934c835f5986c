// What other modules may read and write of a server, for their own steps: an
// action's effects, a delivered order, a cancellation, the firewall's
// generations, the legacy API's view of an account. Each takes the caller's
// database or transaction. Only the servers module writes the servers table:
// another module calls one of these. servers.repo.ts stays the
// servers module's own: what another module needs of the servers table is
// added to this list, so the queries stay in one place.
export type { BilledServerSummary, ServerRecord, StoredPlan } from './servers.repo.ts';
export {
  // A server of the project, as a query to add one's own columns to, and its row as a record.
  selectProjectServerRecord,
  toServerRecord,
  // A server by id, whatever its project: for jobs, which hold the id of a server they act on.
  findServer,
  // Replaces the SSH keys set on the server (a reinstall that names keys); the ids must be the project's (SshKeyService.requireOwned).
  replaceServerSshKeys,
  // The servers of the given projects that have a billing service (optionally: that one service), in no particular order.
  listBilledServers,
  // The billed servers of the projects a user owns, each as a list shows it (a few columns and its primary IPv4 address), in one statement.
  listOwnedBilledServerSummaries,
  // A drift check (the host-drift module): the servers placed on a host, and which names of a host's machines are servers.
  listHostServers,
  existingServerIds,
  // Moves a project's pooled bandwidth in a location (a bandwidth order delivered).
  adjustBandwidthPool,
  // An action's effects: power state (a suspension wins), the pending plan applied, the image, the ISO, the private network.
  setPowerState,
  applyPendingPlan,
  setServerImage,
  setServerIso,
  enablePrivateNetwork,
  // A delivered order: an upgrade's product and pending plan, extra bandwidth.
  setUpgradedProduct,
  addExtraBandwidth,
  // A cancellation request, recorded once.
  recordCancellationRequest,
  // The firewall's columns: its generation bumped, a generation announced, the row locked for a change of groups.
  bumpFirewallGenerations,
  announceFirewallGeneration,
  lockServerRow,
} from './servers.repo.ts';
// A server as the provisioning system creates it: the row, its addresses, its SSH keys.
export { serverDefinition } from './server-definition.ts';
