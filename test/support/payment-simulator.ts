// What a payer's browser does on the payment simulator's page (a page of the service itself, contract §6): posts
// its choice, is sent back (303) to the tenant's return address, and opens it there.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ApiClient } from './api.js';

/** The env of a service whose gateway is Telr at an address nothing answers on: every order fails unreachable. */
export const UNREACHABLE_GATEWAY_ENV = {
  TC_PAYMENT_GATEWAY: 'telr',
  TC_TELR_STORE_ID: '12345',
  TC_TELR_AUTH_KEY: 'secret-key',
  TC_TELR_BASE_URL: 'http://127.0.0.1:9',
};

export type PayerChoice = 'pay' | 'decline' | 'cancel';

/** The choice posted on the simulator's page; answers the return address (path and query) it sends the browser to. */
export async function chooseOnSimulator(
  app: FastifyInstance,
  paymentUrl: string,
  choice: PayerChoice,
): Promise<string> {
  const url = new URL(paymentUrl);
  const answer = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${choice}`,
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(String(answer.headers.location));
  return `${back.pathname}${back.search}`;
}

/** The choice, then the browser following the redirect: the return page as the tenant's host answers it. */
export async function settleOnSimulator(
  t: { service: { app: FastifyInstance }; api: Pick<ApiClient, 'inject'> },
  paymentUrl: string,
  choice: PayerChoice = 'pay',
) {
  const back = await chooseOnSimulator(t.service.app, paymentUrl, choice);
  return t.api.inject({ method: 'GET', url: back });
}
