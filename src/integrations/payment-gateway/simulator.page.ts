// The simulator's hosted payment page: small, self-contained HTML (no scripts, no external assets) whose every
// value from an order is escaped. The form has no action attribute, so it posts back to the very address the
// browser opened, behind whatever proxy prefix that was.
import { minorToDecimalString } from '../../platform/money.js';
import { type PaymentStatusCode, paymentStatusText } from './port.js';
import type { SimulatorDevice, SimulatorOrder } from './simulator.repository.js';
import { escapeHtml } from '../../platform/html.js';

/** The page's width for the device the shop said the customer uses (Telr adapts its page the same way). */
const WIDTH: Record<SimulatorDevice, string> = { small: '22rem', medium: '32rem', large: '40rem' };

interface Frame {
  language?: string | null;
  device?: SimulatorDevice | null;
}

function layout(title: string, body: string, frame: Frame = {}): string {
  const language = frame.language && /^[a-z]{2}$/.test(frame.language) ? frame.language : 'en';
  const direction = language === 'ar' ? 'rtl' : 'ltr';
  const width = WIDTH[frame.device ?? 'medium'];
  return `<!doctype html>
<html lang="${language}" dir="${direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f4f5f7;color:#1a1a1a}
main{max-width:${width};margin:2rem auto;background:#fff;border:1px solid #ccc;border-radius:.5rem;padding:1.5rem}
h1{font-size:1.4rem;margin-top:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.note{background:#fff4ce;padding:.5rem;border-radius:.25rem}
label{display:block;font-weight:600;margin-top:1rem}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:.25rem;border:1px solid #555;cursor:pointer;background:#fff}
button[value=pay]{background:#0b6e2e;color:#fff;border-color:#0b6e2e}
button:focus-visible,a:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function amountOf(order: SimulatorOrder): string {
  return `${minorToDecimalString(order.amountMinor, order.currency)} ${order.currency}`;
}

function summary(order: SimulatorOrder): string {
  return `<dl>
<dt>Amount</dt><dd>${escapeHtml(amountOf(order))}</dd>
<dt>Description</dt><dd>${escapeHtml(order.description)}</dd>
<dt>Reference</dt><dd>${escapeHtml(order.cartRef)}</dd>
</dl>`;
}

/** A pending order: what is paid for and the three outcomes a tester can choose. */
export function paymentPage(order: SimulatorOrder): string {
  const amount = escapeHtml(amountOf(order));
  const test = order.test ? '<p class="note">Test order: no money moves.</p>' : '';
  return layout(
    `Pay ${amountOf(order)}`,
    `<h1>Payment simulator</h1>
<p>This page stands in for the payment gateway's hosted page.</p>
${test}
${summary(order)}
<form method="post">
<label for="card-number">Card number (test card)</label>
<input id="card-number" value="4111 1111 1111 1111" readonly autocomplete="off">
<div class="actions" role="group" aria-label="Payment outcome">
<button type="submit" name="action" value="pay">Pay ${amount}</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>`,
    order,
  );
}

/** A settled order: its outcome and the way back, for a browser that returns to the page. */
export function settledPage(order: SimulatorOrder, status: PaymentStatusCode, returnUrl: string): string {
  const text = paymentStatusText(status) ?? String(status);
  return layout(
    `Payment ${text.toLowerCase()}`,
    `<h1>Payment ${escapeHtml(text.toLowerCase())}</h1>
${summary(order)}
<p><a href="${escapeHtml(returnUrl)}">Return to the shop</a></p>`,
    order,
  );
}

/** An order left unpaid past its expiry: it can no longer be paid; the way back is the cancel address. */
export function expiredPage(order: SimulatorOrder): string {
  return layout(
    'Payment link expired',
    `<h1>This payment link has expired</h1>
<p>The order was not paid in time and can no longer be paid. Start the payment again from the shop.</p>
${summary(order)}
<p><a href="${escapeHtml(order.returnUrls.cancelled)}">Return to the shop</a></p>`,
    order,
  );
}

/** Unknown order refs, bad requests and failures: a short message, nothing about the order. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}
