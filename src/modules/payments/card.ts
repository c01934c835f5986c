// What a card form must hold before anything is sent to the processor. The
// number is only ever held in memory for the one charge.
import { validationError } from '../../errors.ts';
import type { CardDetails } from '../../upstreams/payments/port.ts';

export interface CardForm {
  number: string;
  /** MM/YY or MM/YYYY */
  expiry: string;
  cvc: string;
}

/** The Luhn check every card number passes: catches a mistyped digit before the processor sees it. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card as the processor takes it, or a validation error naming the field to fix. `now` decides whether it has expired. */
export function parseCard(form: CardForm, now: Date): CardDetails {
  const number = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) throw validationError('card_number', 'a card number is 12 to 19 digits');
  if (!passesLuhn(number)) throw validationError('card_number', 'this card number is not valid; check the digits');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw validationError('expiry', 'write the expiry date as MM/YY');
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) throw validationError('expiry', 'the card has expired');
  if (!/^\d{3,4}$/.test(form.cvc.trim())) throw validationError('cvc', 'the security code is 3 or 4 digits');
  return { number, expiryMonth: month, expiryYear: year, cvc: form.cvc.trim() };
}
