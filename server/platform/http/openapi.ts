/**
 * The API describes itself: an OpenAPI 3.1 document generated from the endpoint definitions
 * (@fastify/swagger collects the routes as they are registered; fastify-type-provider-zod turns
 * their zod schemas into JSON Schema), served at /api/openapi.json, and a readable reference page
 * at /api/docs rendered on the server from the same document (plain HTML and one stylesheet: no
 * script, so the page keeps the portal's content security policy).
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_REFERENCE, API_REFERENCE_TITLE } from '@contracts/api-reference';
import { APP_TITLE } from '@contracts/common/constants';
import type { AppContext } from '@server/context';
import { route } from './endpoints';
import { publicRoutes } from './plugins';
import { REFERENCE_CSS, referencePage, type OpenApiDocument } from './reference-page';

/** Registers the document's collector; call before any route is registered. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_REFERENCE_TITLE,
        version: '2',
        description: `The HTTP API behind ${APP_TITLE}: the staff portal, the client portal and the satisfaction surveys.`,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by sign-in (staff or client), sent as `Authorization: Bearer <token>`.' },
        },
      },
    },
    hideUntagged: true,
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } }),
  });
}

/** The document and the reference page (public: they describe the API, never its data). */
export async function openApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const documentOf = () => (document ??= app.swagger() as unknown as OpenApiDocument);
  await publicRoutes(app, ctx, (scope) => {
    route(scope, API_REFERENCE.document, async () => documentOf());
    route(scope, API_REFERENCE.page, async (_parts, _request, reply) =>
      reply.type('text/html; charset=utf-8').send((page ??= referencePage(documentOf(), API_REFERENCE.style.path))),
    );
    route(scope, API_REFERENCE.style, async (_parts, _request, reply) => reply.type('text/css; charset=utf-8').send(REFERENCE_CSS));
  });
}
