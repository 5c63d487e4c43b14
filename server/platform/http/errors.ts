import { ERROR_CODES, fieldErrors, type ErrorCode } from '@contracts/common/errors';

/** An error the API answers as `{ error: { code, message, fields? } }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody() {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (what = 'Not found') => new ApiError(404, ERROR_CODES.notFound, what);
/**
 * A 409: the change was made already ("This quote was already sent") or the record changed since
 * the caller read it; `fields` names what is stale when one field says so.
 */
export const conflict = (message: string, fields?: Record<string, string>) => new ApiError(409, ERROR_CODES.conflict, message, fields);
export const forbidden = (what = 'You may not do this') => new ApiError(403, ERROR_CODES.forbidden, what);
export const unauthenticated = (what = 'Sign in first') => new ApiError(401, ERROR_CODES.unauthenticated, what);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, ERROR_CODES.rateLimited, `Too many attempts; try again in ${retryAfterSeconds} seconds`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });

/** The 400 naming every bad field of a part of the request ("body", "query", "path"), from zod's issues. */
export function invalidInputError(issues: readonly { path: readonly PropertyKey[]; message: string }[], what = 'body'): ApiError {
  const fields = fieldErrors(issues);
  const names = Object.keys(fields);
  const message =
    names.length === 1 && names[0] === 'body'
      ? `Invalid ${what}: ${fields.body}`
      : `Invalid ${what}: ${names.map((n) => `${n} (${fields[n]})`).join(', ')}`;
  return new ApiError(400, ERROR_CODES.invalidInput, message, fields);
}

/** A 400 naming one field of the body, as `invalidInputError` names them. */
export const invalidField = (field: string, message: string) =>
  new ApiError(400, ERROR_CODES.invalidInput, `Invalid body: ${field} (${message})`, { [field]: message });
