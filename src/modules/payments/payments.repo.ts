// Every query on the console's payments.
import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema.ts';
import { fixedInSql } from '../../db/prepared.ts';

export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentStatus = PaymentsTable['status'];

export function findPayment(db: Kysely<Database>, paymentId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

export function findPaymentByForm(db: Kysely<Database>, userId: number, formToken: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('user_id', '=', userId).where('form_token', '=', formToken).executeTakeFirst();
}

/** Newest first. */
export function listInvoicePayments(db: Kysely<Database>, invoiceId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('id', 'desc').execute();
}

export function insertPayment(
  db: Kysely<Database>,
  values: Pick<PaymentRow, 'user_id' | 'form_token' | 'purpose' | 'invoice_id' | 'method' | 'amount' | 'currency' | 'card_brand' | 'card_last4'>,
  now: string,
): Promise<PaymentRow> {
  return db
    .insertInto('payments')
    .values({ ...values, status: 'pending', charge_ref: null, problem: null, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Records what became of a payment. `from` names the statuses it may move
 * from; a success the processor reports is recorded whatever the row said,
 * since the money was taken.
 */
export async function recordOutcome(
  db: Kysely<Database>,
  paymentId: number,
  from: readonly PaymentStatus[],
  outcome: { status: PaymentStatus; problem: string | null; chargeRef?: string | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: outcome.status, problem: outcome.problem, ...(outcome.chargeRef !== undefined ? { charge_ref: outcome.chargeRef } : {}), updated_at: now })
    .where('id', '=', paymentId)
    .where('status', 'in', from.map(fixedInSql))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A user's card top-ups still under way or made, newest first: what the credit history lists of them. */
export function listUserTopUps(db: Kysely<Database>, userId: number, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', 'top_up')
    .where('status', 'in', [fixedInSql('pending'), fixedInSql('succeeded')])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
