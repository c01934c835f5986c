// The provider's back office, as the operator API offers it: credit,
// the catalogue, and invoices paid or cancelled outside the APIs. It works on
// billing's back-office port, which fault injection does not wrap, so the
// world can be set up while a system is made to fail for the public APIs. It
// reads billing as it is now, never a kept copy: an operator checking a change
// made through another process sees it.
import { AppError, notFound } from '../../errors.ts';
import { formatMoney } from '../../money.ts';
import { InsufficientCredit, type BillingBackOffice, type Invoice } from '../../upstreams/billing/port.ts';
import type { Catalogue } from '../../schemas/catalogue.ts';
import type { ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import { catalogueProblems } from '../catalogue/index.ts';
import type { OrderService } from '../orders/index.ts';

export interface CreditAccount {
  exists: true;
  credit_balance: string;
  currency: string;
}

export class BackOfficeService {
  constructor(
    private readonly deps: {
      billing: BillingBackOffice;
      /** Asked whether the files the catalogue's images name are there. */
      provisioning: ProvisioningPort;
      orders: OrderService;
    },
  ) {}

  /** Moves a user's credit by `amount` minor units; it can never go below zero. */
  async adjustCredit(userId: number, amount: number, reason: string): Promise<CreditAccount> {
    try {
      const account = await this.deps.billing.adjustCredit(userId, amount, reason);
      if (!account) throw notFound('user or their billing account');
      return { exists: true, credit_balance: formatMoney(account.creditBalance), currency: account.currency };
    } catch (error) {
      if (error instanceof InsufficientCredit) {
        throw new AppError('validation_error', 'amount: credit can never go negative', { errors: [{ field: 'amount', message: 'would make the credit balance negative' }] });
      }
      throw error;
    }
  }

  getCatalogue(): Promise<Catalogue> {
    return this.deps.billing.getCurrentCatalogue();
  }

  /** Replaces what billing sells once every reference in it holds; every process's copies follow (this one's at once). */
  async replaceCatalogue(catalogue: Catalogue): Promise<Catalogue> {
    const problems = [...catalogueProblems(catalogue), ...(await this.missingHostFiles(catalogue))];
    if (problems.length > 0) {
      throw new AppError('validation_error', problems.map((entry) => `${entry.field}: ${entry.message}`).join('; '), { errors: problems });
    }
    await this.deps.billing.replaceCatalogue(catalogue);
    return this.deps.billing.getCurrentCatalogue();
  }

  /** An image or ISO whose files are not on the hypervisor hosts could never be used: each missing file is a problem. */
  private async missingHostFiles(catalogue: Catalogue): Promise<{ field: string; message: string }[]> {
    const named = [
      ...catalogue.images.flatMap((image, i) =>
        (['disk', 'kernel', 'initrd'] as const).flatMap((kind) => (image.files?.[kind] ? [{ field: `images[${i}].files.${kind}`, path: image.files[kind] }] : [])),
      ),
      ...catalogue.isos.flatMap((iso, i) => (iso.file ? [{ field: `isos[${i}].file`, path: iso.file }] : [])),
    ];
    if (named.length === 0) return [];
    const missing = new Set(await this.deps.provisioning.missingFiles(named.map((entry) => entry.path)));
    return named.filter((entry) => missing.has(entry.path)).map((entry) => ({ field: entry.field, message: `${entry.path} is not on the hypervisor hosts` }));
  }

  /** An invoice paid (in the console, by transfer) or cancelled; its order follows at once. */
  async settleInvoice(invoiceId: number, how: 'pay' | 'cancel'): Promise<Invoice> {
    const { billing } = this.deps;
    const invoice = await this.deps.orders.settleInvoice(invoiceId, () => (how === 'pay' ? billing.payInvoice(invoiceId) : billing.cancelInvoice(invoiceId)));
    if (!invoice) throw notFound('invoice');
    return invoice;
  }
}
