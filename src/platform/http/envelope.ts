// The envelope every JSON answer wears: { apiStatus: { errorCode, errorMessage }, apiData }.
import { type TSchema, Type } from '@sinclair/typebox';
import type { ErrorCode } from './errors.js';

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

/** An error envelope, already serialised: errors bypass the operation's response schema. */
export function errorBody(code: ErrorCode | string, message: string): string {
  return JSON.stringify({ apiStatus: { errorCode: code, errorMessage: message }, apiData: null });
}
