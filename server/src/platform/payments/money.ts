/** Minor units the way a language writes money: "€ 24,95" in Dutch, "£19.49" in English. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  // Not every currency has cents: the yen has none, the Kuwaiti dinar three.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
