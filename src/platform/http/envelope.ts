// The envelope every JSON answer wears: { apiStatus: { errorCode, errorMessage }, apiData }.
import { type TSchema, Type } from '@sinclair/typebox';
import type { ErrorCode } from './errors.js';
import { RawAnswer } from './raw.js';

export const SUCCESS_MESSAGE = 'Success';

export const ApiStatus = Type.Object({
  errorCode: Type.String({ description: 'OK on success, otherwise one of the error codes' }),
  errorMessage: Type.String(),
});

/** The success envelope around an operation's answer (errors carry `apiData: null`). */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ apiStatus: ApiStatus, apiData: data });
}

export function ok<T>(apiData: T) {
  return { apiStatus: { errorCode: 'OK', errorMessage: SUCCESS_MESSAGE }, apiData };
}

/**
 * The success envelope around apiData already serialised (a stored answer that never changes): sent as it is, so
 * the caller must have made `apiDataJson` with the operation's response schema in mind (its test checks the shape).
 */
export function okJson(apiDataJson: string): RawAnswer {
  return new RawAnswer('application/json; charset=utf-8', `${OK_PREFIX}${apiDataJson}}`);
}

/** okJson as the bytes to send: for an answer kept and sent many times (encoded once, not per request). */
export function okJsonBytes(apiDataJson: string): RawAnswer & { readonly body: Buffer } {
  const body = Buffer.from(`${OK_PREFIX}${apiDataJson}}`);
  return new RawAnswer('application/json; charset=utf-8', body) as RawAnswer & { readonly body: Buffer };
}

const OK_PREFIX = JSON.stringify(ok(null)).replace(/null}$/, '');

/** An error envelope, already serialised: errors bypass the operation's response schema. */
export function errorBody(code: ErrorCode | string, message: string): string {
  return JSON.stringify({ apiStatus: { errorCode: code, errorMessage: message }, apiData: null });
}
