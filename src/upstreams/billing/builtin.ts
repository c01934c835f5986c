// The built-in billing engine: accounts with credit balances and an
// append-only ledger of every credit movement, and the catalogue it sells.
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import { CachedUntilChanged, KeyedUntilChanged, type ChangeFeed } from '../../db/change-feed.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { readJson, writeJson } from '../../db/columns.ts';
import { isOneOfIds, preparedQuery, preparedRowsQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { Catalogue } from '../../schemas/catalogue.ts';
import { InvoiceBook } from './invoices.ts';
import {
  InsufficientCredit,
  type BillingAccount,
  type BillingBackOffice,
  type BillingService,
  type Invoice,
  type NewBillingService,
  type NewInvoice,
  type ServiceActivation,
} from './port.ts';

/**
 * How long the catalogue is kept at most (the age the port allows). A
 * replacement reaches every process through the change feed well before:
 * this only bounds a change made behind billing's back (by hand in the
 * database).
 */
export const CATALOGUE_MAX_AGE_MS = 5 * 60 * 1000;
/**
 * Accounts and services kept per process, each until billing changes any of
 * them (the change feed's `billing` topic). /me/ reads an account and every
 * server view a service: kept, they cost no statement. A real billing system
 * is a network call away, so it would keep them too.
 */
const KEPT_ACCOUNTS = 10_000;
const KEPT_SERVICES = 20_000;

// Read on every /me/ and every server: prepared once.
const selectAccount = preparedQuery((db, userId: number) =>
  db.selectFrom('billing_accounts').select(['user_id', 'currency', 'credit_balance']).where('user_id', '=', userId),
);
/** What a BillingService is made of (toService); prepared reads name them, never `*` (see SERVER_RECORD_COLUMNS in servers.repo.ts). */
const SERVICE_COLUMNS = ['id', 'user_id', 'server_id', 'product_id', 'status', 'billing_cycle', 'next_due_date', 'recurring_amount', 'setup_fee', 'currency'] as const;
const selectService = preparedQuery((db, serviceId: number) => db.selectFrom('billing_services').select(SERVICE_COLUMNS).where('id', '=', serviceId));
// The first service of a server: an import or an order delivered twice finds it and opens none.
const selectServiceOfServer = preparedQuery((db, serverId: string) =>
  db.selectFrom('billing_services').select(SERVICE_COLUMNS).where('server_id', '=', serverId).orderBy('id').limit(1),
);
/**
 * A server's service, opened unless the server has one already (then no row
 * is answered). An insert from a select, so the check and the write are one
 * statement: PostgreSQL types a parameter in a select list as text, so each
 * value is cast to its column's type there (SQLite takes values as bound).
 */
const insertServiceUnlessOpened = preparedQuery(
  (
    db,
    userId: number,
    serverId: string,
    productId: number,
    billingCycle: string,
    nextDueDate: string,
    recurringAmount: number,
    setupFee: number,
    currency: string,
    createdAt: string,
  ) => {
    const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const typed = (value: unknown, postgresType: string) => (onPostgres ? sql`cast(${value} as ${sql.raw(postgresType)})` : sql`${value}`);
    return db
      .insertInto('billing_services')
      .columns(['user_id', 'server_id', 'product_id', 'status', 'billing_cycle', 'next_due_date', 'recurring_amount', 'setup_fee', 'currency', 'created_at', 'order_ref'])
      .expression(
        db
          .selectNoFrom([
            typed(userId, 'bigint').as('user_id'),
            typed(serverId, 'text').as('server_id'),
            typed(productId, 'integer').as('product_id'),
            sql.lit('Active').as('status'),
            typed(billingCycle, 'text').as('billing_cycle'),
            typed(nextDueDate, 'text').as('next_due_date'),
            typed(recurringAmount, 'bigint').as('recurring_amount'),
            typed(setupFee, 'bigint').as('setup_fee'),
            typed(currency, 'text').as('currency'),
            typed(createdAt, 'timestamptz').as('created_at'),
            sql`null`.as('order_ref'),
          ])
          .where((eb) => eb.not(eb.exists(eb.selectFrom('billing_services').select('id').where('server_id', '=', serverId)))),
      )
      .returning(SERVICE_COLUMNS);
  },
);
// An account's list reads every service it shows at once, however many: one parameter (a JSON array), prepared once.
const selectServices = preparedRowsQuery(SERVICE_COLUMNS, (db, serviceIdsJson: string) =>
  db.selectFrom('billing_services').select(SERVICE_COLUMNS).where(isOneOfIds(db, 'id', serviceIdsJson)),
);

export class BuiltinBilling implements BillingBackOffice {
  private readonly catalogue: CachedUntilChanged<Catalogue>;
  private readonly invoices: InvoiceBook;
  private readonly accounts: KeyedUntilChanged<BillingAccount>;
  private readonly services: KeyedUntilChanged<BillingService>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly changes: ChangeFeed,
  ) {
    this.invoices = new InvoiceBook(db, clock, (work) => this.write(work));
    this.accounts = new KeyedUntilChanged(changes, 'billing', KEPT_ACCOUNTS);
    this.services = new KeyedUntilChanged(changes, 'billing', KEPT_SERVICES);
    this.catalogue = new CachedUntilChanged(changes, 'catalogue', () => this.getCurrentCatalogue(), CATALOGUE_MAX_AGE_MS);
  }

  /** A change to accounts or services, with the notice that drops every process's copies, in one transaction. */
  private write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.changes.commit('billing', work);
  }

  placeInvoice(invoice: NewInvoice): Promise<Invoice> {
    return this.invoices.place(invoice);
  }

  findInvoiceByOrder(orderRef: string): Promise<Invoice | null> {
    return this.invoices.findByOrder(orderRef);
  }

  getInvoice(invoiceId: number): Promise<Invoice | null> {
    return this.invoices.get(invoiceId);
  }

  listInvoices(userId: number): Promise<Invoice[]> {
    return this.invoices.listForUser(userId);
  }

  payInvoiceFromCredit(invoiceId: number): Promise<Invoice | null> {
    return this.invoices.payFromCredit(invoiceId);
  }

  payInvoice(invoiceId: number): Promise<Invoice | null> {
    return this.invoices.settle(invoiceId, 'paid');
  }

  cancelInvoice(invoiceId: number): Promise<Invoice | null> {
    return this.invoices.settle(invoiceId, 'cancelled');
  }

  async changeService(serviceId: number, change: { productId?: number; recurringAmount?: number }): Promise<void> {
    await this.write((trx) =>
      trx
      .updateTable('billing_services')
      .set({
        ...(change.productId !== undefined ? { product_id: change.productId } : {}),
        ...(change.recurringAmount !== undefined ? { recurring_amount: change.recurringAmount } : {}),
      })
      .where('id', '=', serviceId)
      .execute(),
    );
  }

  async getAccount(userId: number): Promise<BillingAccount | null> {
    const account = await this.accounts.get(String(userId), async () => {
      const [row] = await selectAccount(this.db, userId);
      return row ? { userId: row.user_id, currency: row.currency, creditBalance: row.credit_balance } : undefined;
    });
    return account ?? null;
  }

  async openAccount(account: BillingAccount): Promise<BillingAccount> {
    const now = this.clock.now().toISOString();
    return this.write(async (trx) => {
      const opened = await trx
        .insertInto('billing_accounts')
        .values({ user_id: account.userId, currency: account.currency, credit_balance: account.creditBalance, created_at: now })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      // Delivered twice (the outbox may): the second finds the account and changes nothing.
      if (opened && account.creditBalance !== 0) {
        await trx
          .insertInto('credit_ledger')
          .values({ user_id: account.userId, amount: account.creditBalance, balance_after: account.creditBalance, reason: 'opening balance', created_at: now })
          .execute();
      }
      const row = await trx.selectFrom('billing_accounts').select(['user_id', 'currency', 'credit_balance']).where('user_id', '=', account.userId).executeTakeFirstOrThrow();
      return { userId: row.user_id, currency: row.currency, creditBalance: row.credit_balance };
    });
  }

  /**
   * Moves credit by `amount` minor units (negative deducts). The balance
   * check and the update are one statement, so two racing deductions can
   * never both spend the same credit; the ledger row is written in the same
   * transaction.
   */
  async adjustCredit(userId: number, amount: number, reason: string, reference: string | null = null): Promise<BillingAccount | null> {
    return this.write(async (trx) => {
      const row = await trx
        .updateTable('billing_accounts')
        .set((eb) => ({ credit_balance: eb('credit_balance', '+', amount) }))
        .where('user_id', '=', userId)
        .where((eb) => eb('credit_balance', '+', amount), '>=', 0)
        .returning(['user_id', 'currency', 'credit_balance'])
        .executeTakeFirst();
      if (!row) {
        const exists = await trx.selectFrom('billing_accounts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
        if (!exists) return null;
        throw new InsufficientCredit(`credit does not cover ${-amount} minor units`);
      }
      await trx
        .insertInto('credit_ledger')
        .values({ user_id: userId, amount, balance_after: row.credit_balance, reason, reference, created_at: this.clock.now().toISOString() })
        .execute();
      return { userId: row.user_id, currency: row.currency, creditBalance: row.credit_balance };
    });
  }

  async addCredit(userId: number, amount: number, reference: string): Promise<BillingAccount | null> {
    const credited = await this.db.selectFrom('credit_ledger').select('id').where('reference', '=', reference).executeTakeFirst();
    if (credited) return this.getAccount(userId);
    try {
      return await this.adjustCredit(userId, amount, `payment ${reference}`, reference);
    } catch (error) {
      // The same payment credited twice at once: the ledger's unique reference lets one through.
      if (isUniqueViolation(error)) return this.getAccount(userId);
      throw error;
    }
  }

  async getService(serviceId: number): Promise<BillingService | null> {
    const service = await this.services.get(String(serviceId), async () => {
      const [row] = await selectService(this.db, serviceId);
      return row ? toService(row) : undefined;
    });
    return service ?? null;
  }

  /** Those kept, and the others in one statement (kept from then on). */
  async getServices(serviceIds: readonly number[]): Promise<BillingService[]> {
    const kept = serviceIds.map((serviceId) => this.services.peek(String(serviceId)));
    const missing = serviceIds.filter((_, index) => kept[index] === undefined);
    if (missing.length === 0) return kept as BillingService[];
    const found = new Map<number, BillingService>();
    await this.services.loadMany(async () => {
      const read = (await selectServices(this.db, JSON.stringify(missing))).map(toService);
      for (const service of read) found.set(service.serviceId, service);
      return read.map((service) => [String(service.serviceId), service]);
    });
    return serviceIds.flatMap((serviceId, index) => {
      const service = kept[index] ?? found.get(serviceId);
      return service ? [service] : [];
    });
  }

  async listServices(userId: number): Promise<BillingService[]> {
    const rows = await this.db.selectFrom('billing_services').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    return rows.map(toService);
  }

  /**
   * A new service is a new row with an id nobody has read, and the kept
   * copies are of rows read (misses are not kept): no process keeps anything
   * it could make stale, so it is written without the change notice. A
   * notice would drop every process's kept accounts and services on every
   * order and import. One statement opens it unless the server has one
   * already (an import or an order delivered twice); only then is that one
   * read.
   */
  async openService(service: NewBillingService & { serverId: string }): Promise<BillingService> {
    const opened = () =>
      insertServiceUnlessOpened(
        this.db,
        service.userId,
        service.serverId,
        service.productId,
        service.billingCycle,
        service.nextDueDate,
        service.recurringAmount,
        service.setupFee,
        service.currency,
        this.clock.now().toISOString(),
      );
    // Kept as written: the server's answer, read right after, finds it here.
    const written = await this.services.write(
      (kept) => String(kept.serviceId),
      async () => {
        const [row] = await opened();
        return row && toService(row);
      },
    );
    if (written) return written;
    const [existing] = await selectServiceOfServer(this.db, service.serverId);
    if (!existing) throw new Error(`billing: no service of server ${service.serverId} was opened or found`);
    return toService(existing);
  }

  async setServiceStatus(serviceId: number, status: string): Promise<void> {
    await this.write((trx) => trx.updateTable('billing_services').set({ status }).where('id', '=', serviceId).execute());
  }

  async activateService(serviceId: number, activation: ServiceActivation): Promise<void> {
    // Only a reservation is activated: a second delivery of the same change finds the service Active and leaves it.
    await this.write((trx) =>
      trx
        .updateTable('billing_services')
        .set({ server_id: activation.serverId, next_due_date: activation.nextDueDate, recurring_amount: activation.recurringAmount, status: 'Active' })
        .where('id', '=', serviceId)
        .where('status', '=', 'Pending')
        .execute(),
    );
  }

  getCatalogue(): Promise<Catalogue> {
    return this.catalogue.get();
  }

  async getCurrentCatalogue(): Promise<Catalogue> {
    const row = await this.db.selectFrom('billing_catalogue').select('document').where('id', '=', 1).executeTakeFirst();
    if (!row) throw new Error('billing has no catalogue loaded');
    return readJson<Catalogue>(row.document);
  }

  async hasCatalogue(): Promise<boolean> {
    return (await this.db.selectFrom('billing_catalogue').select('id').where('id', '=', 1).executeTakeFirst()) !== undefined;
  }

  async replaceCatalogue(catalogue: Catalogue): Promise<void> {
    const values = { document: writeJson(catalogue), updated_at: this.clock.now().toISOString() };
    // Every process (this one at once) drops its copies: billing's own, and the one ordering checks against.
    await this.changes.commit('catalogue', (trx) =>
      trx
        .insertInto('billing_catalogue')
        .values({ id: 1, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute(),
    );
  }
}

function toService(row: Pick<Selectable<Database['billing_services']>, (typeof SERVICE_COLUMNS)[number]>): BillingService {
  return {
    serviceId: row.id,
    userId: row.user_id,
    serverId: row.server_id,
    productId: row.product_id,
    status: row.status,
    billingCycle: row.billing_cycle,
    nextDueDate: row.next_due_date,
    recurringAmount: row.recurring_amount,
    setupFee: row.setup_fee,
    currency: row.currency,
  };
}
