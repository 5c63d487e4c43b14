/** The API's own description: the OpenAPI 3.1 document and the readable reference built from it. */
import { endpoint } from './common/endpoint';
import { z } from './common/zod';

export const API_REFERENCE_TITLE = 'Client Care API';

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const API_REFERENCE = {
  document: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    audience: 'public',
    tag: 'Reference',
    summary: 'The OpenAPI 3.1 document of every endpoint',
    response: openApiDocumentSchema,
  }),
  page: endpoint({
    method: 'GET',
    path: '/api/docs',
    audience: 'public',
    tag: 'Reference',
    summary: 'The readable API reference',
    produces: 'text/html',
  }),
  style: endpoint({
    method: 'GET',
    path: '/api/docs/reference.css',
    audience: 'public',
    tag: 'Reference',
    summary: "The reference page's stylesheet",
    produces: 'text/css',
  }),
} as const;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) });

export const HEALTH = endpoint({
  method: 'GET',
  path: '/api/health',
  audience: 'public',
  tag: 'Reference',
  summary: 'Answers when the server and its database answer',
  response: healthSchema,
});
