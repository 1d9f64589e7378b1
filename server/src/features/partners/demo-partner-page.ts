import { escapeHtml } from '@rendezvous/contract';
import { ACCOUNT_PLACEHOLDER } from '../../config.js';

/** Where unset partner addresses lead outside production, so a local click on an ad goes somewhere honest. */
export const DEMO_PARTNER_PAGE_PATH = '/api/partners/demo.php';
export const DEMO_CAMS_REDIRECT_URL = `${DEMO_PARTNER_PAGE_PATH}?partner=cams&account=${ACCOUNT_PLACEHOLDER}`;
export const DEMO_RESELL_PARTNER_URL = `${DEMO_PARTNER_PAGE_PATH}?partner=resell`;

/** A plain page that says what a real partner would have received; the page CSP keeps it script-free. */
export function renderDemoPartnerPage(params: Record<string, string>): string {
  const partner = params.partner === 'cams' ? 'webcam partner' : 'resell partner';
  const rows = Object.entries(params)
    .map(([name, value]) => `<tr><th scope="row">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Demo ${partner}</title></head>
<body>
<h1>Demo ${partner}</h1>
<p>No ${partner} is configured, so this local stand-in opened instead. With one configured
(see CAMS_REDIRECT_URL and RESELL_PARTNER_URL in the README) the ad leads to the partner's site
with these parameters:</p>
<table>${rows}</table>
</body>
</html>
`;
}
