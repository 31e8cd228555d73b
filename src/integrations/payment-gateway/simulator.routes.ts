// The simulator's payment page over HTTP: GET shows it, a form POST of action=pay|decline|cancel settles the
// order and answers 303 to the return URL, as Telr's page does. It is the gateway's page, not an operation of
// the service: served on any host, answering HTML (never the JSON envelope), in its own encapsulated plugin
// with its own form parser and error handler.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptFormBodies, FORM_CONTENT_TYPE } from '../../platform/http/form-body.js';
import { servedOn } from '../../platform/http/openapi.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { PaymentStatus } from './port.js';
import { expiredPage, messagePage, paymentPage, settledPage } from './simulator.page.js';
import { isSimulatorAction, type PaymentSimulator, SIMULATOR_PATH } from './simulator.js';

/** The form has one short field. */
const FORM_BODY_LIMIT = 4 * 1024;
const HTML = 'text/html; charset=utf-8';
const TAGS = ['payment simulator'];
/** In the OpenAPI document: any host, no session (the order reference is the key), HTML answers. */
const OPENAPI = { tags: TAGS, security: [], ...servedOn('any host'), produces: ['text/html'] };

/**
 * Nothing on the page loads from elsewhere or runs scripts; it is never cached (it shows an order's state).
 * No form-action directive: browsers apply it to the redirect after the POST, which goes to the shop.
 */
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

interface OrderParams {
  orderRef: string;
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return new RawAnswer(HTML, body, { status, headers: PAGE_HEADERS }).send(reply);
}

function notFound(reply: FastifyReply): FastifyReply {
  return html(reply, 404, messagePage('Payment not found', 'There is no payment with this address.'));
}

/** The form's action field; undefined for anything but a form (a JSON body, say), as the page only sends forms. */
function actionOf(request: FastifyRequest): unknown {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const body = request.body;
  if (type !== FORM_CONTENT_TYPE || typeof body !== 'object' || body === null) return undefined;
  return 'action' in body ? body.action : undefined;
}

/** An HTML answer, in the OpenAPI document. */
function page(description: string) {
  return { type: 'string', description } as const;
}

export async function registerPaymentSimulatorRoutes(app: FastifyInstance, simulator: PaymentSimulator): Promise<void> {
  await app.register(async (scope) => {
    acceptFormBodies(scope, FORM_BODY_LIMIT);

    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'payment simulator request failed');
        return html(reply, 500, messagePage('Payment unavailable', 'The payment page failed; try again shortly.'));
      }
      return html(reply, status, messagePage('Invalid request', 'The payment form was not understood.'));
    });

    scope.get<{ Params: OrderParams }>(
      `${SIMULATOR_PATH}/:orderRef`,
      {
        schema: {
          summary: "The payment simulator's hosted payment page (HTML)",
          description:
            "Stands in for the payment gateway's page (the default gateway): amount, description and the buttons " +
            'Pay, Decline and Cancel. A settled order shows its outcome; an expired one says so (410).',
          ...OPENAPI,
          operationId: 'paymentSimulatorPage',
          response: {
            200: page('The payment page, or the outcome of a settled order'),
            404: page('No payment with this reference'),
            410: page('The payment link expired'),
          },
        },
      },
      async (request, reply) => {
        const view = await simulator.viewOrder(request.params.orderRef);
        if (view.kind === 'unknown') return notFound(reply);
        if (view.returnUrl) return html(reply, 200, settledPage(view.order, view.status, view.returnUrl));
        if (view.status === PaymentStatus.EXPIRED) return html(reply, 410, expiredPage(view.order));
        return html(reply, 200, paymentPage(view.order));
      },
    );

    scope.post<{ Params: OrderParams }>(
      `${SIMULATOR_PATH}/:orderRef`,
      {
        schema: {
          summary: 'Pay, decline or cancel a simulated payment',
          description:
            'Form field action=pay|decline|cancel. Answers 303 to the return URL of the outcome, as the real ' +
            "gateway's browser redirect; a settled order stays as it is and is sent to its own outcome's URL.",
          ...OPENAPI,
          operationId: 'paymentSimulatorAction',
          consumes: [FORM_CONTENT_TYPE],
          response: {
            303: { type: 'null', description: 'To the return URL of the outcome' },
            400: page('No action, or an unknown one'),
            404: page('No payment with this reference'),
            410: page('The payment link expired'),
          },
        },
      },
      async (request, reply) => {
        const action = actionOf(request);
        if (!isSimulatorAction(action)) {
          return html(reply, 400, messagePage('Invalid request', 'Choose Pay, Decline or Cancel.'));
        }
        const outcome = await simulator.act(request.params.orderRef, action);
        if (outcome.kind === 'unknown') return notFound(reply);
        if (outcome.kind === 'expired') return html(reply, 410, expiredPage(outcome.order));
        return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
      },
    );
  });
}
