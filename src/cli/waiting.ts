// `--wait`: follow an action or an order to its end with the progress display,
// and say how it ended. An end other than success is the command's failure
// (exit 1), raised once the final record has been printed. An order that
// waits for its invoice to be paid ends the wait of the command that placed
// it at once (exit 3): no amount of waiting pays it.
import { FINAL_ACTION_STATUSES, FINAL_ORDER_STATUSES, WaitTimeoutError, type Action, type Order } from '../client/index.ts';
import { CommandFailed, EXIT_AWAITING_PAYMENT } from './failures.ts';
import type { Session } from './session.ts';

interface Followed<State> {
  label: string;
  /** The command that picks the wait up again, for when this one stops early. */
  resume: string;
  wait: (onProgress: (state: State) => void) => Promise<State>;
  /** The state as the progress line shows it. */
  describe: (state: State) => string;
  /** A state that ends the wait: its line is the ending, not another progress line. */
  final: (state: State) => boolean;
  succeeded: (state: State) => boolean;
  /** A state the wait stops at without it having ended: someone else must act first. */
  paused?: (state: State) => boolean;
  /** The last line, whichever way it ended. */
  ending: (state: State) => string;
}

/** Exit status of a program stopped by Ctrl+C, as shells report it (128 + SIGINT). */
const INTERRUPTED = 130;

async function follow<State extends { status: string }>(session: Session, followed: Followed<State>): Promise<State> {
  const progress = await session.status.follow(followed.label);
  let last: State | undefined;
  // Ctrl+C stops the waiting, not the work: say so, and how to pick it up again.
  const interrupted = () => {
    progress.fail(`${followed.label}: ${last ? `still ${last.status}` : 'not read yet'}; stopped waiting (it goes on): ${followed.resume}`);
    process.exit(INTERRUPTED);
  };
  process.once('SIGINT', interrupted);
  let final: State;
  try {
    final = await followed.wait((state) => {
      last = state;
      if (!followed.final(state) && !followed.paused?.(state)) progress.state(followed.describe(state));
    });
  } catch (error) {
    const where = error instanceof WaitTimeoutError ? `still ${error.lastState?.status ?? 'unread'}, stopped waiting` : 'could not follow it';
    progress.fail(`${followed.label}: ${where}`);
    throw error;
  } finally {
    process.removeListener('SIGINT', interrupted);
  }
  if (followed.succeeded(final)) progress.succeed(followed.ending(final));
  else if (followed.paused?.(final)) progress.pause(followed.ending(final));
  else progress.fail(followed.ending(final));
  return final;
}

function actionLabel(action: Action): string {
  return `action ${action.id} (${action.type.replace(/^server\./, '')} on ${action.resource.id})`;
}

/** How long a wait may last: `--wait-timeout` (the client's 10 minutes when not given). */
export interface WaitBounds {
  timeoutMs?: number;
}

/** The command's `--wait-timeout`, for the commands that always wait (`actions wait`, `orders wait`). */
export function waitBounds(options: Record<string, unknown>): WaitBounds {
  return typeof options.waitTimeout === 'number' ? { timeoutMs: options.waitTimeout } : {};
}

/** The command's `--wait` and `--wait-timeout` (which implies --wait); null when it does not wait. */
export function waitRequested(options: Record<string, unknown>): WaitBounds | null {
  const bounds = waitBounds(options);
  return options.wait || bounds.timeoutMs !== undefined ? bounds : null;
}

export function followAction(session: Session, project: string, started: Action, bounds: WaitBounds = {}): Promise<Action> {
  return follow<Action>(session, {
    label: actionLabel(started),
    resume: `cloudplane actions wait ${started.id}`,
    wait: (onProgress) => session.client.waitForAction(project, started.id, { onProgress, ...(bounds.timeoutMs === undefined ? {} : { timeoutMs: bounds.timeoutMs }) }),
    // `unknown` is not an end: the provisioning system is being asked again.
    describe: (action) => (action.status === 'unknown' ? 'unknown (not confirmed yet, still checking)' : action.status),
    final: (action) => FINAL_ACTION_STATUSES.includes(action.status),
    succeeded: (action) => action.status === 'success',
    ending: (action) => `${actionLabel(action)}: ${action.status}`,
  });
}

