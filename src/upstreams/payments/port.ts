// What cloudplane asks of the card processor. The built-in test gateway
// implements it; a real processor replaces it behind the same interface.
// A card number passes through a charge and is never kept: only its brand
// and last four digits come back.

export interface CardDetails {
  /** Digits only. */
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
}

export interface ChargeRequest {
  /** Names the payment: charging again under the same key answers the first charge and charges nothing. */
  idempotencyKey: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  card: CardDetails;
  description: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; chargeId: string; brand: string; last4: string }
  | { status: 'declined'; reason: string; brand: string; last4: string };

/**
 * A charge that failed as a processing error, before anything was charged
 * (as a processor's 5xx): the customer may try again.
 */
export class PaymentProcessingError extends Error {}

export interface PaymentsPort {
  /** Charges a card; a declined card is an outcome, not an error. Throws PaymentProcessingError when nothing was charged. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The outcome of an earlier charge by its idempotency key, or null when none was made (a charge that timed out is settled this way). */
  findCharge(idempotencyKey: string): Promise<ChargeOutcome | null>;
}

/** The card's brand by its leading digits, as processors report it. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}
