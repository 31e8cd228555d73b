// The error codes of the specification and the contract, and the one exception type for expected failures.

export const ErrorCode = {
  OK: 'OK',
  MISSING_PARAMETER: 'MISSING_PARAMETER',
  TOKEN_ERROR: 'TOKEN_ERROR',
  NOTFOUND: 'NOTFOUND',
  INVALID_FORMAT: 'INVALID_FORMAT',
  GENERAL: 'GENERAL',
  NOT_LOGGED_IN: 'NOT_LOGGED_IN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  API_ERROR: 'API_ERROR',
  MKT0100: 'MKT0100',
  MKT0101: 'MKT0101',
  MKT0102: 'MKT0102',
  FORBIDDEN: 'FORBIDDEN',
  INVALID_STATE: 'INVALID_STATE',
  DUPLICATE: 'DUPLICATE',
  RATE_LIMITED: 'RATE_LIMITED',
  TENANT_UNAVAILABLE: 'TENANT_UNAVAILABLE',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * An expected failure: answered as an envelope with this code and message. `httpStatus` is 200 for
 * failures of an operation (contract §2) and set only for transport-level refusals; `headers` go with the
 * answer (a 429's `Retry-After`).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly httpStatus = 200,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const missingParameter = (name: string) =>
  new ApiError(ErrorCode.MISSING_PARAMETER, `Missing parameter: ${name}`);
export const invalidFormat = (name: string, why = 'has an invalid format') =>
  new ApiError(ErrorCode.INVALID_FORMAT, `Parameter ${name} ${why}`);
export const notFound = (what: string) => new ApiError(ErrorCode.NOTFOUND, `${what} not found`);
