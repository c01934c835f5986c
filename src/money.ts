// Money is integer minor units inside and a two-decimal string at the edge.

const DECIMAL = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "12.5" → 1250; throws on anything that is not a plain decimal with at most two decimals. */
export function parseMoney(text: string): number {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal amount: ${text}`);
  const [, sign, units, fraction = ''] = match;
  const minor = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -minor : minor;
}

export function isMoney(text: string): boolean {
  return DECIMAL.test(text);
}

/** 1250 → "12.50" */
export function formatMoney(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
