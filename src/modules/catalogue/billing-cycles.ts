// How long a billing cycle is, in one table. A term is dated by it (a new
// server's next due date) and prorated by it (an upgrade pays for what is left
// of the term, D9); two copies of it once disagreed, and a cycle missing from
// one was silently billed as a month. A cycle not in this table cannot be
// billed: the catalogue refuses to sell one, and asking for its length is an
// error, never a guess.
export const MONTHS_PER_BILLING_CYCLE = {
  monthly: 1,
  quarterly: 3,
  semiannually: 6,
  annually: 12,
  biennially: 24,
  triennially: 36,
} as const;

export type BillingCycle = keyof typeof MONTHS_PER_BILLING_CYCLE;

export const BILLING_CYCLES = Object.keys(MONTHS_PER_BILLING_CYCLE) as BillingCycle[];

export function isBillingCycle(name: string): name is BillingCycle {
  return Object.hasOwn(MONTHS_PER_BILLING_CYCLE, name);
}

export class UnknownBillingCycle extends Error {
  constructor(readonly cycle: string) {
    super(`unknown billing cycle "${cycle}": its length is not known (known: ${BILLING_CYCLES.join(', ')})`);
    this.name = 'UnknownBillingCycle';
  }
}

export function monthsPerBillingCycle(cycle: string): number {
  if (!isBillingCycle(cycle)) throw new UnknownBillingCycle(cycle);
  return MONTHS_PER_BILLING_CYCLE[cycle];
}

/**
 * The same day `months` months away (negative: earlier), at 00:00 UTC. A day
 * the target month lacks falls back to its last day (31 January + 1 month =
 * 28 or 29 February), so moving forward and back use one rule.
 */
function shiftMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** The date one billing cycle after `from`, as YYYY-MM-DD. */
export function nextDueDate(from: Date, cycle: string): string {
  return shiftMonths(from, monthsPerBillingCycle(cycle)).toISOString().slice(0, 10);
}

/** 00:00 UTC of the day the term ending on `dueDate` (YYYY-MM-DD) began: one billing cycle before it. */
export function termStart(dueDate: string, cycle: string): Date {
  return shiftMonths(new Date(`${dueDate}T00:00:00Z`), -monthsPerBillingCycle(cycle));
}
