/**
 * Routes registered from their endpoint definitions (src/contracts, docs/adr/0105-typed-endpoints.md).
 * The definition's schemas validate the path parameters, query and body before the handler runs
 * (a 400 naming every bad field, `invalidInputError`) and check the answer as it is
 * serialised; the definition's audience must be the audience of the plugin scope the route is
 * registered in (its guard runs once per scope), and its roles add a role check.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { z } from '@contracts/common/zod';
import { endpointKey, type Audience, type EndpointAnswer, type EndpointDefinition, type EndpointRequestParts } from '@contracts/common/endpoint';
import { IDEMPOTENCY_KEY_HEADER } from '@contracts/common/idempotency';
import { answerWriter } from './answer-writer';
import { invalidInputError } from './errors';
import { requireRole } from './plugins';
import { refuseMultipart, uploadHooks } from '@server/platform/uploads/receive';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audience whose guard the scope applies (set by staffRoutes, clientRoutes, publicRoutes). */
    audience?: Audience;
  }
  interface FastifyContextConfig {
    /** The definition a route was registered from. */
    endpoint?: EndpointDefinition;
  }
}

/** How a 400 names the part of the request that was wrong. */
const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/**
 * Validates each part of a request with its zod schema. A missing body is validated as `{}`, so
 * each required field is named; a failure is the 400 of `invalidInputError`.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const result = schema.safeParse(part === 'body' ? (data ?? {}) : data);
    if (result.success) return { value: result.data };
    return { error: invalidInputError(result.error.issues, PART_NAMES[part] ?? part) };
  };

/** Thrown when an answer does not match its endpoint's response schema (a defect: answered 500 and logged). */
export class AnswerMismatchError extends Error {
  constructor(
    readonly route: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`The answer of ${route} does not match its schema: ${issues.map((i) => `${i.path.join('.') || '(answer)'} ${i.message}`).join('; ')}`);
  }
}

/**
 * Serialises an answer through its response schema: what is not in the schema is left out, and
 * an answer that does not match it is refused (never sent half-right). A plain shape is written
 * by its precompiled writer (./answer-writer); anything it cannot write goes through zod.
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  const writer = answerWriter(schema);
  return (data) => {
    const written = writer?.(data);
    if (written !== undefined) return written;
    const result = schema.safeEncode(data);
    if (!result.success) throw new AnswerMismatchError(`${method} ${url}`, result.error.issues);
    return JSON.stringify(result.data);
  };
};

/**
 * The header a create takes to be answered once (docs/adr/0103): documented here, checked by
 * `createOnce`, which names what is wrong with a bad key.
 */
const IDEMPOTENT_HEADERS = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .meta({ description: 'Any 1 to 255 printable ASCII characters, new for each create: a retry with the same key and body answers the first answer again.' }),
});

/** How a file answer appears in the schema (and the OpenAPI document). */
const FILE_SCHEMA = z.string().meta({ format: 'binary' });

export type EndpointHandler<E extends EndpointDefinition> = (
  parts: EndpointRequestParts<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E> | FastifyReply>;

/** Who may call an endpoint, in the reference's words. */
const WHO: Record<Audience, string> = {
  public: 'Anyone (no sign-in)',
  staff: 'A signed-in staff user',
  client: "A signed-in client user (their company's records only)",
};

/** The fastify schema of a definition (validation, serialisation and the OpenAPI document). */
function schemaOf(e: EndpointDefinition): FastifySchema {
  const status = e.status ?? 200;
  const response: Record<number, unknown> = {};
  if (e.response) response[status] = e.response;
  else if (e.produces) response[status] = { description: e.summary, content: { [e.produces]: { schema: FILE_SCHEMA } } };
  return {
    summary: e.summary,
    description: WHO[e.audience] + (e.roles ? ` with the role ${e.roles.join(' or ')}` : ''),
    tags: [e.tag],
    ...(e.audience === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(e.idempotent ? { headers: IDEMPOTENT_HEADERS } : {}),
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    ...(Object.keys(response).length ? { response } : {}),
  } as FastifySchema;
}

/**
 * What a route may add to its definition on the server: a smaller body limit than the app's, and
 * work before anything of the request is read (an attempt limit that counts every call).
 */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'onRequest'>;

/**
 * Registers the route of an endpoint. The handler gets the parsed parameters, query and body and
 * answers the response (or sends a file itself and answers the reply).
 */
export function route<E extends EndpointDefinition>(app: FastifyInstance, e: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  if (app.audience !== e.audience) {
    throw new Error(`${endpointKey(e)} is a ${e.audience} endpoint registered among ${app.audience ?? 'unguarded'} routes`);
  }
  const status = e.status ?? 200;
  app.route({
    ...extras,
    method: e.method,
    url: e.path,
    schema: schemaOf(e),
    config: { endpoint: e },
    // After the audience guard: the role check, then (an upload endpoint) the files are received.
    preValidation: [...(e.roles ? [requireRole(e.roles).preHandler] : []), e.upload ? uploadHooks.preValidation : refuseMultipart],
    ...(e.upload ? { onResponse: uploadHooks.onResponse, onRequestAbort: uploadHooks.onRequestAbort } : {}),
    handler: async (request, reply) => {
      const parts = { params: request.params, query: request.query, body: request.body } as EndpointRequestParts<E>;
      const answer = await handler(parts, request, reply);
      if (answer === reply) return reply;
      if (status !== 200 && reply.statusCode === 200) reply.status(status);
      return answer;
    },
  });
}
