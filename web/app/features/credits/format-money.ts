/** Money in the interface language's notation, e.g. "€ 1,50" in Dutch and "€1.50" in English. */
export function formatMoney(amount: number, currency: string, regional: string): string {
  try {
    return new Intl.NumberFormat(regional, { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code: still readable.
    return `${amount.toFixed(2)} ${currency}`;
  }
}
