import { escapeHtml } from '../../platform/html.js';
// The page a customer opens from a sent quote's e-mail: the agency's name, the quote (lines, net, tax, total,
// validity) and two buttons, Accept and Decline, posting the form back with the token; and the plain pages for a
// decision taken, or a link used, expired or unknown. Every value is HTML-escaped; nothing loads from elsewhere.

/** The quote as the page shows it: every text already formatted (amounts with their currency, dates). */
export interface QuotePageView {
  agency: string;
  quoteNumber: string;
  customerName: string;
  validUntil: string;
  lines: Array<{ description: string; quantity: string; amount: string }>;
  net: string;
  tax: string;
  total: string;
  token: string;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
header{border-bottom:1px solid #d9dde3;margin-bottom:1rem}table{width:100%;border-collapse:collapse}
td,th{padding:.4rem;border-bottom:1px solid #eef0f3;text-align:left}td.n,th.n{text-align:right}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.3rem;
border:1px solid #1f2933;background:#fff;cursor:pointer}button.accept{background:#15803d;color:#fff;border-color:#15803d}`;

function layout(agency: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><header><p><strong>${escapeHtml(agency)}</strong></p></header>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function quotePage(view: QuotePageView): string {
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${escapeHtml(line.quantity)}</td>` +
        `<td class="n">${escapeHtml(line.amount)}</td></tr>`,
    )
    .join('');
  const body = `<p>For ${escapeHtml(view.customerName)}. Valid until ${escapeHtml(view.validUntil)}.</p>
<table><thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td colspan="2">Net amount</td><td class="n">${escapeHtml(view.net)}</td></tr>
<tr><td colspan="2">Tax</td><td class="n">${escapeHtml(view.tax)}</td></tr>
<tr><th colspan="2">Total</th><th class="n">${escapeHtml(view.total)}</th></tr></tfoot></table>
<form method="post" action="/document/quoteResponse"><input type="hidden" name="token" value="${escapeHtml(view.token)}">
<div class="actions"><button class="accept" type="submit" name="decision" value="accept">Accept the quote</button>
<button type="submit" name="decision" value="reject">Decline</button></div></form>`;
  return layout(view.agency, `Quote ${view.quoteNumber}`, body);
}

export function messagePage(agency: string, title: string, message: string): string {
  return layout(agency, title, `<p>${escapeHtml(message)}</p>`);
}