/** After the final record is printed: an action that did not succeed fails the command. */
export function requireActionSuccess(action: Action): void {
  if (action.status === 'success') return;
  const reason = action.error ? `: ${action.error.message} (${action.error.code})` : '';
  throw new CommandFailed(`error: action ${action.id} ended ${action.status}${reason}`);
}

/** Notes an order's states call for, each said once: where to pay, what `unknown` means. */
function orderNotes(session: Session, paymentEndsTheWait: boolean): (order: Order) => void {
  const said = new Set<string>();
  return (order) => {
    if (said.has(order.status)) return;
    said.add(order.status);
    // When payment ends the wait, the last line says where to pay instead.
    if (order.status === 'awaiting_payment' && order.invoice && !paymentEndsTheWait) {
      session.status.note(`order ${order.id}: invoice ${order.invoice.id} (${order.invoice.total} ${order.invoice.currency}) waits to be paid at ${invoiceAddress(session, order.invoice.url)}`);
    }
    if (order.status === 'unknown') session.status.note(`order ${order.id}: billing did not answer when it was placed; the service is checking whether it went through`);
  };
}

export interface OrderWaitBounds extends WaitBounds {
  /**
   * End the wait when the order waits for its invoice to be paid: right for
   * the command that placed it (nobody is paying while it waits), not for
   * `orders wait`, which is how one follows an order once told to pay.
   */
  stopAtPayment?: boolean;
}

/** The invoice's address as a person can open it: the service answers a path, which is relative to the service root. */
export function invoiceAddress(session: Session, url: string): string {
  return new URL(url, session.apiRoot).toString();
}

function orderEnding(session: Session, order: Order): string {
  if (order.status === 'awaiting_payment') {
    const invoice = order.invoice ? `invoice ${order.invoice.id} (${order.invoice.total} ${order.invoice.currency}) at ${invoiceAddress(session, order.invoice.url)}` : 'its invoice in the console';
    return `order ${order.id}: awaiting payment; pay ${invoice}, then follow it with cloudplane orders wait ${order.id}`;
  }
  return `order ${order.id}: ${order.status}${order.status === 'completed' && order.server_id ? ` (server ${order.server_id})` : ''}`;
}

export function followOrder(session: Session, project: string, placed: Order, bounds: OrderWaitBounds = {}): Promise<Order> {
  const note = orderNotes(session, bounds.stopAtPayment === true);
  const paused = (order: Order) => bounds.stopAtPayment === true && order.status === 'awaiting_payment';
  return follow<Order>(session, {
    label: `order ${placed.id}`,
    resume: `cloudplane orders wait ${placed.id}`,
    wait: (onProgress) =>
      session.client.waitForOrder(project, placed.id, {
        ...(bounds.stopAtPayment ? { alsoStopAt: ['awaiting_payment'] as const } : {}),
        ...(bounds.timeoutMs === undefined ? {} : { timeoutMs: bounds.timeoutMs }),
        onProgress: (order) => {
          note(order);
          onProgress(order);
        },
      }),
    describe: (order) => order.status,
    final: (order) => FINAL_ORDER_STATUSES.includes(order.status),
    succeeded: (order) => order.status === 'completed',
    paused,
    ending: (order) => orderEnding(session, order),
  });
}

/**
 * After the final record is printed: an order the wait left waiting for
 * payment exits 3 (its line said where to pay), one that ended otherwise than
 * completed fails the command.
 */
export function requireOrderCompletedOrPayable(order: Order): void {
  if (order.status === 'awaiting_payment') {
    process.exitCode = EXIT_AWAITING_PAYMENT;
    return;
  }
  requireOrderCompleted(order);
}

export function requireOrderCompleted(order: Order): void {
  if (order.status === 'completed') return;
  const more = order.status === 'failed' ? ': nothing was bought; order again to retry' : order.status === 'cancelled' ? ': its invoice was cancelled' : '';
  throw new CommandFailed(`error: order ${order.id} ended ${order.status}${more}`);
}
