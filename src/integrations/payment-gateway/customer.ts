// The customer a payment is made for, between our one-line name and the gateway's name parts.
import type { CreateOrderRequest, PaymentCustomer } from './port.js';

type RequestCustomer = NonNullable<CreateOrderRequest['customer']>;

/**
 * Telr's name parts from one full name: the last word is the surname, the rest the forenames ("Mary Ann
 * Smith" → "Mary Ann" + "Smith"); one word is a surname only, since Telr requires that part.
 */
export function splitName(name: string | undefined): { forenames: string; surname: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const surname = words.pop() ?? '';
  return { forenames: words.join(' '), surname };
}

/** The check result's customer block for the details a create request carried; null when it carried none. */
export function checkCustomer(customer: RequestCustomer | null | undefined): PaymentCustomer | null {
  if (!customer || (!customer.email && !customer.name && !customer.phone)) return null;
  return {
    email: customer.email ?? '',
    name: { title: '', ...splitName(customer.name) },
    address: { line1: '', city: '', country: '' },
    ref: '',
  };
}
