// What the server's pages say about its billing, and the root passwords a
// reset or a reinstall made, which the console shows once.
//
// A password is never kept by the console: the session remembers only the
// ids of the actions this session started that make one. When such an
// action has succeeded, the overview offers to show the password; showing it
// (a POST, server-manage.routes.ts) forgets the id, so it is shown once, and
// only in the answer to that POST, never on a page a GET or a reload brings back.
import type { FastifyRequest } from 'fastify';
import type { Action } from '../../modules/actions/index.ts';
import type { Server } from '../../modules/servers/index.ts';
import { moment, type Moment } from './display.ts';
import { actionLabel } from './labels.ts';

declare module 'fastify' {
  interface Session {
    /** Actions this session started whose root password is still to be shown (ids only, never a password). */
    passwordActions?: number[];
  }
}

/** How many such actions a session remembers: bounded so the session row stays small. */
const PASSWORD_ACTIONS_KEPT = 10;

const CYCLES: Record<string, { text: string; per: string }> = {
  monthly: { text: 'Monthly', per: 'a month' },
  quarterly: { text: 'Quarterly', per: 'a quarter' },
  semiannually: { text: 'Every six months', per: 'every six months' },
  annually: { text: 'Yearly', per: 'a year' },
};

/** "monthly" → { text: "Monthly", per: "a month" }; a cycle no table names reads as itself. */
export function cycleWords(cycle: string): { text: string; per: string } {
  return CYCLES[cycle] ?? { text: cycle, per: `per ${cycle}` };
}

export interface BillingSummary {
  cycle: string;
  /** "4.51 EUR a month" */
  price: string | null;
  nextDue: string | null;
}

/** The server's billing as a reader wants it; null when billing could not be read or there is none. */
export function billingSummary(server: Server): BillingSummary | null {
  const billing = server.billing;
  if (!billing || billing.billing_cycle === null) return null;
  const cycle = cycleWords(billing.billing_cycle);
  return {
    cycle: cycle.text,
    price: billing.recurring_amount === null ? null : `${billing.recurring_amount} ${billing.currency} ${cycle.per}`,
    nextDue: billing.next_due_date,
  };
}

/** Remembers that this session started an action whose password it may show once. */
export function rememberPasswordAction(request: FastifyRequest, actionId: number): void {
  const kept = request.session.get('passwordActions') ?? [];
  if (!kept.includes(actionId)) request.session.set('passwordActions', [...kept, actionId].slice(-PASSWORD_ACTIONS_KEPT));
}

/** True the first time for an action this session remembered; the id is then forgotten, so the password is shown once. */
export function takePasswordAction(request: FastifyRequest, actionId: number): boolean {
  const kept = request.session.get('passwordActions') ?? [];
  if (!kept.includes(actionId)) return false;
  request.session.set(
    'passwordActions',
    kept.filter((id) => id !== actionId),
  );
  return true;
}

/** Of the server's actions, those this session started that succeeded and whose password it has not shown yet. */
export function passwordsToReveal(request: FastifyRequest, actions: readonly Action[]): { actionId: number; label: string; finished: Moment | null }[] {
  const kept = request.session.get('passwordActions') ?? [];
  return actions
    .filter((action) => kept.includes(action.id) && action.status === 'success' && typeof action.result.root_password === 'string')
    .map((action) => ({ actionId: action.id, label: actionLabel(action.type), finished: moment(action.finished_at) }));
}
