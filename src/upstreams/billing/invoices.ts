// The built-in billing engine's invoices: created for orders, paid from
// credit when it covers the whole total (in the same transaction, with a
// ledger row), otherwise left unpaid for the console. A server order's
// service is reserved (`Pending`) in the invoice's transaction.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database, InvoicesTable } from '../../db/schema.ts';
import { InsufficientCredit, NoBillingAccount, type Invoice, type NewInvoice } from './port.ts';

export class InvoiceBook {
  /**
   * `write` runs a transaction that changes accounts or services: billing's
   * own copies of them (builtin.ts) must hear of it.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly write: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
  ) {}

  private async load(db: Kysely<Database>, row: Selectable<InvoicesTable> | undefined): Promise<Invoice | null> {
    if (!row) return null;
    const items = await db.selectFrom('invoice_items').select(['description', 'amount']).where('invoice_id', '=', row.id).orderBy('id').execute();
    const reserved = row.order_ref
      ? await db.selectFrom('billing_services').select('id').where('order_ref', '=', row.order_ref).executeTakeFirst()
      : undefined;
    return {
      id: row.id,
      userId: row.user_id,
      orderRef: row.order_ref,
      status: row.status,
      total: row.total,
      creditApplied: row.credit_applied,
      currency: row.currency,
      items,
      serviceId: reserved?.id ?? null,
      createdAt: row.created_at,
      settledAt: row.settled_at,
    };
  }

  async get(invoiceId: number): Promise<Invoice | null> {
    return this.load(this.db, await this.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst());
  }

  async findByOrder(orderRef: string): Promise<Invoice | null> {
    return this.load(this.db, await this.db.selectFrom('invoices').selectAll().where('order_ref', '=', orderRef).executeTakeFirst());
  }

  async listForUser(userId: number): Promise<Invoice[]> {
    const rows = await this.db.selectFrom('invoices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
    return Promise.all(rows.map(async (row) => (await this.load(this.db, row))!));
  }

  /**
   * Pays an unpaid invoice from credit: the deduction is conditional on the
   * balance, and the invoice moves only from unpaid, both in one transaction,
   * so two racing payments never both take the credit.
   */
  async payFromCredit(invoiceId: number): Promise<Invoice | null> {
    await this.write(async (trx) => {
      const now = this.clock.now().toISOString();
      const invoice = await trx
        .updateTable('invoices')
        .set((eb) => ({ status: 'paid', settled_at: now, credit_applied: eb.ref('total') }))
        .where('id', '=', invoiceId)
        .where('status', '=', 'unpaid')
        .returning(['user_id', 'total'])
        .executeTakeFirst();
      if (!invoice) return;
      const account = await trx
        .updateTable('billing_accounts')
        .set((eb) => ({ credit_balance: eb('credit_balance', '-', invoice.total) }))
        .where('user_id', '=', invoice.user_id)
        .where('credit_balance', '>=', invoice.total)
        .returning('credit_balance')
        .executeTakeFirst();
      // Throwing rolls the invoice back to unpaid.
      if (!account) throw new InsufficientCredit(`credit does not cover invoice ${invoiceId}`);
      await trx
        .insertInto('credit_ledger')
        .values({ user_id: invoice.user_id, amount: -invoice.total, balance_after: account.credit_balance, reason: `invoice ${invoiceId}`, created_at: now })
        .execute();
    });
    return this.get(invoiceId);
  }

  /**
   * The balance check and the deduction are one conditional UPDATE, so two
   * orders racing for the same credit cannot both take it: the loser's
   * invoice stays unpaid.
   */
  async place(invoice: NewInvoice): Promise<Invoice> {
    const existing = await this.findByOrder(invoice.orderRef);
    if (existing) return existing;
    const account = await this.db.selectFrom('billing_accounts').select('user_id').where('user_id', '=', invoice.userId).executeTakeFirst();
    if (!account) throw new NoBillingAccount(`user ${invoice.userId} has no billing account`);
    const total = invoice.items.reduce((sum, item) => sum + item.amount, 0);
    try {
      return await this.write(async (trx) => {
        const now = this.clock.now().toISOString();
        const paid =
          total === 0 ||
          (await trx
            .updateTable('billing_accounts')
            .set((eb) => ({ credit_balance: eb('credit_balance', '-', total) }))
            .where('user_id', '=', invoice.userId)
            .where('credit_balance', '>=', total)
            .returning('credit_balance')
            .executeTakeFirst());
        const row = await trx
          .insertInto('invoices')
          .values({
            user_id: invoice.userId,
            order_ref: invoice.orderRef,
            status: paid ? 'paid' : 'unpaid',
            total,
            credit_applied: paid ? total : 0,
            currency: invoice.currency,
            created_at: now,
            settled_at: paid ? now : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (invoice.items.length > 0) {
          await trx.insertInto('invoice_items').values(invoice.items.map((item) => ({ invoice_id: row.id, ...item }))).execute();
        }
        if (invoice.reserve) {
          await trx
            .insertInto('billing_services')
            .values({
              user_id: invoice.userId,
              server_id: null,
              product_id: invoice.reserve.productId,
              status: 'Pending',
              billing_cycle: invoice.reserve.billingCycle,
              next_due_date: invoice.reserve.nextDueDate,
              recurring_amount: invoice.reserve.recurringAmount,
              setup_fee: invoice.reserve.setupFee,
              currency: invoice.currency,
              created_at: now,
              order_ref: invoice.orderRef,
            })
            .execute();
        }
        if (paid && typeof paid === 'object') {
          await trx
            .insertInto('credit_ledger')
            .values({ user_id: invoice.userId, amount: -total, balance_after: paid.credit_balance, reason: `invoice ${row.id}`, created_at: now })
            .execute();
        }
        return (await this.load(trx, row))!;
      });
    } catch (error) {
      // The same order placed twice at once: both get the one invoice.
      if (isUniqueViolation(error)) return (await this.findByOrder(invoice.orderRef))!;
      throw error;
    }
  }

  /**
   * Settles an unpaid invoice (paid in the console, or cancelled); anything
   * else is returned as it is. A cancelled order delivers nothing, so the
   * service it reserved is cancelled in the same transaction.
   */
  async settle(invoiceId: number, status: 'paid' | 'cancelled'): Promise<Invoice | null> {
    await this.write(async (trx) => {
      const settled = await trx
        .updateTable('invoices')
        .set({ status, settled_at: this.clock.now().toISOString() })
        .where('id', '=', invoiceId)
        .where('status', '=', 'unpaid')
        .returning('order_ref')
        .executeTakeFirst();
      if (status === 'cancelled' && settled?.order_ref) {
        await trx.updateTable('billing_services').set({ status: 'Cancelled' }).where('order_ref', '=', settled.order_ref).where('status', '=', 'Pending').execute();
      }
    });
    return this.get(invoiceId);
  }
}
