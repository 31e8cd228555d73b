// The simulator's hosted payment page: small, self-contained HTML (no scripts, no external assets), from the shipped
// templates templates/payment-simulator/ (the engine escapes every value from an order). The form has no action
// attribute, so it posts back to the very address the browser opened, behind whatever proxy prefix that was.
import { shippedTemplate } from '../../platform/rendering/html.js';
import { minorToDecimalString } from '../../platform/money.js';
import { type PaymentStatusCode, paymentStatusText } from './port.js';
import type { SimulatorDevice, SimulatorOrder } from './simulator.repository.js';

/** The page's width for the device the shop said the customer uses (Telr adapts its page the same way). */
const WIDTH: Record<SimulatorDevice, string> = { small: '22rem', medium: '32rem', large: '40rem' };

const PAY = shippedTemplate('payment-simulator/pay.html');
const SETTLED = shippedTemplate('payment-simulator/settled.html');
const EXPIRED = shippedTemplate('payment-simulator/expired.html');
const MESSAGE = shippedTemplate('payment-simulator/message.html');

interface Frame {
  language?: string | null;
  device?: SimulatorDevice | null;
}

/** The page's language, direction and width. */
function frameOf(frame: Frame = {}) {
  const language = frame.language && /^[a-z]{2}$/.test(frame.language) ? frame.language : 'en';
  return { language, direction: language === 'ar' ? 'rtl' : 'ltr', width: WIDTH[frame.device ?? 'medium'] };
}

function amountOf(order: SimulatorOrder): string {
  return `${minorToDecimalString(order.amountMinor, order.currency)} ${order.currency}`;
}

/** What the order is: its amount, description and reference, in the frame it asked for. */
function orderValues(order: SimulatorOrder) {
  return { ...frameOf(order), amount: amountOf(order), description: order.description, reference: order.cartRef };
}

/** A pending order: what is paid for and the three outcomes a tester can choose. */
export function paymentPage(order: SimulatorOrder): string {
  return PAY({ ...orderValues(order), title: `Pay ${amountOf(order)}`, test: order.test });
}

/** A settled order: its outcome and the way back, for a browser that returns to the page. */
export function settledPage(order: SimulatorOrder, status: PaymentStatusCode, returnUrl: string): string {
  const text = paymentStatusText(status) ?? String(status);
  return SETTLED({ ...orderValues(order), title: `Payment ${text.toLowerCase()}`, returnUrl });
}

/** An order left unpaid past its expiry: it can no longer be paid; the way back is the cancel address. */
export function expiredPage(order: SimulatorOrder): string {
  return EXPIRED({ ...orderValues(order), title: 'Payment link expired', returnUrl: order.returnUrls.cancelled });
}

/** Unknown order refs, bad requests and failures: a short message, nothing about the order. */
export function messagePage(title: string, message: string): string {
  return MESSAGE({ ...frameOf(), title, message });
}
