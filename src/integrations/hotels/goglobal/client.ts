// GoGlobal over HTTP: every call is one SOAP MakeRequest POST carrying the inner request (credentials, operation,
// Main), answered within TC_GOGLOBAL_TIMEOUT_MS. Failures become HotelSupplierErrors whose messages hold our words
// only: an Error element of GoGlobal's (its code and text go to the log), a SOAP fault, an HTTP failure, an answer
// that is not the expected XML, no answer in time. The password is in the request body only, never in a log line.
import type { FastifyBaseLogger } from 'fastify';
import { HotelSupplierError } from '../port.js';
import type { GoGlobalSettings } from '../settings.js';
import {
  attribute,
  innerRequest,
  type Json,
  OPERATIONS,
  type OperationName,
  parseXml,
  record,
  SOAP_ACTION,
  soapEnvelope,
  text,
} from './xml.js';
import { causeOf } from '../../supplier-http.js';

export type GoGlobalLog = Pick<FastifyBaseLogger, 'warn'>;

export interface GoGlobalClient {
  /** The answer's Main element. Rejects with HotelSupplierError. */
  call(name: OperationName, main: Json, signal?: AbortSignal): Promise<Json>;
}

export interface GoGlobalClientDeps {
  log: GoGlobalLog;
  fetchImpl?: typeof fetch;
}

function safeParse(body: string): Json | undefined {
  try {
    return parseXml(body);
  } catch {
    return undefined;
  }
}

/** MakeRequestResult's inner document, or why there is none. */
function innerAnswer(status: number, body: string): { root: Json } | { problem: string; fault?: string } {
  const envelope = record(safeParse(body)?.Envelope);
  const soapBody = record(envelope?.Body);
  const fault = record(soapBody?.Fault);
  if (fault) return { problem: `SOAP fault (HTTP ${status})`, fault: text(fault.faultstring) };
  if (status < 200 || status >= 300) return { problem: `HTTP ${status}` };
  const result = text(record(soapBody?.MakeRequestResponse)?.MakeRequestResult);
  const root = result === undefined ? undefined : record(safeParse(result)?.Root);
  return root ? { root } : { problem: 'an answer that is not a MakeRequestResult document' };
}

export function createGoGlobalClient(settings: GoGlobalSettings, deps: GoGlobalClientDeps): GoGlobalClient {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const { log } = deps;

  async function exchange(name: OperationName, main: Json, signal: AbortSignal): Promise<Json> {
    const { requestType } = OPERATIONS[name];
    const response = await fetchImpl(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${SOAP_ACTION}"` },
      body: soapEnvelope(requestType, innerRequest(settings, name, main)),
      signal,
    });
    const answer = innerAnswer(response.status, await response.text());
    if ('problem' in answer) {
      log.warn({ goglobalOperation: name, problem: answer.problem, fault: answer.fault }, 'GoGlobal failed a call');
      throw new HotelSupplierError('unavailable', `GoGlobal failed (${answer.problem})`);
    }
    const answerMain = record(answer.root.Main) ?? {};
    const error = answerMain.Error ?? answer.root.Error;
    if (error !== undefined) {
      const code = attribute(error, 'code') ?? attribute(error, 'Code');
      log.warn({ goglobalOperation: name, goglobalCode: code, goglobalText: text(error) }, 'GoGlobal refused a call');
      throw new HotelSupplierError('refused', `GoGlobal refused the request${code ? ` (code ${code})` : ''}`);
    }
    return answerMain;
  }

  return {
    async call(name, main, callerSignal) {
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
      try {
        return await exchange(name, main, signal);
      } catch (error) {
        if (error instanceof HotelSupplierError) throw error;
        if (signal.aborted) {
          const reason = timeout.aborted ? `no answer within ${settings.timeoutMs} ms` : 'the call was abandoned';
          log.warn({ goglobalOperation: name, reason }, 'GoGlobal call timed out');
          throw new HotelSupplierError('timeout', `GoGlobal: ${reason}`);
        }
        log.warn({ goglobalOperation: name, cause: causeOf(error) }, 'GoGlobal could not be reached');
        throw new HotelSupplierError('unavailable', 'GoGlobal could not be reached');
      }
    },
  };
}
