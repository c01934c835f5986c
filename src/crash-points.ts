// Crash points (D20): named places in the flows that talk to a system behind
// a port, where a test run makes the process kill itself (SIGKILL, as a power
// cut or the OOM killer would) to prove the flow resumes after a restart.
//
// `CLOUDPLANE_CRASH_AT=<name>` arms one point for the life of the process.
// Unset, `crashPoint` is one comparison with null: nothing is read, logged or
// allocated on the way through.
//
// The list below is the only one: config refuses a name that is not in it,
// and the crash test (test/integration/crash-points.test.ts) has a scenario
// for every entry and checks that each is reached in the code, so a point
// added here without a test fails the suite.
import { writeSync } from 'node:fs';

export const CRASH_POINTS = {
  'order.after-record': 'the order, its idempotency key and its settle job are committed; billing not yet asked for the invoice',
  'order.after-invoice': 'billing placed the invoice; the order not yet moved to where it says',
  'invoice.after-billing': "the operator's payment or cancellation of an invoice is made in billing; its order not yet moved",
  'order.delivery.before-commit': 'a paid server order is being delivered; the server not yet placed',
  'order.delivery.after-create': 'provisioning says the ordered server is created; the order not yet completed',
  'billing-outbox.before-deliver': 'rows and the billing message that follows from them are committed; billing not yet told',
  'action.after-record': 'the action, its idempotency key and its job are committed; the answer not yet sent',
  'action.after-submit': 'provisioning accepted the operation; the action not yet moved on to wait for it',
  'action.before-settle': 'provisioning says the operation is done; its effects not yet committed',
  'payment.after-record': 'the payment row and its safety net are committed; the card not yet charged',
  'payment.after-charge': 'the card processor answered; the outcome not yet recorded',
  'payment.after-outcome': 'a successful payment is recorded; billing not yet told the invoice is paid',
  'cancellation.after-billing': "billing changed the service's status; the cancellation request not yet recorded",
  'cancellation.after-record': 'an immediate cancellation is recorded; the server not yet deleted',
  'server-deletion.after-commit': "the server's rows are deleted with the jobs that remove its machine and PTR records; provisioning and reverse DNS not yet asked",
  'firewall.after-record': 'a firewall change and its propagation jobs are committed; the worker not yet woken',
  'firewall.before-apply': 'a propagation compiled the rulesets; the network controller not yet given them',
  'server-import.after-billing': "billing opened the service of a server the operator imports; the server not yet placed",
  'project.setup.after-provisioning': 'provisioning confirmed a new project; the project not yet marked ready',
  'project.delete.after-record': 'the project is marked deleting with its job; provisioning not yet asked',
  'project.delete.after-provisioning': 'provisioning deleted the project; its row not yet deleted',
  'webhook.dispatch.before-commit': "a webhook's deliveries, their jobs and its moved cursor are written in the dispatch transaction; not yet committed",
  'webhook.dispatch.after-commit': "a webhook's deliveries and their jobs are committed with its moved cursor; the worker not yet woken",
  'webhook.delivery.after-send': "the receiver answered a delivery's attempt; the attempt not yet recorded",
  'webhook.delivery.after-record': "a delivery's attempt and its outcome are recorded; its job not yet finished",
  'audit.before-commit': "a change and its audit entry are written in the change's transaction; not yet committed",
  'audit.after-commit': "a change and its audit entry are committed and the answer settled; the entry not yet completed with the answer's status",
  // The libvirt backend's own steps (D23): their scenarios run against real libvirt (test/guest/crash.test.ts).
  'libvirt.after-soft-stop-asked': 'the guest was asked to shut down (a reboot, a shutdown, IPv6 or the private network enabled), its domain id noted; the operation not yet marked carried out',
  'libvirt.cycle.before-start': 'the guest is down and its machine changed to match the record; not yet started again',
  'libvirt.snapshot.after-copy-begun': "the snapshot's file is recorded and libvirt began copying the disk into it; the operation not yet marked carried out",
} as const satisfies Record<string, string>;

export type CrashPointName = keyof typeof CRASH_POINTS;
/** The points in the libvirt backend, whose scenarios need a hypervisor. */
export type LibvirtCrashPointName = Extract<CrashPointName, `libvirt.${string}`>;

export function isCrashPointName(name: string): name is CrashPointName {
  return Object.hasOwn(CRASH_POINTS, name);
}

let armed: CrashPointName | null = null;

/** Arms one point for this process (`CLOUDPLANE_CRASH_AT`, read once by config), or none. */
export function armCrashPoint(name: CrashPointName | null): void {
  armed = name;
}

/** Kills the process here when this point is armed; otherwise does nothing. */
export function crashPoint(name: CrashPointName): void {
  if (armed !== name) return;
  // Written synchronously: the test reads it to know the process died here, not elsewhere.
  writeSync(2, `crash point ${name} reached: killing the process (CLOUDPLANE_CRASH_AT)\n`);
  process.kill(process.pid, 'SIGKILL');
}
