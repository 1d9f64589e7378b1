import { escapeHtml, type Catalogue, type Locale } from '@rendezvous/contract';
import { catalogueText } from '../../i18n/catalogues.js';
import { DEV_CHECKOUT_PATH, type DevOutcome } from './dev-provider.js';

export interface DevCheckoutView {
  locale: Locale | 'pseudo';
  catalogue: Catalogue;
  orderId: number;
  /** Already formatted in the member's language. */
  amount: string;
  sig: string;
  /** Whether the member may still choose; a settled payment shows only that it is done. */
  open: boolean;
  nonces: { style: string };
}

const BUTTONS: readonly DevOutcome[] = ['paid', 'failed', 'cancelled', 'later'];

/**
 * The dev provider's hosted page: names the order, the amount and that no money moves, with one
 * form button per outcome. No script; the one style block carries the page's nonce.
 */
export function renderDevCheckoutPage(view: DevCheckoutView): string {
  const t = (key: string, values?: Record<string, string>) =>
    escapeHtml(catalogueText(view.catalogue, `dev_checkout.${key}`, values));
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const buttons = BUTTONS.map(
    (outcome) => `<button type="submit" name="outcome" value="${outcome}">${t(`button_${outcome}`)}</button>`,
  ).join('\n');
  const choice = view.open
    ? `<form method="post" action="${DEV_CHECKOUT_PATH}">
${hidden('order', String(view.orderId))}
${hidden('sig', view.sig)}
${buttons}
</form>
<p class="hint">${t('later_hint')}</p>`
    : `<p>${t('settled')}</p>`;
  return `<!doctype html>
<html lang="${view.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('title')}</title>
<style nonce="${view.nonces.style}">
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}
.notice{background:#fff4ce;border:1px solid #e0c060;padding:.75rem;border-radius:.5rem}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;cursor:pointer}
.hint{color:#555;font-size:.9rem}
</style>
</head>
<body>
<main>
<h1>${t('title')}</h1>
<p class="notice">${t('notice')}</p>
<p>${t('order', { order: String(view.orderId) })}</p>
<p>${t('amount', { amount: view.amount })}</p>
${choice}
</main>
</body>
</html>
`;
}
