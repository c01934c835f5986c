// The built-in payments system: a test gateway in the style of a card
// processor's test mode. Three documented cards behave on purpose
// (succeeds, declined, processing error); any other number that passes the
// Luhn check succeeds. Charges are kept by idempotency key, never the number.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { cardBrand, PaymentProcessingError, type ChargeOutcome, type ChargeRequest, type PaymentsPort } from './port.ts';

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  processingError: '4000000000000119',
} as const;

export class BuiltinPayments implements PaymentsPort {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async findCharge(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const row = await this.db.selectFrom('gateway_charges').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    if (!row) return null;
    return row.status === 'succeeded'
      ? { status: 'succeeded', chargeId: `ch_${row.id}`, brand: row.card_brand, last4: row.card_last4 }
      : { status: 'declined', reason: row.decline_reason ?? 'declined', brand: row.card_brand, last4: row.card_last4 };
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const earlier = await this.findCharge(request.idempotencyKey);
    if (earlier) return earlier;
    const number = request.card.number;
    if (number === TEST_CARDS.processingError) throw new PaymentProcessingError('the processor failed to handle the charge; nothing was charged');
    const declineReason = number === TEST_CARDS.declined ? 'card_declined' : null;
    try {
      await this.db
        .insertInto('gateway_charges')
        .values({
          idempotency_key: request.idempotencyKey,
          amount: request.amount,
          currency: request.currency,
          status: declineReason ? 'declined' : 'succeeded',
          card_brand: cardBrand(number),
          card_last4: number.slice(-4),
          decline_reason: declineReason,
          created_at: this.clock.now().toISOString(),
        })
        .execute();
    } catch (error) {
      // The same charge sent twice at once: one row, one answer.
      if (!isUniqueViolation(error)) throw error;
    }
    return (await this.findCharge(request.idempotencyKey))!;
  }
}
