// The real payment gateway: Telr's hosted payment page API, POST {base}/gateway/order.json with a JSON body
// (research/external-systems.md §1). The store id and auth key travel in the body; Telr answers HTTP 200 for
// success and refusal alike, a refusal being { error: { message, note } }. Failures to ask (network, timeout,
// another status, a body that is not the expected JSON) and refusals throw PaymentGatewayError, whose
// message never carries the auth key.
import { Value } from '@sinclair/typebox/value';
import { minorToDecimalString } from '../../platform/money.js';
import { splitName } from './customer.js';
import {
  type CreatedOrder,
  type CreateOrderRequest,
  gatewayRefusal,
  type OrderCheckResult,
  type PaymentGateway,
  PaymentGatewayError,
} from './port.js';
import type { TelrSettings } from './settings.js';
import { TelrCheck, TelrCreated, TelrError, toCheckResult } from './telr.answers.js';
import { causeOf } from '../supplier-http.js';

type Fetch = typeof fetch;

export interface TelrPaymentGateway extends PaymentGateway {
  readonly kind: 'telr';
}

/** The create request's customer block; Telr prefills its page from it. Left out when nothing is known. */
function customerBlock(customer: CreateOrderRequest['customer']): Record<string, unknown> | undefined {
  if (!customer || (!customer.email && !customer.name && !customer.phone)) return undefined;
  return {
    ...(customer.email ? { email: customer.email } : {}),
    ...(customer.name ? { name: splitName(customer.name) } : {}),
    ...(customer.phone ? { phone: customer.phone } : {}),
  };
}

export function createTelrPaymentGateway(settings: TelrSettings, fetchImpl: Fetch = fetch): TelrPaymentGateway {
  const endpoint = `${settings.baseUrl}/gateway/order.json`;
  const credentials = { store: Number(settings.storeId), authkey: settings.authKey };

  /** Telr's own words, with the key cut out should it ever echo it. */
  const scrub = (text: string) => (settings.authKey ? text.split(settings.authKey).join('***') : text);

  async function call(method: 'create' | 'check', body: Record<string, unknown>): Promise<unknown> {
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ method, ...credentials, ...body }),
        // Covers reading the body too: a gateway that stalls mid-answer fails like one that never answers.
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (timedOut) {
        throw new PaymentGatewayError('timeout', `The payment gateway did not answer within ${settings.timeoutMs} ms`, {
          cause: causeOf(error),
        });
      }
      throw new PaymentGatewayError('unreachable', 'The payment gateway could not be reached', {
        cause: causeOf(error),
      });
    }
    if (status !== 200) {
      throw new PaymentGatewayError('bad-answer', `The payment gateway answered HTTP ${status}`, {
        httpStatus: status,
      });
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new PaymentGatewayError('bad-answer', 'The payment gateway answered in an unexpected form (not JSON)', {
        httpStatus: status,
      });
    }
    if (Value.Check(TelrError, answer)) {
      const note = answer.error.note;
      throw gatewayRefusal(
        scrub(String(answer.error.message)),
        scrub(note === undefined || note === null ? '' : String(note)),
      );
    }
    return answer;
  }

  function unexpected(method: string): PaymentGatewayError {
    return new PaymentGatewayError('bad-answer', `The payment gateway answered the ${method} in an unexpected form`, {
      httpStatus: 200,
    });
  }

  return {
    kind: 'telr',

    async createOrder(request: CreateOrderRequest): Promise<CreatedOrder> {
      const customer = customerBlock(request.customer);
      const answer = await call('create', {
        // 0: Telr's full page in the customer's browser (2 would be its iframe mode).
        framed: 0,
        ...(request.language ? { language: request.language } : {}),
        order: {
          cartid: request.cartRef,
          // Test mode on the service forces test orders, so a test set-up can never take real money.
          test: settings.testMode || request.test ? '1' : '0',
          amount: minorToDecimalString(request.amountMinor, request.currency),
          currency: request.currency,
          description: request.description,
        },
        return: { ...request.returnUrls },
        ...(customer ? { customer } : {}),
      });
      if (!Value.Check(TelrCreated, answer)) throw unexpected('create');
      return { orderRef: answer.order.ref, paymentUrl: answer.order.url };
    },

    async checkOrder(orderRef: string): Promise<OrderCheckResult> {
      const answer = await call('check', { order: { ref: orderRef } });
      const result = Value.Check(TelrCheck, answer) ? toCheckResult(answer) : undefined;
      if (!result) throw unexpected('check');
      return result;
    },
  };
}
