import { z } from './zod';

/** Every error the API answers has this shape. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const ERROR_CODES = {
  invalidInput: 'invalid_input',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalidCredentials: 'invalid_credentials',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  conflict: 'conflict',
  unavailable: 'unavailable',
  internal: 'internal',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

// Without zod, so a form can name the fields of a schema's issues without loading it (the public pages).
export { fieldErrors } from './field-errors';
