// A page of the service opened from a link that holds its own key (a quote's answer page, an invoice's payment page):
// never cached, never framed (its buttons decide), no referrer (the address holds the key), nothing loaded from
// elsewhere but its icon (/favicon.ico). A page whose form goes on to the payment gateway lets a form's redirect leave for an https address (a
// browser applies form-action to the redirect too).
import { RawAnswer } from '../http/raw.js';

export type FormTargets = 'self' | 'self-and-payment-gateway';

function headersOf(forms: FormTargets): Record<string, string> {
  const formAction = forms === 'self' ? "'self'" : "'self' https:";
  return {
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy':
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${formAction}; ` +
      "frame-ancestors 'none'; base-uri 'none'",
  };
}

/**
 * The page as an HTML answer: 200 unless told (a payment page answers 200 whatever it says; a quote's link that
 * leads to no quote says 404 or 410).
 */
export function keyedPage(body: string, forms: FormTargets = 'self', status = 200): RawAnswer {
  return new RawAnswer('text/html; charset=utf-8', body, { status, headers: headersOf(forms) });
}

/** 303 to where the payer pays (the gateway's page), never cached, no referrer. */
export function seeOther(location: string): RawAnswer {
  return new RawAnswer('text/plain; charset=utf-8', '', {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}
